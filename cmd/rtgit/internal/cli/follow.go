package cli

import (
	"context"
	"fmt"

	"github.com/rtgit/rtgit/follow"
	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/layout"
	"github.com/rtgit/rtgit/verify"
)

// followRepo adapts gitops to follow.Repo.
type followRepo struct{ *gitops.Repo }

func (f followRepo) FirstCommit(rev, path string) (string, error) {
	o, err := f.Repo.FirstCommit(rev, path)
	return o.Hash, err
}

func (f followRepo) Mainline(from, to string, paths []string) ([]follow.Change, error) {
	list, err := f.Repo.Mainline(from, to, paths)
	if err != nil {
		return nil, err
	}
	out := make([]follow.Change, len(list))
	for i, c := range list {
		out[i] = follow.Change{Hash: c.Hash, Subject: c.Subject, Message: c.Message, Touched: c.Touched}
	}
	return out, nil
}

func (f followRepo) Drift(from, to string, paths []string) ([]follow.File, error) {
	d, err := f.Repo.Drift(from, to, paths)
	if err != nil {
		return nil, err
	}
	var out []follow.File
	for _, df := range d.Files {
		ff := follow.File{Path: df.Path, Change: df.Change, RenamedTo: df.RenamedTo, Commits: []follow.Commit{}}
		for _, c := range df.Commits {
			ff.Commits = append(ff.Commits, follow.Commit{Hash: c.Hash, Subject: c.Subject})
		}
		out = append(out, ff)
	}
	return out, nil
}

// baseTip resolves the branch a merged analysis is read on: base, else
// the default branch.
func baseTip(repo *gitops.Repo, base string) (name, sha string, err error) {
	if base == "" {
		if base, err = repo.DefaultBranch(); err != nil {
			return "", "", err
		}
	}
	sha, err = repo.ResolveCommit(base)
	return base, sha, err
}

// verifyTests is what verify's scan of the tests at a revision, and the
// JUnit reports given, say about criteria (follow.Tests).
type verifyTests struct {
	repo     *gitops.Repo
	lay      layout.Layout
	reports  []verify.TestResult
	reported bool
	refs     map[string][]verify.TestRef
}

func (v *verifyTests) Named(rev string, ids []string) (map[string][]string, error) {
	paths, err := treeTestPaths(v.repo, v.lay, rev)
	if err != nil {
		return nil, err
	}
	refs, err := verify.ScanTests(context.Background(), headSources{g: v.repo, rev: rev}, paths)
	if err != nil {
		return nil, err
	}
	v.refs = refs
	out := map[string][]string{}
	for _, id := range ids {
		for _, r := range refs[id] {
			out[id] = append(out[id], fmt.Sprintf("%s:%d", r.Path, r.Line))
		}
	}
	return out, nil
}

// Result counts a criterion as reported when a report ran a test naming
// it: passed, or failed.
func (v *verifyTests) Result(id string) (bool, bool) {
	if !v.reported || len(v.refs[id]) == 0 {
		return false, false
	}
	switch verify.ResultOf(id, v.refs[id], v.reports) {
	case "passed":
		return true, true
	case "failed":
		return false, true
	}
	return false, false
}

// readJUnits reads the JUnit reports named.
func readJUnits(files []string) ([]verify.TestResult, error) {
	var out []verify.TestResult
	for _, f := range files {
		rs, err := readJUnit(f)
		if err != nil {
			return nil, err
		}
		out = append(out, rs...)
	}
	return out, nil
}
