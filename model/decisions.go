package model

import (
	"regexp"
	"strings"
)

// Decision is one architecture decision with the options it weighed.
type Decision struct {
	Title   string
	Chosen  Option
	Options []Option // the chosen option first
	Context string
	Why     string
	Source  Source // set by Build
}

var decisionRe = regexp.MustCompile(`(?i)^decision:\s*(.+?)\s*--\s*chosen:\s*(.+?)\s*(?:;\s*alternatives?:\s*(.+))?$`)

// ParseDecisions reads "Decision: <title> -- chosen: <option> (pros but
// cons); alternatives: <a> (pros but cons), <b>" lines.
func ParseDecisions(answer string) []Decision {
	var out []Decision
	for _, l := range answerLines(answer) {
		m := decisionRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		d := Decision{Title: m[1], Chosen: inlineOption(m[2])}
		d.Options = append(d.Options, d.Chosen)
		for _, a := range splitTop(m[3], ',') {
			if a = strings.TrimSpace(a); a != "" {
				d.Options = append(d.Options, inlineOption(a))
			}
		}
		out = append(out, d)
	}
	return out
}

// inlineOption reads "name (pros but cons)".
func inlineOption(s string) Option {
	s = strings.TrimSpace(s)
	o := Option{Label: s}
	if i := strings.Index(s, "("); i > 0 && strings.HasSuffix(s, ")") {
		o.Label = strings.TrimSpace(s[:i])
		why := strings.TrimSpace(s[i+1 : len(s)-1])
		if p, c, ok := strings.Cut(why, " but "); ok {
			o.Pros, o.Cons = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(p), ",")), strings.TrimSpace(c)
		} else {
			o.Pros = why
		}
	}
	return o
}

// splitTop splits s at sep outside parentheses.
func splitTop(s string, sep rune) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case sep:
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}
