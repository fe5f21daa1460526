package cli

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/steps/roundtable"
)

// The ways out of an analysis: abandon it, defer it, and pick it up again.
// Each is a commit on the analysis branch, which stays, so the decision
// and the work before it can be found.

func newAbandonCmd(g *globals, s Streams) *cobra.Command {
	var reason string
	cmd := slugVerb(g, s, "abandon [<slug>] --reason <why>", "Record that an analysis will not be built, and why",
		`Record in meta.json, committed on the analysis branch, that the analysis is
abandoned, with the reason, when and by whom. The branch and its history stay:
status shows the reason, check refuses the analysis, and rtgit resume picks it
up again. On the pull request, /rtgit abandon <reason> does the same and closes
the pull request.`,
		"  rtgit abandon invoice-export --reason \"Finance buys a reporting tool instead\"", 1,
		func(m *roundtable.Machine, a []string, _ io.Reader) (*roundtable.Reply, error) {
			if reason == "" {
				return nil, usageErr("abandon: say why with --reason")
			}
			return m.Abandon(a[0], reason)
		})
	cmd.Flags().StringVar(&reason, "reason", "", "why the analysis is abandoned")
	return cmd
}

func newDeferCmd(g *globals, s Streams) *cobra.Command {
	var reason string
	cmd := slugVerb(g, s, "defer [<slug>] --reason <why>", "Mark an analysis as waiting, and why",
		`Record in meta.json, committed on the analysis branch, that the analysis is
deferred, with the reason. status shows it as waiting, check refuses it, and
rtgit resume picks it up where it stopped. On the pull request, /rtgit defer
<reason> does the same.`,
		"  rtgit defer invoice-export --reason \"After the Q3 pricing change\"", 1,
		func(m *roundtable.Machine, a []string, _ io.Reader) (*roundtable.Reply, error) {
			if reason == "" {
				return nil, usageErr("defer: say why with --reason")
			}
			return m.Defer(a[0], reason)
		})
	cmd.Flags().StringVar(&reason, "reason", "", "why the analysis waits")
	return cmd
}

func newResumeCmd(g *globals, s Streams) *cobra.Command {
	return slugVerb(g, s, "resume [<slug>]", "Pick up an abandoned or deferred analysis again",
		`Remove the abandoned or deferred record from meta.json, committed on the
analysis branch, so the analysis goes on where it stopped.`,
		"  rtgit resume invoice-export", 1,
		func(m *roundtable.Machine, a []string, _ io.Reader) (*roundtable.Reply, error) {
			return m.Resume(a[0])
		})
}

func newReviewedCmd(g *globals, s Streams) *cobra.Command {
	var all bool
	cmd := slugVerb(g, s, "reviewed [<slug>] (<step> | --all)", "Mark a refresh's review items as dealt with",
		`rtgit refresh lists the finished steps whose answers name files that changed
on the base branch. Those review items stay in status, check and the pull
request's dashboard until the step is revised, or until you say, with this
command, that you checked its answers against the new code and they hold.`,
		"  rtgit reviewed invoice-export 02-01\n  rtgit reviewed invoice-export --all", 2,
		func(m *roundtable.Machine, a []string, _ io.Reader) (*roundtable.Reply, error) {
			var ids []string
			for _, id := range a[1:] {
				if id != "" {
					ids = append(ids, id)
				}
			}
			if len(ids) == 0 && !all {
				return nil, usageErr("reviewed: name the steps, or pass --all")
			}
			return m.Reviewed(a[0], ids)
		})
	cmd.Annotations = map[string]string{annotOptional: "1"}
	cmd.Flags().BoolVar(&all, "all", false, "every review item")
	return cmd
}
