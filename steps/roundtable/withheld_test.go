package roundtable_test

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/assist"
)

// An answer file the model drafted into says which of the quick scan's
// candidate files the drafts were written without, and why, each path
// quoted as code whatever it holds.
func TestAnswerFileNamesWithheldFiles(t *testing.T) {
	m, dir := newDemoMachine(t)
	s := toRequirements(t, m)
	fh := &fakeHelpers{draft: fromScript(s)}
	set := fh.set()
	set.Withheld = func(paths []string) []assist.Withheld {
		return []assist.Withheld{
			{Path: "config/db.properties", Reason: "line 2 assigns a password"},
			{Path: "odd`name\n.pgpass", Reason: "a credentials file by its name (`.pgpass`)"},
		}
	}
	m.Assist = set
	if _, err := m.SetDepth(s.Slug, steps.Brief); err != nil {
		t.Fatal(err)
	}
	text, f := answerFile(t, dir, s.Slug, "01-01")
	if len(f.AI) == 0 {
		t.Fatalf("no drafts in the answer file:\n%s", text)
	}
	for _, want := range []string{
		"_Kept from the model:",
		"- `config/db.properties`: line 2 assigns a password",
		"- ``odd`name?.pgpass``: a credentials file by its name (`.pgpass`)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the answer file lacks %q:\n%s", want, text)
		}
	}
}

// Without drafts there is nothing to say about what the model did not see.
func TestAnswerFileWithoutDraftsNamesNothing(t *testing.T) {
	m, dir := newDemoMachine(t)
	s := toRequirements(t, m)
	set := (&fakeHelpers{}).set()
	set.Withheld = func([]string) []assist.Withheld { return []assist.Withheld{{Path: "x", Reason: "y"}} }
	m.Assist = set
	if _, err := m.SetDepth(s.Slug, steps.Brief); err != nil {
		t.Fatal(err)
	}
	if text, _ := answerFile(t, dir, s.Slug, "01-01"); strings.Contains(text, "Kept from the model") {
		t.Errorf("an answer file without drafts names withheld files:\n%s", text)
	}
}
