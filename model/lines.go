package model

import (
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

var bullet = lazyre.New(`^\s*(?:[-*+]|\d+[.)])\s+`)

// answerLines returns the non-empty lines of an answer without list
// markers. Fenced code is not special here; callers that care use blocks.
func answerLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(bullet.ReplaceAllString(l, "")); l != "" {
			out = append(out, l)
		}
	}
	return out
}

func uniq(in []string) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
