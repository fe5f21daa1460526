package cli

import (
	"errors"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/signoff"
	"github.com/rtgit/rtgit/steps/roundtable"
)

type approveOptions struct {
	*globals
	all, changes, doSwitch bool
}

func newApproveCmd(g *globals, s Streams) *cobra.Command {
	o := &approveOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "approve [<slug>] (<area>... | --all)",
		Short: "Sign off areas of the analysis as the git user",
		Long: `Record your approval of areas of the analysis, committed on its branch like a
step. The areas are requirements (phases 00 and 01), architecture (02 and 03),
design (04, except the build plan) and tasks (the build plan). The bug library
puts its quick scan and bug report under requirements, its root cause and fix
strategy under design, and nothing under architecture. --all approves every
area whose steps are all finished. An area with steps still open is
refused, with what is open, and nothing is recorded.

An approval names you (git's user.name), the time, the commit and a digest of
what the area's documents say there: for each of its finished steps the depth,
the answers, the feedback and the text of the step's blocks in the artifacts
(for tasks, the build plan's answer alone), and the tracked questions settled
so far with their answers. When any of those changes later (an answer, a
revision, a settled question, an edit inside rtgit's markers), the approval is
stale until someone approves again. --changes-requested records that you want
changes instead; your own approval clears it.

The policy on the default branch's .rtgit/config.yaml (signoff:) says which
areas rtgit check requires. Locally an approval counts only when the commit
that recorded it is signed by a key that policy lists for you
(signoff.signers): rtgit does not sign its commits, so sign this one with
git commit --amend --no-edit -S (docs/signoff.md).`,
		Example: "  rtgit approve invoice-export requirements architecture\n  rtgit approve --all",
		RunE: func(_ *cobra.Command, args []string) error {
			return runApprove(o, args, s)
		},
		ValidArgsFunction: func(_ *cobra.Command, _ []string, _ string) ([]string, cobra.ShellCompDirective) {
			return signoff.Areas, cobra.ShellCompDirectiveNoFileComp
		},
	}
	cmd.Flags().BoolVar(&o.all, "all", false, "approve every complete area")
	cmd.Flags().BoolVar(&o.changes, "changes-requested", false, "record that the areas need changes instead of approving them")
	cmd.Flags().BoolVar(&o.doSwitch, "switch", false, "check out the analysis branch first when another branch is checked out")
	return cmd
}

func runApprove(o *approveOptions, args []string, s Streams) error {
	given := ""
	if len(args) > 0 && !signoff.Valid(strings.ToLower(args[0])) && !strings.Contains(args[0], ",") {
		given, args = args[0], args[1:]
	}
	if o.all == (len(args) > 0) && (o.all || given == "") {
		return usageErr("name the areas to approve (%s), or pass --all", strings.Join(signoff.Areas, ", "))
	}
	if _, err := signoff.ParseAreas(args); err != nil {
		return usageErr("%v", err)
	}
	ws, err := openWorkspace(o.dir, true)
	if err != nil {
		return err
	}
	an, err := loadAnalyses(ws)
	if err != nil {
		return err
	}
	if !o.all && len(args) == 0 {
		// One word that names neither an area nor an analysis is a
		// mistyped area ("requirement"), not a slug.
		if given != "" && !an.exists(given) {
			_, err := signoff.ParseAreas([]string{given})
			return usageErr("%v", err)
		}
		return usageErr("name the areas to approve (%s), or pass --all", strings.Join(signoff.Areas, ", "))
	}
	slug, err := an.resolve("approve", given)
	if err != nil {
		return err
	}
	if err := an.onBranch(slug, o.doSwitch, s); err != nil {
		return err
	}
	m, err := machineWithAI(ws, s, nil)
	if err != nil {
		return err
	}
	by, _ := ws.repo.Author()
	v := signoff.Approve
	if o.changes {
		v = signoff.RequestChanges
	}
	r, err := m.Approve(slug, args, v, by)
	if r != nil {
		printReply(s.Out, s.colors(s.Out), slug, r)
		if errors.Is(err, roundtable.ErrNotApprovable) {
			return silent(ExitIncomplete, err) // the reply said what is open
		}
	}
	return codeFor(err)
}
