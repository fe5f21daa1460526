package cli

import (
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/steps/roundtable"
)

func newResolveCmd(g *globals, s Streams) *cobra.Command {
	cmd := slugVerb(g, s, "resolve [<slug>] <Q-NNN> (<answer> | -)", "Settle an open question with its answer",
		`Record the answer to an open question (Q-001, Q-002, ...) and close it. Open
questions come from question comments, from elaboration discussions and from
required questions a skip left unanswered; rtgit check fails while any is open.
The answer is kept in meta.json and listed under "Open Questions" in the
requirements specification (in a bug analysis, the bug report). Use - to read the answer from standard input.`,
		"  rtgit resolve invoice-export Q-001 \"Yes, PowerShell 7 on Windows is supported\"", 3,
		func(m *roundtable.Machine, a []string, in io.Reader) (*roundtable.Reply, error) {
			text, err := textOrStdin(strings.Join(a[2:], " "), in)
			if err != nil {
				return nil, err
			}
			return m.Resolve(a[0], a[1], text, "")
		})
	cmd.Args = rangeArgs(2, 64)
	return textAfterArgs(cmd)
}
