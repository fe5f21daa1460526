package cli

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/follow"
	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/internal/termsafe"
	"github.com/rtgit/rtgit/steps"
)

type driftOptions struct {
	*globals
	json   bool
	accept bool
	base   string
	at     string
}

func newDriftCmd(g *globals, s Streams) *cobra.Command {
	o := &driftOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "drift [<slug>] | drift --accept <slug> [--at REV]",
		Short: "List changes to a merged analysis's files after it was built",
		Long: `List the changes the base branch took, after a merged analysis was built, to
the files it owns (the Directly Affected Files of its impact analysis and the
files of its tasks). Changes are counted after the latest of: the analysis's
merge, the change that did its last task done, and the commit a person
accepted with --accept. The files of tasks not done yet are left out: changes
to them are the build, not drift. Without a slug every analysis the base
branch holds is listed. Exit 3 when a file drifted.

--accept records that a person read the code up to --at (default: the tip of
the base branch) against the analysis and found it still right: it writes
docs/requirements/<slug>/drift-baseline.json and commits that file alone, on
the default branch, which must be checked out. Later runs report only what
came after.`,
		Example:           "  rtgit drift\n  rtgit drift invoice-export --json\n  rtgit drift --accept invoice-export",
		Args:              rangeArgs(0, 1),
		ValidArgsFunction: completeSlugs(g),
		RunE: func(_ *cobra.Command, args []string) error {
			if o.accept {
				if len(args) != 1 {
					return usageErr("drift: --accept needs the analysis's slug; usage: rtgit drift --accept <slug>")
				}
				return runDriftAccept(o, args[0], s)
			}
			if o.at != "" {
				return usageErr("drift: --at goes with --accept")
			}
			return runDrift(o, args, s)
		},
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print JSON")
	cmd.Flags().BoolVar(&o.accept, "accept", false, "record that the code was read against the analysis and found right")
	cmd.Flags().StringVar(&o.at, "at", "", "with --accept: the `REV` the code was read at (default: the base branch's tip)")
	cmd.Flags().StringVar(&o.base, "base", "", "read the analyses on `BRANCH` instead of the default branch")
	return cmd
}

// openMerged reads the merged analyses named (all when none) at the base
// branch's tip.
func openMerged(dir, base string, slugs []string) (*gitops.Repo, string, []*follow.Analysis, error) {
	ws, err := openWorkspace(dir, true)
	if err != nil {
		return nil, "", nil, err
	}
	name, tip, err := baseTip(ws.repo, base)
	if err != nil {
		return nil, "", nil, err
	}
	lay, err := ws.analysesLayout()
	if err != nil {
		return nil, "", nil, err
	}
	fr := followRepo{ws.repo}
	held, err := follow.Merged(fr, lay, tip)
	if err != nil {
		return nil, "", nil, err
	}
	if len(slugs) == 0 {
		slugs = held
	}
	var out []*follow.Analysis
	for _, slug := range slugs {
		if !slices.Contains(held, slug) {
			return nil, "", nil, fmt.Errorf("%s: %w %s (%s holds no %s/meta.json)", slug, follow.ErrNotMerged, name, name, lay.Dir(termsafe.String(slug)))
		}
		a, err := follow.Read(fr, lay, tip, slug)
		if err != nil {
			return nil, "", nil, err
		}
		out = append(out, a)
	}
	return ws.repo, name, out, nil
}

func runDrift(o *driftOptions, args []string, s Streams) error {
	repo, base, list, err := openMerged(o.dir, o.base, args)
	if err != nil {
		return err
	}
	reports := []*follow.DriftReport{}
	drifted := 0
	for _, a := range list {
		d, err := a.Drift(followRepo{repo})
		if err != nil {
			return err
		}
		reports = append(reports, d)
		if d.Drifted() {
			drifted++
		}
	}
	if o.json {
		if err := writeJSON(s, reports); err != nil {
			return err
		}
	} else {
		if len(reports) == 0 {
			fmt.Fprintf(s.Out, "%s holds no merged analysis.\n", base)
		}
		p := s.colors(s.Out)
		for _, d := range reports {
			printDrift(s, p, base, d)
		}
	}
	if drifted > 0 {
		return silent(ExitIncomplete, fmt.Errorf("%s drifted", steps.Count(drifted, "analysis", "analyses")))
	}
	return nil
}

func printDrift(s Streams, p palette, base string, d *follow.DriftReport) {
	since := fmt.Sprintf("since %s (%s)", gitops.ShortHash(d.Since), d.Why)
	if !d.Drifted() {
		fmt.Fprintf(s.Out, "%s  %s %s\n", p.head(d.Slug), p.good("no drift"), since)
	} else {
		fmt.Fprintf(s.Out, "%s  %s %s\n", p.head(d.Slug), p.warn(steps.Count(len(d.Files), "file drifted", "files drifted")), since)
	}
	if d.Note != "" {
		fmt.Fprintf(s.Out, "  %s %s\n", p.warn("note:"), termsafe.String(d.Note))
	}
	if len(d.Pending) > 0 {
		fmt.Fprintf(s.Out, "  not built yet, left out: %s\n", orNone(d.Pending))
	}
	for _, f := range d.Files {
		what := f.Change
		if f.RenamedTo != "" {
			what += " to " + f.RenamedTo
		}
		fmt.Fprintf(s.Out, "  %s (%s)\n", termsafe.String(f.Path), termsafe.String(what))
		for _, c := range f.Commits {
			fmt.Fprintf(s.Out, "    %s %s\n", gitops.ShortHash(c.Hash), termsafe.String(c.Subject))
		}
	}
	if d.Drifted() {
		fmt.Fprintf(s.Out, "  read them against the analysis; if it still holds: %s\n", p.hint("rtgit drift --accept "+d.Slug))
	}
}

func runDriftAccept(o *driftOptions, slug string, s Streams) error {
	if o.base != "" {
		return usageErr("drift: --accept records on the default branch; leave out --base")
	}
	ws, err := openWorkspace(o.dir, true)
	if err != nil {
		return err
	}
	def, err := ws.repo.DefaultBranch()
	if err != nil {
		return err
	}
	// The record is a commit on the local default branch, read at its
	// tip: what the person has checked out is what they read, even when
	// origin's is behind it.
	base := strings.TrimPrefix(def, "origin/")
	head, err := ws.repo.HeadBranch()
	if err != nil {
		return err
	}
	if head != base {
		return fmt.Errorf("drift --accept records on %s, the default branch; switch to it first (git switch %s)", base, base)
	}
	repo, _, list, err := openMerged(o.dir, base, []string{slug})
	if err != nil {
		return err
	}
	a := list[0]
	at := a.Tip
	if o.at != "" {
		if at, err = repo.ResolveCommit(o.at); err != nil {
			return err
		}
		if !a.OnHistory(at) {
			return fmt.Errorf("drift --accept: %s is not a commit of %s since %s was merged in %s", o.at, base, slug, gitops.ShortHash(a.Merged))
		}
	}
	rel := path.Join(a.Dir, follow.BaselineFile)
	// The record is the one file written; anything the user changed and
	// did not commit stays theirs, and an uncommitted edit of the record
	// itself is refused rather than overwritten.
	if dirty, err := repo.Dirty([]string{rel}); err != nil || len(dirty) > 0 {
		if err == nil {
			err = fmt.Errorf("%w in %s; commit or discard it first", gitops.ErrDirty, rel)
		}
		return err
	}
	name, email := repo.Author()
	who := name
	if email != "" {
		who += " <" + email + ">"
	}
	b := follow.NewBaseline(at, who, time.Now())
	abs := filepath.Join(repo.Root(), filepath.FromSlash(rel))
	if err := os.WriteFile(abs, b.Marshal(), 0o644); err != nil {
		return err
	}
	sha, err := repo.Commit([]string{rel}, fmt.Sprintf("drift: %s read against the code up to %s and found right", slug, gitops.ShortHash(at)))
	if err != nil {
		if errors.Is(err, gitops.ErrIndexLocked) {
			return silent(ExitBusy, err)
		}
		return err
	}
	fmt.Fprintf(s.Out, "%s: drift now counts after %s (committed %s on %s)\n", slug, gitops.ShortHash(at), gitops.ShortHash(sha), base)
	if def != base {
		fmt.Fprintf(s.Out, "rtgit drift reads %s: push %s for it to count from there too\n", def, base)
	}
	return nil
}
