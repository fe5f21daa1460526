package gitops

import (
	"fmt"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// AnalysisBranchPrefix starts the name of every analysis branch; it is
// roundtable.BranchPrefix, repeated here because gitops imports no domain
// code (a test in the command line checks the two agree).
const AnalysisBranchPrefix = "rtgit/"

// DefaultBranch names the branch analyses are compared with and start
// from when none is given: the remote-tracking branch origin/HEAD points
// at, else the local main, else master. The remote's tip wins over a local
// branch of the same name, which may be behind it (or ahead with unpushed
// work nobody else has); the local branch stands in only when origin/HEAD
// points at a branch never fetched.
//
// An analysis branch is never the default: a clone made while the
// remote's HEAD was on one has origin/HEAD pointing there, and comparing
// with it would measure every analysis against another. Such a clone
// falls back to main, then master, origin's before the local one.
func (r *Repo) DefaultBranch() (string, error) {
	if ref, err := r.repo.Reference(plumbing.NewRemoteHEADReferenceName("origin"), false); err == nil && ref.Type() == plumbing.SymbolicReference {
		name := strings.TrimPrefix(ref.Target().String(), "refs/remotes/origin/")
		if !strings.HasPrefix(name, AnalysisBranchPrefix) {
			if b, ok := r.remoteOrLocal(name); ok {
				return b, nil
			}
		} else {
			for _, name := range []string{"main", "master"} {
				if b, ok := r.remoteOrLocal(name); ok {
					return b, nil
				}
			}
		}
	}
	for _, name := range []string{"main", "master"} {
		if _, err := r.repo.Reference(plumbing.NewBranchReferenceName(name), false); err == nil {
			return name, nil
		}
	}
	return "", fmt.Errorf("no default branch: neither origin/HEAD (outside %s*), main nor master exists; name the base branch: %w", AnalysisBranchPrefix, ErrNoBranch)
}

// remoteOrLocal names origin's branch name if it was fetched, else the
// local one, if either exists.
func (r *Repo) remoteOrLocal(name string) (string, bool) {
	if _, err := r.repo.Reference(plumbing.NewRemoteReferenceName("origin", name), false); err == nil {
		return "origin/" + name, true
	}
	if _, err := r.repo.Reference(plumbing.NewBranchReferenceName(name), false); err == nil {
		return name, true
	}
	return "", false
}

// ResolveCommit returns the full SHA of rev: a branch, a remote-tracking
// branch ("origin/main"), HEAD, or a full or abbreviated SHA. Names are
// resolved through the refs alone, without reading any object: opening
// go-git's object storage costs more than a whole staleness check.
func (r *Repo) ResolveCommit(rev string) (string, error) {
	h, err := r.resolveHash(rev)
	if err != nil {
		return "", err
	}
	return h.String(), nil
}

func (r *Repo) resolveHash(rev string) (plumbing.Hash, error) {
	if len(rev) == 40 && plumbing.IsHash(rev) {
		return plumbing.NewHash(rev), nil
	}
	for _, name := range []plumbing.ReferenceName{
		plumbing.ReferenceName(rev), plumbing.NewBranchReferenceName(rev),
		plumbing.ReferenceName("refs/remotes/" + rev), plumbing.NewTagReferenceName(rev),
	} {
		if ref, err := r.repo.Reference(name, true); err == nil && !ref.Hash().IsZero() {
			return ref.Hash(), nil
		}
	}
	c, err := r.commitAt(rev)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	return c.Hash, nil
}
