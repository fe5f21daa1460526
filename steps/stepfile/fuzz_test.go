package stepfile

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps"
)

// FuzzParse feeds arbitrary bytes to the step-file parser: it must never
// panic, and every problem it reports must name the file.
func FuzzParse(f *testing.F) {
	f.Add([]byte(goodStep))
	f.Add([]byte(dropIn))
	f.Add([]byte(seedStep))
	f.Add([]byte("---\nstep_id: [\n---\n"))
	f.Add([]byte("\ufeff---\r\nstep_id: \"01-01\"\r\n---\r\n## Standard Mode\r\n- `a` b\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, probs := Parse("fuzz.md", data)
		for _, p := range probs {
			if !strings.HasPrefix(p.String(), "fuzz.md") {
				t.Fatalf("problem does not name the file: %s", p)
			}
		}
		if s != nil && !probs.HasErrors() {
			// A valid step answers every depth without panicking.
			for _, d := range []steps.Depth{steps.Brief, steps.Standard, steps.Deep} {
				s.Questions(d)
				s.Prose(d)
			}
			// Whatever parses converts to rtgit's dialect and parses again.
			if _, again := Parse("fuzz.md", Convert(s, "")); again.HasErrors() {
				t.Fatalf("converted file does not parse: %v\n%s", again, Convert(s, ""))
			}
		}
	})
}

// dropIn is a repository step file in rtgit's dialect, as the library's
// tests add one.
const dropIn = `---
step_id: "01-09"
title: "Compliance Check"
persona: "business-analyst"
depth: "standard"
outputs: [requirements-spec.md]
---

## Standard Mode

- ` + "`regulations`" + ` Which regulations touch this change, and what does each demand?
- ` + "`data`" + ` What personal data does this feature read or store, and where?

## Artifacts

- ` + "`regulations`" + ` -> requirements-spec.md#Constraints
- ` + "`data`" + ` -> requirements-spec.md#Constraints
`
