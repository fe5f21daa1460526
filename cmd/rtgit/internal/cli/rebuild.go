package cli

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/steps/roundtable"
)

func newRebuildCmd(g *globals, s Streams) *cobra.Command {
	return slugVerb(g, s, "rebuild [<slug>]", "Render every artifact again from the answer files",
		`Every artifact of an analysis is a function of its answer files, meta.json
and the templates. rebuild renders all of them again and commits what changed;
on an analysis nobody edited it changes nothing. Text written outside rtgit's
markers is kept. Finished steps whose answers were edited are recorded as
revisions in meta.json, as `+"`rtgit next`"+` records them (docs/revising.md).`,
		"  rtgit rebuild invoice-export", 1,
		func(m *roundtable.Machine, a []string, _ io.Reader) (*roundtable.Reply, error) {
			return m.Rebuild(a[0])
		})
}
