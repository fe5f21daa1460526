package cli

import (
	"fmt"

	"github.com/rtgit/rtgit/internal/termsafe"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// FirstCommit adapts gitops to roundtable.Chronicler; ListDirs comes with
// the embedded gitops.Repo as it is.
func (g gitRepo) FirstCommit(rev, path string) (roundtable.HistoryStart, error) {
	o, err := g.Repo.FirstCommit(rev, path)
	return roundtable.HistoryStart{Hash: o.Hash, Author: o.Author, Time: o.Time}, err
}

// printNeighbours writes the overlaps (as warnings) and the prior
// decisions under an analysis's status or check.
func printNeighbours(s Streams, n *roundtable.Neighbours, indent string) {
	if n == nil {
		return
	}
	p := s.colors(s.Out)
	for _, o := range n.Overlaps {
		fmt.Fprintf(s.Out, "%s%s %s\n", indent, p.warn("overlap:"), termsafe.String(o.Line()))
	}
	for _, pr := range n.Prior {
		fmt.Fprintf(s.Out, "%s%s %s\n", indent, p.head("prior:"), termsafe.String(roundtable.PriorLine(pr)))
		for _, d := range pr.Decisions {
			fmt.Fprintf(s.Out, "%s  %s\n", indent, termsafe.String(roundtable.DecisionLine(d)))
		}
	}
}
