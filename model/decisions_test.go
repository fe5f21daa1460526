package model

import (
	"strings"
	"testing"
)

func TestParseDecisionsReadsOptionsFromStructure(t *testing.T) {
	ds := ParseDecisions("Decision: Timeout shape -- chosen: a `(connect, read)` tuple (matches requests, but two numbers to explain); alternatives: one float (simple, but no connect limit), a `Timeout(total)` object (explicit, but new type).")
	if len(ds) != 1 {
		t.Fatalf("decisions = %d, want 1", len(ds))
	}
	want := []Option{
		{Label: "a `(connect, read)` tuple", Pros: "matches requests", Cons: "two numbers to explain"},
		{Label: "one float", Pros: "simple", Cons: "no connect limit"},
		{Label: "a `Timeout(total)` object", Pros: "explicit", Cons: "new type"},
	}
	if len(ds[0].Options) != len(want) {
		t.Fatalf("options = %+v, want %+v", ds[0].Options, want)
	}
	for i, w := range want {
		if g := ds[0].Options[i]; g.Label != w.Label || g.Pros != w.Pros || g.Cons != w.Cons {
			t.Errorf("option %d = %+v, want %+v", i, g, w)
		}
	}
}

// FuzzParseDecisions: whatever the line, every option's name, pros and
// cons are the person's own words, found as written in the answer.
func FuzzParseDecisions(f *testing.F) {
	f.Add("Decision: Timeout -- chosen: a `(connect, read)` tuple (clear, but two numbers); alternatives: one float (simple, but coarse).")
	f.Add("Decision: x -- chosen: y; alternatives: `a,b` (c), d (e but f).")
	f.Fuzz(func(t *testing.T, line string) {
		for _, d := range ParseDecisions(line) {
			for _, o := range d.Options {
				for _, s := range []string{o.Label, o.Pros, o.Cons} {
					if !strings.Contains(line, s) {
						t.Fatalf("%q is not in %q", s, line)
					}
				}
			}
		}
	})
}
