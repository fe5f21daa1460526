package signoff

import (
	"strings"
)

// NamedAreas reads the areas a review names explicitly: its first
// non-blank line, when that line is nothing but areas ("design",
// "Requirements and design.", "approve: requirements, tasks",
// "/rtgit approve design"). Anything else, a sentence that merely
// mentions an area ("I have not looked at the design", "design looks
// fine once Q-002 is settled"), names none, and the review is a plain
// approval: a word in prose, negated or conditional, never adds an area.
func NamedAreas(text string) []string {
	line := ""
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			line = l
			break
		}
	}
	words := strings.FieldsFunc(strings.ToLower(line), func(r rune) bool {
		return r == ' ' || r == '\t' || r == ',' || r == ';' || r == '&' || r == '+' || r == '/'
	})
	// A verb first ("approve", "/rtgit approve", "approved:") only says
	// what the line is.
	if len(words) > 0 && words[0] == "rtgit" {
		words = words[1:]
	}
	if len(words) > 0 {
		switch strings.TrimRight(words[0], ":") {
		case "approve", "approved", "approving", "lgtm":
			words = words[1:]
		}
	}
	var named []string
	for _, w := range words {
		w = strings.TrimRight(w, ".!:")
		switch {
		case w == "and" || w == "":
			continue
		case Valid(w):
			named = append(named, w)
		default:
			return nil
		}
	}
	out, _ := ParseAreas(named)
	return out
}
