package critic

import "testing"

// TestRuleCriterionUnderAnotherFR: a criterion numbered for FR-002 but
// written under FR-001's heading is a warning at its own line: a reader
// would credit it to the wrong requirement.
func TestRuleCriterionUnderAnotherFR(t *testing.T) {
	in := answers(refRequirements, `- FR-001: Export -- When a customer asks, the system shall return a CSV
  - AC-001-01: Given 3 invoices, When exported, Then the file has 3 rows
  - AC-002-01: Given a date, When exported, Then only that date appears
- FR-002: Date filter -- When since is given, the system shall include only later invoices
  - AC-002-02: Given two dates, When since=2, Then only the second appears`)
	wantFinding(t, only(t, RuleMisplacedAC, in), "answers/01-06.md", 12, Warning, "AC-002-01 sits under FR-001")
	if fs := only(t, RuleMisplacedAC, answers(refRequirements, goodFRs)); len(fs) != 0 {
		t.Errorf("criteria under their own requirements: %v", fs)
	}
}

// TestRuleFRWithoutBehaviour: a requirement that says nothing the system
// does, or only that it waits, is a warning at its line.
func TestRuleFRWithoutBehaviour(t *testing.T) {
	for _, c := range []struct {
		text string
		bad  bool
	}{
		{"FR-003: Nothing -- be nice", true},
		{"FR-003: Waiting -- the system awaits the customer's decision", true},
		{"FR-003: Retry -- the system shall try to reconnect", true},
		{"FR-003: Export -- When a customer asks, the system shall return a CSV", false},
		{"FR-003: Cap -- the system must not return more than 100,000 rows", false},
		{"FR-003: Names -- When exporting, the system will write `customer_id` first", false},
	} {
		in := answers(refRequirements, "- "+c.text+"\n  - AC-003-01: Given a customer, When exported, Then a file downloads")
		fs := only(t, RuleNoBehaviour, in)
		switch {
		case c.bad:
			wantFinding(t, fs, "answers/01-06.md", 10, Warning, "FR-003 states no behaviour")
		case len(fs) != 0:
			t.Errorf("%q: %v", c.text, fs)
		}
	}
}
