package steps

import "strings"

// JoinAnd joins items as English prose: "a", "a and b", "a, b, and c".
// Greetings, recoveries and summaries all list things this way, so the
// personas sound the same wherever they enumerate.
func JoinAnd(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	case 2:
		return items[0] + " and " + items[1]
	}
	return strings.Join(items[:len(items)-1], ", ") + ", and " + items[len(items)-1]
}
