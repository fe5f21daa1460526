package model

import (
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
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

var decisionRe = lazyre.New(`(?i)^decision:\s*(.+?)\s*--\s*chosen:\s*(.+?)\s*(?:;\s*alternatives?:\s*(.+))?$`)

// ParseDecisions reads "Decision: <title> -- chosen: <option> (pros but
// cons); alternatives: <a> (pros but cons), <b>" lines.
func ParseDecisions(answer string) []Decision {
	var out []Decision
	for _, d := range readDecisions(answer) {
		out = append(out, d.Decision)
	}
	return out
}

// readDecisions is ParseDecisions, each decision with its line.
func readDecisions(answer string) []DecisionAt {
	var out []DecisionAt
	for _, l := range Lines(answer) {
		m := decisionRe.FindStringSubmatch(l.Text)
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
		out = append(out, DecisionAt{Decision: d, At: l})
	}
	return out
}

// inlineOption reads "name (pros but cons)". The line's closing full
// stop is punctuation, not part of the option; a parenthesis inside a
// code span ("a `(connect, read)` tuple") belongs to the name.
func inlineOption(s string) Option {
	s = strings.TrimSpace(s)
	o := Option{Label: s}
	t := strings.TrimRight(s, ".")
	if !strings.HasSuffix(t, ")") {
		return o
	}
	masked := maskCode(t)
	open, depth := -1, 0
	for i := len(masked) - 1; i >= 0; i-- {
		switch masked[i] {
		case ')':
			depth++
		case '(':
			depth--
			if depth == 0 {
				open = i
			}
		}
		if open >= 0 {
			break
		}
	}
	if open <= 0 {
		return o
	}
	o.Label = strings.TrimSpace(t[:open])
	why := strings.TrimSpace(t[open+1 : len(t)-1])
	if i := strings.Index(maskCode(why), " but "); i >= 0 {
		o.Pros, o.Cons = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(why[:i]), ",")), strings.TrimSpace(why[i+len(" but "):])
	} else {
		o.Pros = why
	}
	return o
}

// maskCode blanks the inside of each code span, keeping byte offsets, so
// that punctuation a person put in code is never read as structure.
func maskCode(s string) string {
	b := []byte(s)
	in := false
	for i, c := range b {
		if c == '`' {
			in = !in
		} else if in {
			b[i] = 'x'
		}
	}
	return string(b)
}

// splitTop splits s at sep outside parentheses and code spans.
func splitTop(s string, sep rune) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range maskCode(s) {
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
