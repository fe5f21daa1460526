package gitops

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/packfile"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/protocol/packp"
	"github.com/go-git/go-git/v5/plumbing/transport"
	"github.com/go-git/go-git/v5/plumbing/transport/client"
)

// maxPushCommits bounds the walk from the local tip back to the expected
// remote tip. rtgit pushes a handful of its own commits at a time; a longer
// gap goes through go-git's general push instead.
const maxPushCommits = 1000

// errSlowPath means the fast push cannot tell what to send on its own and
// the general push must decide.
var errSlowPath = errors.New("push needs the general object walk")

// pushAhead sends local to remote's ref when the remote branch is at
// expect and expect is an ancestor of local along single-parent commits.
//
// go-git's own push works out what to send by walking every object
// reachable from every remote ref, which costs time in proportion to the
// whole history. Here the remote is known to hold expect and everything
// below it, so the pack needs only the commits above expect and, for each,
// the trees and blobs its tree does not share with its parent's: a cost
// that follows the size of the change, not of the repository.
func (r *Repo) pushAhead(ctx context.Context, url string, auth transport.AuthMethod, ref plumbing.ReferenceName, expect, local plumbing.Hash) error {
	objs, err := r.objectsAbove(local, expect)
	if err != nil {
		return err
	}
	ep, err := transport.NewEndpoint(url)
	if err != nil {
		return err
	}
	cl, err := client.NewClient(ep)
	if err != nil {
		return err
	}
	sess, err := cl.NewReceivePackSession(ep, auth)
	if err != nil {
		return err
	}
	defer sess.Close()
	ar, err := sess.AdvertisedReferencesContext(ctx)
	if err != nil {
		return err
	}
	refs, err := ar.AllReferences()
	if err != nil {
		return err
	}
	cur, ok := refs[ref]
	if !ok || cur.Hash() != expect {
		at := "missing"
		if ok {
			at = "at " + ShortHash(cur.Hash().String())
		}
		return fmt.Errorf("%s: %w (it is %s, expected %s)", ref.Short(), ErrPushRejected, at, ShortHash(expect.String()))
	}

	var pack bytes.Buffer
	if _, err := packfile.NewEncoder(&pack, r.st, false).Encode(objs, 0); err != nil {
		return fmt.Errorf("pack %d objects: %w", len(objs), err)
	}
	req := packp.NewReferenceUpdateRequestFromCapabilities(ar.Capabilities)
	req.Commands = []*packp.Command{{Name: ref, Old: expect, New: local}}
	req.Packfile = io.NopCloser(&pack)
	rs, err := sess.ReceivePack(ctx, req)
	if err == nil && rs != nil {
		err = rs.Error()
	}
	return err
}

// objectsAbove lists the objects of the commits from tip down to, not
// including, base: each commit, and each tree and blob it does not share
// with its parent. errSlowPath means base is not reached through
// single-parent commits within maxPushCommits.
func (r *Repo) objectsAbove(tip, base plumbing.Hash) ([]plumbing.Hash, error) {
	seen := make(map[plumbing.Hash]bool)
	var out []plumbing.Hash
	add := func(h plumbing.Hash) bool {
		if seen[h] {
			return false
		}
		seen[h] = true
		out = append(out, h)
		return true
	}
	for h, n := tip, 0; h != base; n++ {
		if n == maxPushCommits {
			return nil, errSlowPath
		}
		c, err := object.GetCommit(r.st, h)
		if err != nil {
			return nil, fmt.Errorf("read commit %s: %w", ShortHash(h.String()), err)
		}
		if len(c.ParentHashes) != 1 {
			return nil, errSlowPath
		}
		parent, err := object.GetCommit(r.st, c.ParentHashes[0])
		if err != nil {
			return nil, fmt.Errorf("read commit %s: %w", ShortHash(c.ParentHashes[0].String()), err)
		}
		add(c.Hash)
		if err := r.treeObjectsNotIn(c.TreeHash, parent.TreeHash, add); err != nil {
			return nil, err
		}
		h = parent.Hash
	}
	return out, nil
}

// treeObjectsNotIn adds tree and every object below it that old does not
// hold at the same path, descending only into subtrees that changed. It
// descends even into a tree already added for another commit: what that
// tree shares with this parent may differ from what it shared with that one.
func (r *Repo) treeObjectsNotIn(tree, old plumbing.Hash, add func(plumbing.Hash) bool) error {
	if tree == old {
		return nil
	}
	add(tree)
	t, err := object.GetTree(r.st, tree)
	if err != nil {
		return fmt.Errorf("read tree %s: %w", ShortHash(tree.String()), err)
	}
	was := map[string]object.TreeEntry{}
	if !old.IsZero() {
		o, err := object.GetTree(r.st, old)
		if err != nil {
			return fmt.Errorf("read tree %s: %w", ShortHash(old.String()), err)
		}
		for _, e := range o.Entries {
			was[e.Name] = e
		}
	}
	for _, e := range t.Entries {
		prev, had := was[e.Name]
		if had && prev.Hash == e.Hash {
			continue
		}
		switch e.Mode {
		case filemode.Submodule:
			// The commit lives in another repository.
		case filemode.Dir:
			base := plumbing.ZeroHash
			if had && prev.Mode == filemode.Dir {
				base = prev.Hash
			}
			if err := r.treeObjectsNotIn(e.Hash, base, add); err != nil {
				return err
			}
		default:
			add(e.Hash)
		}
	}
	return nil
}

// rejected reports whether a push error means the remote branch was not
// where we expected: another push won the race.
func rejected(err error) bool {
	if errors.Is(err, ErrPushRejected) {
		return true
	}
	msg := err.Error()
	for _, s := range []string{"required to be", "failed to lock", "failed to update ref", "cannot lock ref", "non-fast-forward", "fetch first", "stale info"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}
