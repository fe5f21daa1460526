package model

import (
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// codeAsideRe splits an error code written with a gloss, "405 (unknown
// method)", into the code and the words in its parentheses.
var codeAsideRe = lazyre.New(`^(\S+)\s*\(([^()]*)\)\s*$`)

// ParseErrorRows reads 04-04's "CODE | meaning | what the caller sees |
// retry" lines. A line with fewer than three cells is prose a person wrote
// around the table (an introduction, a closing remark): it is returned as
// a note, in order, rather than read as a row.
func ParseErrorRows(answer string) (rows []ErrorRow, notes []string) {
	for _, l := range strings.Split(answer, "\n") {
		t := strings.TrimSpace(l)
		if s, ok := strings.CutPrefix(t, "- "); ok {
			t = strings.TrimSpace(s)
		} else if s, ok := strings.CutPrefix(t, "* "); ok {
			t = strings.TrimSpace(s)
		}
		if t == "" {
			continue
		}
		cells := strings.Split(t, "|")
		if len(cells) < 3 {
			notes = append(notes, strings.TrimSpace(l))
			continue
		}
		row := ErrorRow{Code: strings.TrimSpace(cells[0]), Meaning: strings.TrimSpace(cells[1]), Caller: strings.TrimSpace(cells[2])}
		if m := codeAsideRe.FindStringSubmatch(row.Code); m != nil {
			row.Code, row.Aside = m[1], strings.TrimSpace(m[2])
		}
		if len(cells) > 3 {
			row.Retry = strings.TrimSpace(strings.Join(cells[3:], "|"))
		}
		rows = append(rows, row)
	}
	return rows, notes
}
