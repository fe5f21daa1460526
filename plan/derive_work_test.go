package plan

import (
	"slices"
	"strings"
	"testing"
)

// What is one piece of work is one task, as people plan a change: the
// tests of the requirements on one test file, unless an open question
// holds one of them back; the measurable NFRs, checked in one pass.
func TestDeriveOneTaskPerPieceOfWork(t *testing.T) {
	src := textSources{
		Requirements: "FR-001: Declare a group -- records it\nAC-001-01: Given a, When declared, Then it is kept\n" +
			"FR-002: Reject the run -- fails when none is set\nAC-002-01: Given none set, When run, Then it fails\n" +
			"FR-003: Semicolons -- writes semicolons\nAC-003-01: Given a total, When exported, Then semicolons\n",
		NFRs:      "NFR-001: Compatibility: 100% of existing tests pass unchanged\nNFR-002: Performance: validation takes under 1 ms for 50 flags",
		Affected:  []string{"flag_groups.go", "flag_groups_test.go"},
		Questions: []Question{{ID: "Q-001", Text: "Which separator does FR-003 use in Germany?"}},
	}
	p := Derive(src.sources())
	tests := tasksOf(p, KindTest)
	if len(tests) != 2 {
		t.Fatalf("test tasks = %+v, want FR-001 and FR-002 together, FR-003 apart", tests)
	}
	if tests[0].Title != "Tests for FR-001 Declare a group; FR-002 Reject the run" || !slices.Contains(tests[0].Traces, "AC-002-01") {
		t.Errorf("joined test task = %+v", tests[0])
	}
	if !slices.Equal(tests[1].BlockedBy, []string{"Q-001"}) || len(tests[0].BlockedBy) != 0 {
		t.Errorf("the question blocks %v and %v, want only FR-003's task", tests[0].BlockedBy, tests[1].BlockedBy)
	}
	v := tasksOf(p, KindVerify)
	if len(v) != 1 || v[0].Title != "Verify NFR-001 Compatibility and NFR-002 Performance" || !slices.Equal(v[0].Traces, []string{"NFR-001", "NFR-002"}) {
		t.Errorf("verify tasks = %+v, want one for both NFRs", v)
	}
}

// The docs of the change and its changelog entry are one task, which
// joins a documentation requirement's task where there is one; a docs
// task of the change traces what it documents.
func TestDeriveDocsAsOneTask(t *testing.T) {
	src := textSources{Description: "Add start and stop callbacks", Changelog: "CHANGELOG.md",
		Requirements: "FR-001: Register a start callback -- on_start stores a block\nAC-001-01: Given a block, When on_start is called, Then it is kept",
		Priorities:   "Must Have: FR-001",
		Affected:     []string{"lib/base.rb", "README.md"}}
	docs := tasksOf(Derive(src.sources()), KindDocs)
	if len(docs) != 1 || docs[0].Title != "Update README.md and add a CHANGELOG.md entry: Add start and stop callbacks" ||
		!slices.Equal(docs[0].Files, []string{"README.md", "CHANGELOG.md"}) || !slices.Equal(docs[0].Traces, []string{"FR-001"}) {
		t.Errorf("docs tasks = %+v", docs)
	}
	src.Requirements += "\nFR-002: Document the callbacks -- the README gets a section on them\nAC-002-01: Given the README, When read, Then it shows on_start"
	docs = tasksOf(Derive(src.sources()), KindDocs)
	if len(docs) != 1 || !strings.HasPrefix(docs[0].Title, "Update README.md for FR-002 Document the callbacks; ") || !slices.Contains(docs[0].Files, "CHANGELOG.md") {
		t.Errorf("docs tasks with a documentation requirement = %+v", docs)
	}
}

// A mitigation that names no id traces what its words name, or else what
// the code it guards traces; a contract test traces the requirements
// that name its operation.
func TestDeriveTracesWhatTheWordsName(t *testing.T) {
	p := Derive(textSources{
		Requirements: "FR-001: Register a start callback -- `on_start` stores a block\nAC-001-01: Given a block, When on_start is called, Then it is kept\n" +
			"FR-002: Stop cleanly -- quit! runs the stop block once\nAC-002-01: Given a block, When quit! runs twice, Then it runs once",
		Affected:    []string{"lib/base.rb", "test/server_test.rb"},
		Modules:     []string{"Module: lifecycle (lib/base.rb)\nResponsible for: on_start and quit!."},
		Contracts:   []string{"operation: on_start"},
		Mitigations: "- Double runs: put the call after the guard, and pin it with tests.\n- Review: a maintainer reads the trap handling before merge.",
	}.sources())
	for _, task := range p.Tasks {
		if len(task.Traces) == 0 {
			t.Errorf("%s %q traces nothing", task.ID, task.Title)
		}
	}
}

// The parts a design names in no file are in the one source file the
// change touches that no module is; a module of tests is test work, and
// one called docs is docs work, never placed in that source file.
func TestDerivePlacesModules(t *testing.T) {
	p := Derive(textSources{
		Requirements: "FR-001: Argument help -- Argument accepts help\nAC-001-01: Given help, When --help runs, Then it shows",
		Affected:     []string{"src/click/core.py", "tests/test_arguments.py"},
		Modules: []string{"Module: Argument\nResponsible for: storing the argument's help.",
			"Module: tests\nResponsible for: `tests/test_arguments.py` gains tests for argument help.",
			"Module: docs\nResponsible for: the user guide's section on arguments."},
	}.sources())
	code := tasksOf(p, KindCode)
	if len(code) != 1 || !slices.Equal(code[0].Files, []string{"src/click/core.py"}) || !strings.HasPrefix(code[0].Title, "Argument") {
		t.Errorf("code tasks = %+v, want Argument in src/click/core.py", code)
	}
	for _, task := range p.Tasks {
		if task.Kind == KindCode && (strings.Contains(task.Title, "gains tests") || strings.Contains(task.Title, "user guide")) {
			t.Errorf("the tests or docs module is code work: %+v", task)
		}
	}
}
