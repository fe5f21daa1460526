package model

import (
	"slices"
	"testing"
)

func TestIDsNamedInPassing(t *testing.T) {
	got := IDs("Guard FR-002 and AC-002-01 (US-001, NFR-003); CON-001 holds. FR-002 again, not FR-0021 or XFR-001.")
	if want := []string{"FR-002", "AC-002-01", "US-001", "NFR-003", "CON-001"}; !slices.Equal(got, want) {
		t.Errorf("IDs = %q, want %q", got, want)
	}
	if got := IDs("no ids here"); got != nil {
		t.Errorf("IDs of a text naming none = %q, want nil", got)
	}
}
