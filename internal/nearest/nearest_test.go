package nearest

import (
	"slices"
	"testing"
)

func TestWords(t *testing.T) {
	known := []string{"continue", "skip", "elaborate", "status", "deep", "brief", "standard"}
	for given, want := range map[string][]string{
		"contine":  {"continue"},
		"cnotinue": {"continue"},
		"stauts":   {"status"},
		"standrad": {"standard"},
		"zzz":      {},
	} {
		if got := Words(given, known); !slices.Equal(got, want) {
			t.Errorf("Words(%q) = %q, want %q", given, got, want)
		}
	}
}
