package artifacts

import (
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/steps"
)

// Outline lists a document's headings as HeadingKey values, in order:
// real headings only, not those inside fenced code or rtgit's blocks.
func Outline(doc []byte) []string {
	lines := splitLines(doc)
	var out []string
	for _, i := range headingLines(lines) {
		out = append(out, steps.HeadingKey(headingRe.FindStringSubmatch(lines[i])[2]))
	}
	return out
}

// CheckOutline compares an artifact's outline with its template's: every
// heading of the template must be in the artifact as many times as in the
// template (once, nearly always). A heading lost or written twice means
// the structure broke, and answers may sit in the wrong section. Headings
// the template fills from placeholders are not compared.
func CheckOutline(template, doc []byte) []string {
	want := map[string]int{}
	var order []string
	lines := splitLines(template)
	for _, i := range headingLines(lines) {
		text := headingRe.FindStringSubmatch(lines[i])[2]
		if strings.Contains(text, "{{") {
			continue
		}
		k := steps.HeadingKey(text)
		if want[k] == 0 {
			order = append(order, k)
		}
		want[k]++
	}
	have := map[string]int{}
	for _, k := range Outline(doc) {
		have[k]++
	}
	var problems []string
	for _, k := range order {
		switch n := have[k]; {
		case n == 0:
			problems = append(problems, fmt.Sprintf("the section %q is missing", k))
		case n != want[k]:
			problems = append(problems, fmt.Sprintf("the section %q appears %d times; the template has it %d time(s)", k, n, want[k]))
		}
	}
	return problems
}
