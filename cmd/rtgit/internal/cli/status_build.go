package cli

import (
	"fmt"

	"github.com/rtgit/rtgit/follow"
	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/internal/termsafe"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// buildStatus is what status adds about a merged analysis: its build
// progress and its drift.
type buildStatus struct {
	Progress *follow.Progress    `json:"progress"`
	Drift    *follow.DriftReport `json:"drift"`
}

// readBuild reads the build progress of st when the base branch holds it
// merged; nil otherwise.
func readBuild(o *statusOptions, st *roundtable.Status) (*buildStatus, error) {
	if !st.Merged {
		return nil, nil
	}
	repo, _, list, err := openMerged(o.dir, o.base, []string{st.Slug})
	if err != nil {
		return nil, err
	}
	a := list[0]
	tests := &verifyTests{repo: repo, reported: len(o.junit) > 0}
	if tests.reports, err = readJUnits(o.junit); err != nil {
		return nil, err
	}
	p, err := a.Progress(nil, tests)
	if err != nil {
		return nil, err
	}
	d, err := a.Drift(followRepo{repo})
	if err != nil {
		return nil, err
	}
	return &buildStatus{Progress: p, Drift: d}, nil
}

// printBuild writes the build lines of a merged analysis's status.
func printBuild(s Streams, p palette, slug string, b *buildStatus) {
	if b == nil {
		return
	}
	for _, l := range b.Progress.Lines() {
		fmt.Fprintf(s.Out, "  %s %s\n", p.head("build:"), termsafe.String(l))
	}
	switch d := b.Drift; {
	case d.Drifted():
		fmt.Fprintf(s.Out, "  %s %s since %s (%s); see `rtgit drift %s`\n", p.warn("drift:"),
			steps.Count(len(d.Files), "file", "files"), gitops.ShortHash(d.Since), d.Why, slug)
	default:
		fmt.Fprintf(s.Out, "  drift: none since %s (%s)\n", gitops.ShortHash(d.Since), d.Why)
	}
}
