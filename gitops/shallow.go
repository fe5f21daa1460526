package gitops

import (
	"context"
	"errors"
	"fmt"
	"math"

	gogit "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// ErrMissingHistory means a comparison needs commits this clone does not
// hold: a shallow clone stops at its boundary, and a rewritten history
// may have dropped the commit altogether.
var ErrMissingHistory = errors.New("the history needed is not in this clone")

// deepenSteps are the depths, counted from a branch's tip, that DeepenUntil
// fetches in turn: most analyses start a few dozen commits behind the tip,
// so the first step is cheap and usually enough, and the last one is the
// whole history, which is what a full clone would have fetched anyway.
var deepenSteps = []int{64, 512, 4096, math.MaxInt32}

// Shallow reports whether the clone holds only part of its history, as
// `git clone --depth` and actions/checkout leave it.
func (r *Repo) Shallow() (bool, error) {
	s, err := r.st.Shallow()
	return len(s) > 0, err
}

// HasCommit reports whether the commit sha is in the object store.
func (r *Repo) HasCommit(sha string) bool {
	if !plumbing.IsHash(sha) || len(sha) != 40 {
		return false
	}
	_, err := object.GetCommit(r.st, plumbing.NewHash(sha))
	return err == nil
}

// fetchOptions are the options for bringing branch into its
// remote-tracking ref. In a shallow clone every fetch names a depth:
// go-git tells the server where the clone's history stops only when one is
// given, and without that the server takes the boundary commits' parents
// for present and leaves them out of the pack, which breaks the clone.
func (r *Repo) fetchOptions(remote, branch string, depth int) (*gogit.FetchOptions, error) {
	ref, err := branchRef(branch)
	if err != nil {
		return nil, err
	}
	spec := config.RefSpec("+" + ref.String() + ":" + remoteRef(remote, branch).String())
	o := &gogit.FetchOptions{RemoteName: remote, RefSpecs: []config.RefSpec{spec}, Tags: gogit.NoTags, Depth: depth}
	if depth == 0 {
		shallow, err := r.Shallow()
		if err != nil {
			return nil, err
		}
		if shallow {
			o.Depth = 1
		}
	}
	return o, nil
}

// DeepenUntil fetches more of branch's history from remote, deeper each
// time (deepenSteps), until enough reports that what is needed is here.
// It reports whether enough was ever satisfied; in a full clone there is
// nothing more to fetch and it reports false at once.
func (r *Repo) DeepenUntil(ctx context.Context, remote, branch, token string, enough func() bool) (bool, error) {
	for _, depth := range deepenSteps {
		shallow, err := r.Shallow()
		if err != nil || !shallow {
			return false, err
		}
		if _, err := r.fetchDepth(ctx, remote, branch, token, depth); err != nil {
			return false, err
		}
		if enough() {
			return true, nil
		}
	}
	return false, nil
}

// unshallow drops from the clone's list of boundary commits those whose
// parents are all present now. go-git adds the new boundary a deeper fetch
// reports but ignores the server's word that an old one no longer is
// (the "unshallow" lines), and git would go on taking those commits for
// roots and hide the history just fetched below them.
func (r *Repo) unshallow() error {
	list, err := r.st.Shallow()
	if err != nil || len(list) == 0 {
		return err
	}
	keep := list[:0:0]
	for _, h := range list {
		c, err := object.GetCommit(r.st, h)
		if err != nil {
			keep = append(keep, h)
			continue
		}
		for _, p := range c.ParentHashes {
			if _, err := r.st.EncodedObject(plumbing.CommitObject, p); err != nil {
				keep = append(keep, h)
				break
			}
		}
	}
	if len(keep) == len(list) {
		return nil
	}
	if err := r.st.SetShallow(keep); err != nil {
		return fmt.Errorf("update the shallow boundary: %w", err)
	}
	return nil
}
