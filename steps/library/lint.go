package library

import (
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/stepfile"
)

// Lint returns every problem in the route's step files: those that made a
// step invalid at load time, plus what stepfile.Lint finds in each valid
// step with the library's personas.
func Lint(r *Route) steps.Problems {
	probs := append(steps.Problems{}, r.Problems...)
	for _, s := range r.Steps() {
		probs = append(probs, stepfile.Lint(s, r.Personas)...)
	}
	probs.Sort()
	return probs
}
