package roundtable

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/plan"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
)

// TestNextReportsEveryProblemAtOnce: a requirements answer with a line in
// the wrong form and an id defined twice gets both problems from one
// `next`, in the order of their lines, each at its file line, with the
// critic's warnings beside them: fixing the first never reveals the
// second, nor a warning.
func TestNextReportsEveryProblemAtOnce(t *testing.T) {
	m, _ := newMachine(t)
	mustNew(t, m)
	if _, err := m.Skip("csv"); err != nil {
		t.Fatal(err)
	}
	r, err := m.SetDepth("csv", steps.Brief)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; r.Step != nil && r.Step.ID != "01-06"; n++ {
		if n > 10 {
			t.Fatal("01-06 never opens")
		}
		for _, q := range r.Step.Questions {
			if !q.Answered {
				text := "Finance clerks open the invoices page, pick the quarter, press export, and download every invoice of the quarter as one CSV file for the auditors."
				if q.ID == "nfrs" {
					text = "Performance: 5,000 invoices export within 5 seconds at p95"
				}
				if _, err := m.Answer("csv", q.ID, text); err != nil {
					t.Fatal(err)
				}
			}
		}
		if r, err = m.Next("csv"); err != nil {
			t.Fatalf("next: %v\n%s", err, strings.Join(r.Problems, "\n"))
		}
	}
	q := r.Step.Questions[0].ID
	if _, err := m.Answer("csv", q, `- FR-001: Export -- When a clerk asks, the system shall return one CSV file
  - AC-001-01: Given 3 invoices, When exported, Then the file has 3 rows
Exports are also wanted by the auditors
- FR-001: Filter -- When a range is given, the system shall include only invoices in it
  - AC-001-02: Given 2 months, When March is asked for, Then only March appears
- FR-003: Nothing -- be nice
  - AC-003-01: Given a clerk, When they export, Then they smile`); err != nil {
		t.Fatal(err)
	}
	r, err = m.Next("csv")
	if err == nil {
		t.Fatal("next accepted a broken answer")
	}
	all := strings.Join(r.Problems, "\n")
	if !strings.Contains(all, "not in the form this question asks for") || !strings.Contains(all, "FR-001 is defined twice") {
		t.Errorf("next reported the problems in instalments:\n%s", all)
	}
	// The critic's warnings come in the same pass, though they block
	// nothing: a requirement that states no behaviour.
	if notes := strings.Join(r.Notes, "\n"); !strings.Contains(notes, "FR-003 states no behaviour") || !strings.Contains(notes, "[fr-no-behaviour]") {
		t.Errorf("the warnings were held back for a later pass: notes %q", r.Notes)
	}
	lineOf := regexp.MustCompile(`^[^:]+:(\d+):`)
	last := 0
	for _, p := range r.Problems {
		m := lineOf.FindStringSubmatch(p)
		if m == nil {
			t.Errorf("problem without a file line: %s", p)
			continue
		}
		n, _ := strconv.Atoi(m[1])
		if n < last {
			t.Errorf("problems out of line order:\n%s", all)
		}
		last = n
	}
}

// TestTaskProblemsNameFileLines: a plan problem that points at another
// task's line names that line of the file, as its own location does,
// never the line within the answer.
func TestTaskProblemsNameFileLines(t *testing.T) {
	a := answers.Answer{ID: TasksQuestion, Answered: true, Line: 60, TextLine: 62,
		Text: "T001 code: Add the export route\nT001 test: Test the export route"}
	if _, err := plan.Parse(a.Text); err == nil {
		t.Fatal("the plan parses; the test needs a duplicate id")
	}
	probs := tasksSyntax("x.md", a)
	if len(probs) == 0 {
		t.Fatal("no problem for a duplicate task id")
	}
	if !strings.HasPrefix(probs[0], "x.md:63: ") || !strings.Contains(probs[0], "on line 62") || strings.Contains(probs[0], "of the answer") {
		t.Errorf("problem = %q, want it at x.md:63 naming line 62 of the file", probs[0])
	}
}
