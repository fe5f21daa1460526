package plan

import (
	"regexp"
	"testing"
)

// The expressions the line format's small grammars are written out from
// (see line.go); each hand-written test must agree with its expression on
// every input.
var (
	taskIDRe     = regexp.MustCompile(`^T[0-9]{3,}$`)
	traceIDRe    = regexp.MustCompile(`^[A-Z][A-Z0-9]*(-[A-Za-z0-9]+)+$`)
	questionIDRe = regexp.MustCompile(`^Q-[0-9]+$`)
	listMarkerRe = regexp.MustCompile(`^(?:[-*+]|[0-9]+[.)])\s+(?:\[[ xX]\]\s+)?`)
)

func FuzzLineGrammar(f *testing.F) {
	for _, s := range []string{
		"T001", "T01", "T0001x", "FR-001", "AC-001-02", "A-", "AB", "A-b-", "A--b", "Q-12", "Q-", "Q-1a",
		"- T001", "1. [x] T001", "12) [ ]  x", "-T001", "- [x]T001", "* [X]\tT", "1.", "- [ ]", "3.\f[y] a",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, c := range []struct {
			name string
			got  bool
			re   *regexp.Regexp
		}{
			{"IsTaskID", IsTaskID(s), taskIDRe},
			{"isTraceID", isTraceID(s), traceIDRe},
			{"isQuestionID", isQuestionID(s), questionIDRe},
		} {
			if want := c.re.MatchString(s); c.got != want {
				t.Fatalf("%s(%q) = %v, the expression says %v", c.name, s, c.got, want)
			}
		}
		if got, want := listMarkerLen(s), len(listMarkerRe.FindString(s)); got != want {
			t.Fatalf("listMarkerLen(%q) = %d, the expression matches %d bytes", s, got, want)
		}
	})
}
