package model

import (
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// Module is one "Module: <name>" block of 04-01, split into the sections
// of its design file. Fenced code is kept byte for byte.
type Module struct {
	Name     string
	Sections map[string][]string // section -> lines
	Source   Source              // set by Build
}

// ModuleSections are the sections of a module design, in file order.
var ModuleSections = []string{"Responsibilities", "Boundaries", "Interfaces and Data Structures", "Error Handling"}

var (
	moduleRe = lazyre.New(`(?i)^\s*(?:[-*]\s*)?module:\s*(.+?)\s*$`)
	labelRe  = lazyre.New(`(?i)^\s*(?:[-*]\s*)?(?:\*\*)?(?:what\s+)?(responsible for|responsibilities|purpose|changes|not responsible for|boundaries|touches|stays exactly the same|stays the same|unchanged|invalid input|dependency failure|errors|error handling|failure|invariants)\s*:\s*(?:\*\*)?\s*(.*)$`)
)

var labelSection = map[string]string{
	"responsible for": "Responsibilities", "responsibilities": "Responsibilities", "purpose": "Responsibilities", "changes": "Responsibilities",
	"not responsible for": "Boundaries", "boundaries": "Boundaries", "touches": "Boundaries",
	"stays exactly the same": "Boundaries", "stays the same": "Boundaries", "unchanged": "Boundaries",
	"invalid input": "Error Handling", "dependency failure": "Error Handling", "errors": "Error Handling",
	"error handling": "Error Handling", "failure": "Error Handling",
	"invariants": "Interfaces and Data Structures",
}

// ParseModules splits an answer at "Module:" lines outside fenced code.
// Text is filed under a section by its leading label ("Responsible for:",
// "Not responsible for:", "Invalid input:", …); fenced code goes under
// Interfaces and Data Structures, and unlabelled text stays with the
// section before it.
func ParseModules(answer string) []Module {
	var mods []Module
	cur := ""
	fence := ""
	for _, l := range strings.Split(strings.TrimRight(answer, "\n"), "\n") {
		t := strings.TrimSpace(l)
		if fence != "" {
			add(mods, "Interfaces and Data Structures", l)
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
				fence = ""
			}
			continue
		}
		if m := moduleRe.FindStringSubmatch(l); m != nil {
			mods = append(mods, Module{Name: m[1], Sections: map[string][]string{}})
			cur = "Responsibilities"
			continue
		}
		if len(mods) == 0 {
			continue
		}
		if f := fenceOpen(t); f != "" {
			fence, cur = f, "Interfaces and Data Structures"
			add(mods, cur, l)
			continue
		}
		if m := labelRe.FindStringSubmatch(l); m != nil {
			cur = labelSection[strings.ToLower(m[1])]
			l = "**" + strings.TrimSpace(m[1]) + ":** " + m[2]
		}
		add(mods, cur, l)
	}
	return mods
}

// ModuleNotes is the text of an answer that stands before its first
// "Module:" block, or the whole answer when it has none ("None. No new
// type crosses a boundary."): no design file holds it, so the index keeps
// it rather than losing it.
func ModuleNotes(answer string) string {
	fence := ""
	lines := strings.Split(strings.TrimRight(answer, "\n"), "\n")
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if fence != "" {
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
				fence = ""
			}
			continue
		}
		if f := fenceOpen(t); f != "" {
			fence = f
			continue
		}
		if moduleRe.MatchString(l) {
			return strings.TrimSpace(strings.Join(lines[:i], "\n"))
		}
	}
	return strings.TrimSpace(answer)
}

func add(mods []Module, sec, line string) {
	m := &mods[len(mods)-1]
	m.Sections[sec] = append(m.Sections[sec], line)
}

// fenceOpen returns the fence marker a line opens ("```" or "~~~"), or "".
func fenceOpen(t string) string {
	for _, f := range []string{"```", "~~~"} {
		if strings.HasPrefix(t, f) {
			n := len(t) - len(strings.TrimLeft(t, f[:1]))
			return strings.Repeat(f[:1], n)
		}
	}
	return ""
}
