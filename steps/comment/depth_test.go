package comment

import (
	"testing"

	"github.com/rtgit/rtgit/steps"
)

func TestDetectOverride(t *testing.T) {
	cases := []struct {
		text string
		want steps.Depth
		ok   bool
	}{
		{"deep", steps.Deep, true},
		{"Let's dig in", steps.Deep, true},
		{"more detail please", steps.Deep, true},
		{"I want a THOROUGH look", steps.Deep, true},
		{"go deeper", steps.Deep, true},
		{"full analysis", steps.Deep, true},
		{"brief", steps.Brief, true},
		{"skip ahead", steps.Brief, true},
		{"Keep it short.", steps.Brief, true},
		{"quick one please", steps.Brief, true},
		{"just the highlights", steps.Brief, true},
		{"summarize", steps.Brief, true},
		// Words inside other words are not phrases.
		{"breakfast", "", false},
		{"quickly", "", false},
		// Long feedback that mentions a phrase is feedback, not a command.
		{"Exports must be fast because finance downloads thousands of invoices at month end", "", false},
		{"deep or brief?", "", false},
		{"Continue", "", false},
		{"", "", false},
	}
	for _, c := range cases {
		d, ok := DetectOverride(c.text)
		if d != c.want || ok != c.ok {
			t.Errorf("DetectOverride(%q) = %q, %v; want %q, %v", c.text, d, ok, c.want, c.ok)
		}
	}
}
