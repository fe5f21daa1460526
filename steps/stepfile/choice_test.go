package stepfile

import "testing"

// A one-word answer with its reason, as people answer "which size fits":
// the word is the value, the reason stays in the answer.
func TestChoiceReadsTheWordBeforeTheReason(t *testing.T) {
	sizes := []string{"small", "medium", "large"}
	for in, want := range map[string]string{
		"small": "small", "Small. It is one setting passed through to the cookie.": "small",
		"medium, since two modules move": "medium", "**Large** -- a migration": "large",
		"small (one file and its test)": "small", "Low because nothing else moves": "",
	} {
		got, ok := Choice(sizes, in)
		if want == "" {
			if ok {
				t.Errorf("Choice(%q) = %q, want none", in, got)
			}
			continue
		}
		if !ok || got != want {
			t.Errorf("Choice(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"small to medium", "smallish", "not small", ""} {
		if v, ok := Choice(sizes, in); ok {
			t.Errorf("Choice(%q) = %q: it names no single size", in, v)
		}
	}
	if v, ok := Choice([]string{"Must Have", "Won't Have"}, "Won't Have: not in this release"); !ok || v != "Won't Have" {
		t.Errorf("a value of two words: %q, %v", v, ok)
	}
}
