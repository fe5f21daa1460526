package model

import (
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

var listItemRe = lazyre.New(`^\s*(?:[-*+]|\d+[.)])\s+(.*)$`)

// ListItems reads an answer's list items, each whole: a bullet or numbered
// item with the lines that continue it, joined with single spaces. One item
// is one thing the person said, however many sentences it has, so a plan
// that takes a task from each item never cuts one in two. An answer with
// no list has no items.
func ListItems(answer string) []string {
	var out []string
	open := false
	for _, l := range strings.Split(strings.ReplaceAll(answer, "\r\n", "\n"), "\n") {
		if m := listItemRe.FindStringSubmatch(l); m != nil {
			out = append(out, strings.TrimSpace(m[1]))
			open = true
			continue
		}
		t := strings.TrimSpace(l)
		switch {
		case t == "":
			open = false
		case open && (l != t): // an indented line continues the item
			out[len(out)-1] += " " + t
		default:
			open = false
		}
	}
	for i, s := range out {
		out[i] = strings.Join(strings.Fields(s), " ")
	}
	return out
}
