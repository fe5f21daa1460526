package artifacts

import (
	"bytes"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// Marker is one NEEDS CLARIFICATION marker and the line it is on.
type Marker struct {
	Line int
	Text string
}

var (
	fenceRe    = lazyre.New("^\\s{0,3}(```+|~~~+)")
	codeSpanRe = lazyre.New("(`+)[^`]*?(?:`+)")
)

// Clarifications finds the NEEDS CLARIFICATION markers in a document. In
// markdown, a marker inside a code span or a fenced code block is quoted,
// not open -- a spec that explains the marker is not waiting on an answer
// -- so only markers in running text count.
func Clarifications(data []byte, markdown bool) []Marker {
	var out []Marker
	fence := ""
	for i, line := range bytes.Split(data, []byte("\n")) {
		if markdown {
			if m := fenceRe.FindSubmatch(line); m != nil {
				switch {
				case fence == "":
					fence = string(m[1][:1])
					continue
				case string(m[1][:1]) == fence:
					fence = ""
					continue
				}
			}
			if fence != "" {
				continue
			}
		}
		// Markers are looked for with the code spans blanked out, byte for
		// byte, and reported as the line has them: a file name in backticks
		// inside a marker stays in its text.
		masked := line
		if markdown {
			masked = codeSpanRe.ReplaceAllFunc(line, func(span []byte) []byte { return bytes.Repeat([]byte{'_'}, len(span)) })
		}
		for _, at := range ClarificationRe.FindAllIndex(masked, -1) {
			out = append(out, Marker{Line: i + 1, Text: string(line[at[0]:at[1]])})
		}
	}
	return out
}
