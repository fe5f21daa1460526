package mcpserver

import (
	"regexp"
	"testing"
)

// FuzzKnownID checks knownID against the expression the server checked an
// id with before the analysis's ids were the model's to recognise.
func FuzzKnownID(f *testing.F) {
	before := regexp.MustCompile(`^(?:FR-\d{3}|AC-\d{3}-\d{2}|US-\d{3}|NFR-\d{3}|CON-\d{3}|T\d{3,4}|Q-\d{3,4}|ADR-\d{4}|[A-Za-z0-9_./-]{1,120})$`)
	for _, s := range []string{"FR-001", "AC-001-01", "T001", "Q-0001", "ADR-0001", "module.go", "", "a b", "FR-001\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		if got, want := knownID(id), before.MatchString(id); got != want {
			t.Fatalf("knownID(%q) = %v, want %v", id, got, want)
		}
	})
}
