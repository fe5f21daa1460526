package roundtable

import (
	"regexp"
	"strings"
)

// trailerRe is one git trailer line, "Key: value".
var trailerRe = regexp.MustCompile(`^[A-Za-z0-9-]+: \S`)

// withCoAuthor ends a commit message with a Co-authored-by trailer for
// m.CoAuthor, so the commit credits the person whose words it records
// while the committer stays rtgit's account. The trailer joins the
// message's trailer block when it has one, since git reads trailers only
// from the last paragraph. A value that could break out of its line is
// left out rather than trusted.
func (m *Machine) withCoAuthor(msg string) string {
	who := m.CoAuthor
	if who == "" || strings.ContainsAny(who, "\r\n") {
		return msg
	}
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
	return msg + sep + "Co-authored-by: " + who
}

// SetCoAuthor sets CoAuthor; "" stops crediting anyone.
func (m *Machine) SetCoAuthor(who string) { m.CoAuthor = who }
