package cli

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/steps/roundtable"
)

// rtgit rename: a better slug for an analysis, without starting again.
func newRenameCmd(g *globals, s Streams) *cobra.Command {
	cmd := slugVerb(g, s, "rename [<old>] <new>", "Move an analysis to a new slug: branch, folder and meta.json",
		`Move the analysis in one commit: the branch rtgit/<old> becomes rtgit/<new>
(checked out), the folder docs/requirements/<old>/ moves to <new>/, meta.json
records the new slug, and the artifacts' mentions of the old folder and branch,
and its rows in docs/common/nfr-matrix.md, name the new ones. It refuses,
changing nothing, when the new slug is invalid or taken (a branch or a folder),
or when a file of the analysis holds uncommitted changes.`,
		"  rtgit rename export-invoices-csv invoice-csv", 2,
		func(m *roundtable.Machine, a []string, _ io.Reader) (*roundtable.Reply, error) {
			return m.Rename(a[0], a[1])
		})
	cmd.Annotations = map[string]string{annotOptional: "1"}
	return cmd
}
