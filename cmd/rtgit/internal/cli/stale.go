package cli

import (
	"errors"
	"io"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// BaseTip resolves the branch staleness compares with: the one set with
// --base (or by the action), else the repository's default branch.
func (g gitRepo) BaseTip() (string, string, error) {
	name := ""
	if g.base != nil {
		name = *g.base
	}
	if name == "" {
		var err error
		if name, err = g.Repo.DefaultBranch(); err != nil {
			return "", "", err
		}
	}
	sha, err := g.Repo.ResolveCommit(name)
	return name, sha, err
}

// Drift adapts gitops.Drift to the machine's types.
// In the action's shallow checkout a range that runs past the fetched
// history is fetched deeper and compared again.
func (g gitRepo) Drift(from, to string, paths []string) (*roundtable.Drift, error) {
	var d *gitops.Drift
	try := func() (err error) {
		d, err = g.Repo.Drift(from, to, paths)
		return err
	}
	err := try()
	if errors.Is(err, gitops.ErrMissingHistory) && g.hist != nil && g.hist.deepen != nil {
		err = g.hist.deepen(try)
	}
	if err != nil {
		return nil, err
	}
	out := &roundtable.Drift{Commits: d.Commits, Paths: d.Paths}
	for _, f := range d.Files {
		sf := roundtable.StaleFile{Path: f.Path, Change: f.Change, RenamedTo: f.RenamedTo, Commits: []roundtable.StaleCommit{}}
		for _, c := range f.Commits {
			sf.Commits = append(sf.Commits, roundtable.StaleCommit{Hash: c.Hash, Subject: c.Subject})
		}
		out.Files = append(out.Files, sf)
	}
	return out, nil
}

// setBase points staleness at branch for the rest of the command.
func setBase(m *roundtable.Machine, branch string) {
	if g, ok := m.Repo.(gitRepo); ok && g.base != nil {
		*g.base = branch
	}
}

func newRefreshCmd(g *globals, s Streams) *cobra.Command {
	var base string
	cmd := slugVerb(g, s, "refresh [<slug>]", "Move an analysis onto the current tip of its base branch",
		`When the base branch moved under an analysis (see the staleness line of
rtgit status), refresh runs the quick scan again at the base branch's tip and
records in quick-scan.md which candidate files are new and which vanished,
sets codebase_hash to the tip, renders every artifact again there as rtgit
rebuild would, lists the finished steps whose answers name files that
changed as review items (they stay finished), and commits. Edited answers
not applied yet are refused: run rtgit next first.
The base branch is the default branch (origin/HEAD, else main, else master)
unless --base names another.`,
		"  rtgit refresh invoice-export\n  rtgit refresh invoice-export --base origin/main", 1,
		func(m *roundtable.Machine, a []string, _ io.Reader) (*roundtable.Reply, error) {
			setBase(m, base)
			return m.Refresh(a[0])
		})
	cmd.Flags().StringVar(&base, "base", "", "compare with `BRANCH` instead of the default branch")
	return cmd
}
