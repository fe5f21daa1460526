package model

import (
	"slices"
	"strings"
	"testing"
)

func TestListItems(t *testing.T) {
	got := ListItems("Chosen:\n- Zone 1: accept with the test added first; no flag needed.\n" +
		"- Rollout: the next minor release. Watch the tracker\n  for a week.\n\n1. A numbered one\nA closing line.")
	want := []string{"Zone 1: accept with the test added first; no flag needed.",
		"Rollout: the next minor release. Watch the tracker for a week.", "A numbered one"}
	if !slices.Equal(got, want) {
		t.Errorf("ListItems = %q, want %q", got, want)
	}
	if ListItems("No list here. Just prose.") != nil {
		t.Error("prose has no list items")
	}
}

func TestRuledOut(t *testing.T) {
	for s, want := range map[string][3]bool{ // changelog elsewhere, docs elsewhere, not testable
		"The maintainers write the changelog at release time":      {true, false, false},
		"The docs are updated in a separate PR":                    {false, true, false},
		"Release the changelog fix":                                {false, false, false},
		"NFR-003 is not testable by a unit test":                   {false, false, true},
		"Readability is checked by hand in review":                 {false, false, true},
		"All existing tests in flag_groups_test.go pass unchanged": {false, false, false},
	} {
		got := [3]bool{SaysChangelogElsewhere(s), SaysDocsElsewhere(s), SaysNotTestable(s)}
		if got != want {
			t.Errorf("%q: got %v, want %v", s, got, want)
		}
	}
}

func FuzzListItems(f *testing.F) {
	f.Add("- a\n  b\n- c")
	f.Add("1. one\n2) two\n\ntext")
	f.Fuzz(func(t *testing.T, s string) {
		for _, it := range ListItems(s) {
			if strings.ContainsAny(it, "\n\r") || it != strings.TrimSpace(it) {
				t.Fatalf("item %q is not one trimmed line", it)
			}
		}
	})
}
