package answers

import (
	"bytes"
	"sort"
	"unicode/utf8"
)

var bom = []byte("\xEF\xBB\xBF")

// source is a file normalised for parsing: no BOM and "\n" line endings,
// with line starts kept for both forms so a line number means the same
// line in each.
type source struct {
	data       []byte // as given
	norm       []byte
	normStarts []int
	origStarts []int
	eol        string // the file's first line ending, which edits reuse
}

func newSource(data []byte) *source {
	s := &source{data: data, norm: make([]byte, 0, len(data)), normStarts: []int{0}}
	i := 0
	if bytes.HasPrefix(data, bom) {
		i = len(bom)
	}
	s.origStarts = []int{i}
	for ; i < len(data); i++ {
		c := data[i]
		if c != '\r' && c != '\n' {
			s.norm = append(s.norm, c)
			continue
		}
		end := i + 1
		if c == '\r' && end < len(data) && data[end] == '\n' {
			end++
		}
		if s.eol == "" {
			s.eol = string(data[i:end])
		}
		s.norm = append(s.norm, '\n')
		s.normStarts = append(s.normStarts, len(s.norm))
		s.origStarts = append(s.origStarts, end)
		i = end - 1
	}
	if s.eol == "" {
		s.eol = "\n"
	}
	return s
}

// lineOf returns the 0-based line holding normalised offset off.
func (s *source) lineOf(off int) int {
	return sort.Search(len(s.normStarts), func(i int) bool { return s.normStarts[i] > off }) - 1
}

// line returns line l of the normalised text, without its newline.
func (s *source) line(l int) string {
	end := len(s.norm)
	if l+1 < len(s.normStarts) {
		end = s.normStarts[l+1] - 1
	}
	return string(s.norm[s.normStarts[l]:end])
}

// firstTextLine is the 0-based line of the first line between the
// marker lines of r that is not blank, or -1 when all are.
func (s *source) firstTextLine(r region) int {
	for l := r.open + 1; l < r.close; l++ {
		if !isBlank(s.line(l)) {
			return l
		}
	}
	return -1
}

// body is the text between the marker lines of r, trimmed of blank lines.
func (s *source) body(r region) string {
	return trimBlankLines(string(s.norm[s.normStarts[r.open+1]:s.normStarts[r.close]]))
}

func invalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return 0
}
