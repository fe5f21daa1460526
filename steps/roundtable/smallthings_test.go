package roundtable

import (
	"errors"
	"os"
	"regexp"
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

// TestDemoSpecHasNoEmptyOrRepeatedSections reads the demo's requirements
// specification (the golden file TestDemoArtifactsGolden keeps current):
// no heading stands empty, and no answer is printed twice.
func TestDemoSpecHasNoEmptyOrRepeatedSections(t *testing.T) {
	data, err := os.ReadFile("testdata/artifacts/requirements-spec.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	level := func(l string) int {
		if m := regexp.MustCompile(`^(#{1,6}) `).FindStringSubmatch(l); m != nil {
			return len(m[1])
		}
		return 0
	}
	for i, l := range lines {
		n := level(l)
		if n == 0 {
			continue
		}
		empty := true
		for _, next := range lines[i+1:] {
			if k := level(next); k > 0 {
				if k > n {
					empty = false // its subsections hold the text
				}
				break
			}
			if strings.TrimSpace(next) != "" {
				empty = false
				break
			}
		}
		if empty {
			t.Errorf("line %d: %q stands empty", i+1, l)
		}
	}
	seen := map[string]int{}
	for i, l := range lines {
		if len(l) > 80 && !strings.HasPrefix(l, "|") {
			if first, ok := seen[l]; ok {
				t.Errorf("line %d repeats line %d: %.60s…", i+1, first, l)
			}
			seen[l] = i + 1
		}
	}
}
