package mcpserver

import (
	"regexp"
	"strings"
	"testing"
)

// knownID accepts exactly what the server's expression accepted before
// the analysis's ids were the model's to recognise.
func TestKnownIDAcceptsWhatItDid(t *testing.T) {
	before := regexp.MustCompile(`^(?:FR-\d{3}|AC-\d{3}-\d{2}|US-\d{3}|NFR-\d{3}|CON-\d{3}|T\d{3,4}|Q-\d{3,4}|ADR-\d{4}|[A-Za-z0-9_./-]{1,120})$`)
	for _, id := range []string{"FR-001", "AC-001-01", "US-001", "NFR-001", "CON-001", "T001", "T0001", "Q-001", "ADR-0001",
		"module.go", "src/a.go", "FR-0001", "AC-001", "", "a b", "FR-001\n", " FR-001", "é", "x;y", strings.Repeat("a", 120), strings.Repeat("a", 121)} {
		if got, want := knownID(id), before.MatchString(id); got != want {
			t.Errorf("knownID(%q) = %v, want %v", id, got, want)
		}
	}
}
