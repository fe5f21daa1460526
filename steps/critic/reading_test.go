package critic

import "testing"

// The critic checks what the model reads in an answer, which is what the
// step's documents will say. The tests below are the answers it once read
// with its own patterns, differently from the model; each says how the
// model reads it.

// A bold id is an id to the model, as people write one in Markdown:
// "**FR-002**:" defines FR-002, so a story linking it links a requirement
// the documents have, and the requirement, with no criterion below it, is
// told so.
func TestBoldIDDefines(t *testing.T) {
	frs := "- FR-001: Export -- When a customer asks, the system shall return a CSV\n  - AC-001-01: Given 3 invoices, When exported, Then the file has 3 rows\n" +
		"- **FR-002**: Date filter -- When since is given, the system shall include only later invoices"
	in := answers(refRequirements, frs, refStories, "- As a clerk, I want a date filter, so that I get one month (FR-001, FR-002)")
	if fs := only(t, RuleUndefinedLink, in); len(fs) != 0 {
		t.Errorf("a story links a requirement defined in bold: %v", fs)
	}
	wantFinding(t, only(t, RuleNoCriterion, in), "answers/01-06.md", 12, Warning, "FR-002 has no acceptance criterion")
	// "**NFR-001**:" is an id too: the category is Security, and its
	// target is what the critic finds nothing to measure in.
	fs := only(t, RuleUnmeasurable, answers(refNFRs, "- **NFR-001**: Security: only people who may see the data"))
	wantFinding(t, fs, "answers/01-05.md", 10, Warning, "'Security' has nothing I can measure")
}

// "AC: AC-002-01 …" names its criterion AC-002-01 to the model, so under
// FR-001 it sits under the wrong requirement.
func TestCriterionIDAfterAC(t *testing.T) {
	in := answers(refRequirements, `- FR-001: Export -- When a customer asks, the system shall return a CSV
  - AC: AC-002-01 Given a date, When exported, Then only that date appears
- FR-002: Date filter -- When since is given, the system shall include only later invoices
  - AC-002-01: Given two dates, When since=2, Then only the second appears`)
	wantFinding(t, only(t, RuleMisplacedAC, in), "answers/01-06.md", 11, Warning, "AC-002-01 sits under FR-001")
	wantFinding(t, only(t, RuleDuplicateID, in), "answers/01-06.md", 13, Error, "AC-002-01 is used twice (first on line 11)")
}

// A statement the answer carries on to the next line is one statement:
// the behaviour on the second line counts.
func TestStatementOnTwoLines(t *testing.T) {
	in := answers(refRequirements, "- FR-001: Export -- When a customer asks, the system\n  shall return a CSV\n  - AC-001-01: Given 3 invoices, When exported, Then the file has 3 rows")
	if fs := only(t, RuleNoBehaviour, in); len(fs) != 0 {
		t.Errorf("a statement on two lines: %v", fs)
	}
	// The title is what stands before " -- ": "--" without spaces is
	// part of the statement.
	in = answers(refRequirements, "- FR-001: Users must sign in--be nice\n  - AC-001-01: Given a user, When they sign in, Then they see the list")
	if fs := only(t, RuleNoBehaviour, in); len(fs) != 0 {
		t.Errorf("a statement with -- in it: %v", fs)
	}
}

// A criterion in prose without an id is warned about at its own line.
func TestProseCriterionWithoutIDAtItsLine(t *testing.T) {
	fs := only(t, RuleCriterionProse, answers(refRequirements, goodFRs+"\n  - AC: filtering feels instant to a bookkeeper"))
	wantFinding(t, fs, "answers/01-06.md", 14, Warning, "AC-002-02 is not written as Given/When/Then")
}

// "As the …" is a story to the model: its links are checked like any.
func TestStoryAsThe(t *testing.T) {
	fs := only(t, RuleUndefinedLink, answers(refRequirements, goodFRs, refStories, goodStories+"\n- As the admin, I want a log, so that I can audit exports (FR-009)"))
	wantFinding(t, fs, "answers/01-07.md", 12, Error, "US-002 links FR-009")
}

// Every line after a story is one of its acceptance criteria to the
// model, whatever it starts with, so its vague words are weighed.
func TestEveryLineAfterAStoryIsACriterion(t *testing.T) {
	fs := only(t, RuleVague, answers(refStories, "- As a clerk, I want a file, so that I can work\n  - Opening it is fast"))
	wantFinding(t, fs, "answers/01-07.md", 11, Warning, "'fast'")
}

// An id in a code span links the story in user-stories.json, so it is
// checked, and it covers the requirement.
func TestStoryLinkInCodeSpan(t *testing.T) {
	fs := only(t, RuleUndefinedLink, answers(refRequirements, goodFRs, refStories, goodStories+"\n- As a clerk, I want a hint, so that I can install it (`FR-009`)"))
	wantFinding(t, fs, "answers/01-07.md", 12, Error, "US-002 links FR-009")
	fs = only(t, RuleUncovered, answers(refRequirements, goodFRs, refStories, "- As a bookkeeper, I want one CSV per month, so that I can reconcile (FR-001, `FR-002`)"))
	if len(fs) != 0 {
		t.Errorf("linked in a code span: %v", fs)
	}
}

// An id prioritised twice has the level the model reads, the last one, as
// the traceability matrix shows it.
func TestPrioritisedTwiceTakesTheLast(t *testing.T) {
	frs := goodFRs + "\n- FR-003: Email -- the system shall email the file\n  - AC-003-01: Given a big export, When done, Then a link is emailed"
	in := answers(refRequirements, frs, refStories, goodStories, refPriorities, goodPriorities+"\n- FR-003: Won't Have\n- FR-003: Must Have")
	wantFinding(t, only(t, RuleUncovered, in), "answers/01-07.md", 10, Warning, "No story covers FR-003")
	wantFinding(t, only(t, RuleDuplicateID, in), "answers/01-08.md", 13, Error, "FR-003 is prioritised twice (first on line 12)")
}

// Only the decisions the model reads split the rationale into parts, as
// in the ADRs: a "Decision:" line without "chosen:" is none, and its
// title labels no part.
func TestRationaleSplitByTheModelsDecisions(t *testing.T) {
	in := answers(refDecisions, "- Decision: File writer -- chosen: csv module; alternatives: pandas\n- Decision: File storage -- files on disk",
		refRationale, "File storage: the csv module streams rows straight to disk.")
	if fs := only(t, RuleNoRationale, in); len(fs) != 0 {
		t.Errorf("the rationale the ADR shows: %v", fs)
	}
}
