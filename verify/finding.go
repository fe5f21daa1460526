package verify

import (
	"fmt"
	"strings"
)

// Level is how much a finding matters. The names are SARIF's.
type Level string

const (
	LevelError   Level = "error"
	LevelWarning Level = "warning"
	LevelNote    Level = "note"
	// LevelOff silences a rule (settable in .rtgit/config.yaml).
	LevelOff Level = "off"
)

// The rules a finding may come from. The names are part of rtgit's output
// (--json, SARIF rule ids, the verify.levels keys of .rtgit/config.yaml)
// and do not change.
const (
	// RuleReadOnly: the change edits a file an analysis marks read-only.
	RuleReadOnly = "read-only-changed"
	// RuleUnplanned: the change edits a file inside an analysis's
	// footprint that none of its tasks names.
	RuleUnplanned = "unplanned-file"
	// RuleNamedNoFiles: the change names a task (its id, or Closes #N of
	// its issue) but touches none of the task's files.
	RuleNamedNoFiles = "named-without-files"
	// RuleUntested: a criterion a test task traces that no test names.
	RuleUntested = "criterion-untested"
	// RuleTestFailed: a test naming a criterion failed in a JUnit report.
	RuleTestFailed = "criterion-test-failed"
	// RuleTestNotRun: JUnit reports were given but no test naming the
	// criterion is in them (or it was skipped).
	RuleTestNotRun = "criterion-test-not-run"
	// RulePhantom: a task whose issue is closed while no merged change
	// touched its files or named it.
	RulePhantom = "phantom-task"
)

// Rules lists every rule with its default level, in report order.
var Rules = []struct {
	ID      string
	Default Level
	Summary string
}{
	{RuleReadOnly, LevelError, "a file an analysis marks read-only was changed"},
	{RuleTestFailed, LevelError, "a test naming a criterion failed"},
	{RuleUnplanned, LevelWarning, "a file inside an analysis's footprint that no task names was changed"},
	{RuleNamedNoFiles, LevelWarning, "the change names a task but touches none of its files"},
	{RuleUntested, LevelWarning, "a criterion a test task traces has no test naming it"},
	{RuleTestNotRun, LevelWarning, "no JUnit report shows a test naming the criterion ran"},
	{RulePhantom, LevelWarning, "a task's issue is closed but no merged change touched its files or named it"},
}

// Levels maps a rule id to its level; a rule it does not name has its
// default.
type Levels map[string]Level

// Of returns the level of rule.
func (l Levels) Of(rule string) Level {
	if v, ok := l[rule]; ok {
		return v
	}
	for _, r := range Rules {
		if r.ID == rule {
			return r.Default
		}
	}
	return LevelWarning
}

// Validate refuses an unknown rule or level, naming it.
func (l Levels) Validate() error {
	for k, v := range l {
		known := false
		for _, r := range Rules {
			known = known || r.ID == k
		}
		if !known {
			ids := make([]string, len(Rules))
			for i, r := range Rules {
				ids[i] = r.ID
			}
			return fmt.Errorf("verify.levels: unknown rule %q (the rules are %s)", k, strings.Join(ids, ", "))
		}
		switch v {
		case LevelError, LevelWarning, LevelNote, LevelOff:
		default:
			return fmt.Errorf("verify.levels: %s: unknown level %q (error, warning, note or off)", k, v)
		}
	}
	return nil
}

// Finding is one thing verify reports. Path and Line place it in the
// repository when it is about a file (Line 0: the whole file).
type Finding struct {
	Rule      string `json:"rule"`
	Level     Level  `json:"level"`
	Path      string `json:"path,omitempty"`
	Line      int    `json:"line,omitempty"`
	Message   string `json:"message"`
	Analysis  string `json:"analysis,omitempty"`
	Task      string `json:"task,omitempty"`
	Criterion string `json:"criterion,omitempty"`
}
