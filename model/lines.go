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
		if l = lineText(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// Line is one of answerLines with its place: N counts the answer's lines
// from 0, blank ones too, so a check that reads an answer can name the
// file line to fix.
type Line struct {
	N    int
	Text string // without its list marker and surrounding space
}

// Lines are an answer's non-empty lines, as its parsers read them, each
// with its place.
func Lines(s string) []Line {
	var out []Line
	for i, l := range strings.Split(s, "\n") {
		if l = lineText(l); l != "" {
			out = append(out, Line{N: i, Text: l})
		}
	}
	return out
}

// lineText is a line as the parsers read it: no list marker, no space
// around it.
func lineText(l string) string { return strings.TrimSpace(bullet.ReplaceAllString(l, "")) }

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
