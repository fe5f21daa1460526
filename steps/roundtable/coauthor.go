package roundtable

import (
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// trailerRe is one git trailer line, "Key: value".
var trailerRe = lazyre.New(`^[A-Za-z0-9-]+: \S`)

// withTrailers ends a commit message with the trailers of the comment
// being applied: Rtgit-Comment naming it, so the history shows which
// comment each commit answers, and Co-authored-by for m.CoAuthor, so the
// commit credits the person whose words it records while the committer
// stays rtgit's account.
func (m *Machine) withTrailers(msg string) string {
	if m.comment != "" {
		msg = withTrailer(msg, "Rtgit-Comment: "+m.comment)
	}
	return m.withCoAuthor(msg)
}

// withCoAuthor ends msg with a Co-authored-by trailer for m.CoAuthor. A
// value that could break out of its line is left out rather than trusted.
func (m *Machine) withCoAuthor(msg string) string {
	who := m.CoAuthor
	if who == "" || strings.ContainsAny(who, "\r\n") {
		return msg
	}
	return withTrailer(msg, "Co-authored-by: "+who)
}

// withTrailer appends one trailer line to msg. It joins the message's
// trailer block when it has one, since git reads trailers only from the
// last paragraph.
func withTrailer(msg, line string) string {
	msg = strings.TrimRight(msg, "\n")
	paras := strings.Split(msg, "\n\n")
	last := paras[len(paras)-1]
	sep := "\n\n"
	if len(paras) > 1 {
		sep = "\n"
		for _, l := range strings.Split(last, "\n") {
			if !trailerRe.MatchString(l) {
				sep = "\n\n"
				break
			}
		}
	}
	return msg + sep + line
}

// SetCoAuthor sets CoAuthor; "" stops crediting anyone.
func (m *Machine) SetCoAuthor(who string) { m.CoAuthor = who }
