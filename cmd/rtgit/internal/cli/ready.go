package cli

import (
	"fmt"
	"io"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/critic"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// printReadyNote follows a reply that finished the analysis. The seed's
// closing line ("… is ready to build.") is said once the last step
// completes, but `rtgit check` can still refuse the analysis: an optional
// question left blank is a NEEDS CLARIFICATION marker, a question comment
// stays open, a revision can leave a critic error in a later step. The
// note says so rather than let the closing line stand alone.
func printReadyNote(w io.Writer, p palette, m *roundtable.Machine, slug string) {
	if note := readyNote(m, slug); note != "" {
		fmt.Fprintln(w, p.warn(note))
	}
}

func readyNote(m *roundtable.Machine, slug string) string {
	r, err := m.Check(slug)
	if err != nil {
		return "" // best effort: `rtgit check` reports the error itself
	}
	var what []string
	add := func(n int, one, many string) {
		switch {
		case n == 1:
			what = append(what, "1 "+one)
		case n > 1:
			what = append(what, fmt.Sprintf("%d %s", n, many))
		}
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
	if r.Staleness.Stale() {
		what = append(what, fmt.Sprintf("changes on %s to files the impact analysis names", r.Staleness.Base))
	}
	if len(what) == 0 {
		return ""
	}
	return fmt.Sprintf("Before building, settle %s; `rtgit check %s` lists what is left.", steps.JoinAnd(what), slug)
}
