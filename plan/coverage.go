package plan

import (
	"fmt"
	"slices"
	"strings"
)

// Coverage counts how much of the analysis a plan covers: the Must Have
// requirements some task traces, the criteria some test task traces, and
// the Directly Affected Files some task touches.
type Coverage struct {
	MustHave       int `json:"must_have"`
	MustHaveTraced int `json:"must_have_traced"`
	Criteria       int `json:"criteria"`
	CriteriaTested int `json:"criteria_tested"`
	Files          int `json:"files"`
	FilesTouched   int `json:"files_touched"`
}

// CoverageOf measures p against a.
func CoverageOf(p Plan, a Analysis) Coverage {
	c := Coverage{MustHave: len(a.MustHave), Criteria: len(a.Criteria), Files: len(a.Affected)}
	for _, id := range a.MustHave {
		if slices.ContainsFunc(p.Tasks, func(t Task) bool { return slices.Contains(t.Traces, id) }) {
			c.MustHaveTraced++
		}
	}
	for _, id := range a.Criteria {
		if slices.ContainsFunc(p.Tasks, func(t Task) bool { return t.Kind == KindTest && slices.Contains(t.Traces, id) }) {
			c.CriteriaTested++
		}
	}
	for _, f := range a.Affected {
		if slices.ContainsFunc(p.Tasks, func(t Task) bool { return slices.Contains(t.Files, f) }) {
			c.FilesTouched++
		}
	}
	return c
}

// String is "Must Have 5/5, criteria 14/14, files 7/7". A measure with
// nothing to count is left out: a bug analysis has no requirements, and
// "Must Have 0/0" would speak of some.
func (c Coverage) String() string {
	var parts []string
	for _, m := range []struct {
		name     string
		done, of int
	}{{"Must Have", c.MustHaveTraced, c.MustHave}, {"criteria", c.CriteriaTested, c.Criteria}, {"files", c.FilesTouched, c.Files}} {
		if m.of > 0 {
			parts = append(parts, fmt.Sprintf("%s %d/%d", m.name, m.done, m.of))
		}
	}
	if len(parts) == 0 {
		return "nothing to cover"
	}
	return strings.Join(parts, ", ")
}

// Complete reports whether nothing is left uncovered.
func (c Coverage) Complete() bool {
	return c.MustHaveTraced == c.MustHave && c.CriteriaTested == c.Criteria && c.FilesTouched == c.Files
}
