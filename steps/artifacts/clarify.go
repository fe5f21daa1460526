package artifacts

import (
	"bytes"
	"regexp"
)

// Marker is one NEEDS CLARIFICATION marker and the line it is on.
type Marker struct {
	Line int
	Text string
}

var (
	fenceRe    = regexp.MustCompile("^\\s{0,3}(```+|~~~+)")
	codeSpanRe = regexp.MustCompile("(`+)[^`]*?(?:`+)")
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
			line = codeSpanRe.ReplaceAll(line, nil)
		}
		for _, mk := range ClarificationRe.FindAll(line, -1) {
			out = append(out, Marker{Line: i + 1, Text: string(mk)})
		}
	}
	return out
}
