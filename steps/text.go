package steps

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Count writes a count with its noun: "1 file", "3 files", never
// "file(s)".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// JoinAnd joins items as English prose: "a", "a and b", "a, b, and c".
// Greetings, recoveries and summaries all list things this way, so the
// personas sound the same wherever they enumerate.
func JoinAnd(items []string) string { return join(items, "and") }

// JoinOr is JoinAnd with "or": "a, b, or c".
func JoinOr(items []string) string { return join(items, "or") }

func join(items []string, conj string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	case 2:
		return items[0] + " " + conj + " " + items[1]
	}
	return strings.Join(items[:len(items)-1], ", ") + ", " + conj + " " + items[len(items)-1]
}

// Capitalise upper-cases the first letter of s, whatever its script:
// "brief" becomes "Brief", "über" becomes "Über". A sentence may start
// with a person's words, so the first byte is not always a letter.
func Capitalise(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
