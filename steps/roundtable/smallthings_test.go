package roundtable

import (
	"errors"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps"
)

// TestFailedNextSaysWhatIsMissingPlainly: a failed `next` on a step the
// user is working on lists the problems without greeting them again, with
// the questions' placeholders filled and no regular expression in sight.
func TestFailedNextSaysWhatIsMissingPlainly(t *testing.T) {
	m, _ := newMachine(t)
	mustNew(t, m)
	if _, err := m.SetDepth("csv", steps.Brief); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := m.Next("csv"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := m.SetDepth("csv", steps.Standard); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Answer("csv", "complexity", "medium"); err != nil {
		t.Fatal(err)
	}
	r, err := m.Next("csv")
	if !errors.Is(err, ErrIncomplete) {
		t.Fatalf("next = %v", err)
	}
	if len(r.Lines) != 0 {
		t.Errorf("a failed next greets again: %+v", r.Lines)
	}
	all := strings.Join(r.Problems, "\n")
	if strings.Contains(all, "{{") || !strings.Contains(all, "`scope` is unanswered") {
		t.Errorf("problems:\n%s", all)
	}

	// A rule's pattern is named by its place in the step file, not shown.
	rule := steps.Rule{Kind: "each_line", Args: []string{`^FR-\d{3}:`}, Line: 42}
	msg := checkRule(rule, "FR-001: a\nfree text")
	if strings.Contains(msg, `\d`) || !strings.Contains(msg, `line 2 of the answer ("free text")`) {
		t.Errorf("checkRule = %q", msg)
	}
}
