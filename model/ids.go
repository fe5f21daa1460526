package model

import (
	"slices"
	"strings"
)

// IDs are the requirement, criterion, story, NFR and constraint ids text
// names (FR-001, AC-001-01, US-001, NFR-001, CON-001, each a whole word),
// each once, in the order it first names them; nil when it names none. It
// reads ids named in passing, in free text (a mitigation, a fix, a
// module's design), that no structured answer lists.
//
// It is what the regular expression
// \b(?:FR-\d{3}|AC-\d{3}-\d{2}|US-\d{3}|NFR-\d{3}|CON-\d{3})\b finds
// (ids_test.go checks that it is), written out by hand: the plan asks it
// of every answer, and an alternation of prefixes is the slow case of
// Go's regular expressions.
func IDs(text string) []string {
	var out []string
	for i := 0; ; {
		j := strings.IndexByte(text[i:], '-')
		if j < 0 {
			return out
		}
		j += i
		i = j + 1
		start, end := idAt(text, j)
		if start < 0 {
			continue
		}
		if id := text[start:end]; !slices.Contains(out, id) {
			out = append(out, id)
		}
		i = end
	}
}

// idAt is the id whose first hyphen is text[dash], as text[start:end];
// start is -1 when there is none.
func idAt(text string, dash int) (start, end int) {
	start = -1
	for _, p := range []string{"NFR", "CON", "FR", "US", "AC"} {
		if s := dash - len(p); s >= 0 && text[s:dash] == p && (s == 0 || !isWordByte(text[s-1])) {
			start = s
			break
		}
	}
	if start < 0 || !digits(text, dash+1, 3) {
		return -1, 0
	}
	end = dash + 4
	if text[start:dash] == "AC" {
		if end >= len(text) || text[end] != '-' || !digits(text, end+1, 2) {
			return -1, 0
		}
		end += 3
	}
	if end < len(text) && isWordByte(text[end]) {
		return -1, 0
	}
	return start, end
}

// digits reports whether text holds n ASCII digits from i.
func digits(text string, i, n int) bool {
	if i+n > len(text) {
		return false
	}
	for _, c := range []byte(text[i : i+n]) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// isWordByte is \b's word character: an ASCII letter, digit or '_'.
func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// IsID reports whether s is, as a whole, one of the ids IDs finds
// (FR-001, AC-001-01, US-001, NFR-001, CON-001): the grammar of an
// analysis's ids, for a caller that checks one it was handed.
func IsID(s string) bool {
	dash := strings.IndexByte(s, '-')
	if dash < 0 {
		return false
	}
	start, end := idAt(s, dash)
	return start == 0 && end == len(s)
}
