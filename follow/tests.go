package follow

import (
	"slices"
	"strings"

	"github.com/rtgit/rtgit/plan"
)

// Tests is what the code's tests say about criteria: which tests name a
// criterion's id, and how those tests did in the reports given. verify's
// scan of the tests and its JUnit reading are one.
type Tests interface {
	// Named lists, for each of ids, the tests that name it at rev
	// (path:line, or a test's name).
	Named(rev string, ids []string) (map[string][]string, error)
	// Result says whether the tests naming id passed in the reports
	// given; known is false when no report ran one.
	Result(id string) (passed, known bool)
}

// CriterionTest is one criterion a test task traces, and its tests.
type CriterionTest struct {
	ID string `json:"id"`
	// Tasks are the test tasks that trace it.
	Tasks []string `json:"tasks"`
	Tests []string `json:"tests"`
	// Passed is whether its tests passed where a report was given; nil
	// when none was, or none ran them.
	Passed *bool `json:"passed,omitempty"`
}

// criteria lists the criteria the test tasks trace, in the order first
// traced, with the tests naming each.
func (a *Analysis) criteria(tests Tests) ([]CriterionTest, error) {
	out := []CriterionTest{}
	at := map[string]int{}
	for _, t := range a.Tasks {
		if t.Kind != plan.KindTest {
			continue
		}
		for _, id := range t.Traces {
			if !strings.HasPrefix(id, "AC-") {
				continue
			}
			i, ok := at[id]
			if !ok {
				i = len(out)
				at[id] = i
				out = append(out, CriterionTest{ID: id, Tests: []string{}})
			}
			if !slices.Contains(out[i].Tasks, t.ID) {
				out[i].Tasks = append(out[i].Tasks, t.ID)
			}
		}
	}
	if tests == nil || len(out) == 0 {
		return out, nil
	}
	ids := make([]string, len(out))
	for i, c := range out {
		ids[i] = c.ID
	}
	named, err := tests.Named(a.Tip, ids)
	if err != nil {
		return nil, err
	}
	for i := range out {
		c := &out[i]
		if n := named[c.ID]; len(n) > 0 {
			c.Tests = n
		}
		if passed, known := tests.Result(c.ID); known {
			c.Passed = &passed
		}
	}
	return out, nil
}
