package quiet

import (
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

var fenceRe = lazyre.New("^ {0,3}(```+|~~~+)(.*)$")

// Fenced reports, for each line, whether it belongs to fenced code: a
// fence that opens or closes a block, or a line inside one. open is the
// fence still open after the last line, "" when none is. Text meant to
// be shown as written (code) must be left alone by whatever rewrites the
// prose around it, and both the quieting here and the cleaning of model
// drafts need the same reading of where code starts and stops.
func Fenced(lines []string) (code []bool, open string) {
	code = make([]bool, len(lines))
	for i, l := range lines {
		if m := fenceRe.FindStringSubmatch(l); m != nil {
			switch {
			case open == "" && !(m[1][0] == '`' && strings.Contains(m[2], "`")):
				// A backtick fence's info string cannot hold a backtick:
				// such a line is prose with a code span in it.
				open, code[i] = m[1], true
				continue
			case open != "" && m[1][0] == open[0] && len(m[1]) >= len(open) && strings.TrimSpace(m[2]) == "":
				open, code[i] = "", true
				continue
			}
		}
		code[i] = open != ""
	}
	return code, open
}
