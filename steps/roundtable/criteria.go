package roundtable

import (
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/stepfile"
)

// proseCriteria are a step's validation criteria written as prose, which
// only a reader (a person, or the optional reviewer) can check.
func (st *state) proseCriteria(s *steps.Step) []string {
	var out []string
	for _, c := range s.Criteria {
		out = append(out, stepfile.Expand(c.Text, st.lookup))
	}
	return out
}
