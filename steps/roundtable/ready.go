package roundtable

import (
	"fmt"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/critic"
)

// Every sentence rtgit says about an analysis being ready -- after the
// last step, in a status column, on the dashboard -- comes from the
// Readiness of `rtgit check`, through Outstanding and Verdict here, so
// none can say "ready" while check refuses.

// Outstanding lists what stands between the analysis and "ready to
// build", as counts ("37 open questions", "3 missing artifacts"); nil
// when nothing does. A staleness warning counts, as check fails on it
// unless --allow-stale is given.
func (r *Readiness) Outstanding() []string {
	var what []string
	add := func(n int, one, many string) {
		if n > 0 {
			what = append(what, steps.Count(n, one, many))
		}
	}
	if r.AnalysisStatus != "analyzed" {
		what = append(what, fmt.Sprintf("the analysis is %s, not analyzed", r.AnalysisStatus))
	}
	add(len(r.Missing), "missing artifact", "missing artifacts")
	add(len(r.Clarifications), "NEEDS CLARIFICATION marker", "NEEDS CLARIFICATION markers")
	add(len(r.Outline), "broken artifact outline", "broken artifact outlines")
	add(len(r.OpenQuestions), "open question", "open questions")
	errs := 0
	for _, n := range r.Review {
		if n.Severity == critic.Error {
			errs++
		}
	}
	add(errs, "critic error", "critic errors")
	add(len(r.SignOffMissing), "missing sign-off", "missing sign-offs")
	if r.Staleness.Stale() {
		what = append(what, fmt.Sprintf("changes on %s to files the impact analysis names", r.Staleness.Base))
	}
	return what
}

// Buildable reports whether check, without --allow-stale or --strict,
// passes: ready and not stale.
func (r *Readiness) Buildable() bool { return r.Ready && !r.Staleness.Stale() }

// Verdict is the sentence that says whether the analysis is ready to
// build, and what is missing when it is not.
func (r *Readiness) Verdict() string {
	if r.Buildable() {
		return fmt.Sprintf("%s is ready to build.", r.Slug)
	}
	what := r.Outstanding()
	if len(what) == 0 {
		return fmt.Sprintf("%s is not ready to build yet; `rtgit check %s` says why.", r.Slug, r.Slug)
	}
	return fmt.Sprintf("%s is not ready to build yet: settle %s; `rtgit check %s` lists what is left.", r.Slug, steps.JoinAnd(what), r.Slug)
}

// withVerdict follows a reply that leaves the analysis complete with
// check's verdict, read after the reply's commit: "… is ready to build."
// only when check passes, else what is left.
func (m *Machine) withVerdict(slug string) func(*Reply, error) (*Reply, error) {
	return func(r *Reply, err error) (*Reply, error) {
		if err != nil || r == nil || !r.Done {
			return r, err
		}
		rd, cerr := m.Check(slug)
		if cerr != nil {
			return r, err // best effort: `rtgit check` reports the error itself
		}
		r.say("", rd.Verdict())
		r.Readiness = rd
		return r, err
	}
}
