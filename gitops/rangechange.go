package gitops

import (
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// RangeCommitLimit bounds how many commits of a range RangeChange reads
// the messages of: a pull request has a few; a range past this is
// mistaken, and its first commits are enough to say what it names.
const RangeCommitLimit = 1000

// Range is what a change from base to head did, the way a pull request
// shows it: the files that differ between the merge base and head, and
// the messages of the commits head has that base has not.
type Range struct {
	Base, Head, MergeBase string
	Files                 []string
	Messages              []string
}

// RangeChange reads the change from base to head. Only the trees on the
// path of a difference are read, so the cost follows the change.
func (r *Repo) RangeChange(base, head string) (*Range, error) {
	bc, err := r.commitAt(base)
	if err != nil {
		return nil, err
	}
	hc, err := r.commitAt(head)
	if err != nil {
		return nil, err
	}
	out := &Range{Base: bc.Hash.String(), Head: hc.Hash.String()}
	mb, err := hc.MergeBase(bc)
	if err != nil {
		return nil, fmt.Errorf("the merge base of %s and %s: %w", base, head, err)
	}
	from := plumbing.ZeroHash
	stop := map[plumbing.Hash]bool{}
	if len(mb) > 0 {
		out.MergeBase = mb[0].Hash.String()
		from = mb[0].TreeHash
		for _, c := range mb {
			stop[c.Hash] = true
		}
	}
	if out.Files, err = r.changedPaths(from, hc.TreeHash); err != nil {
		return nil, err
	}
	// The commits above the merge base: a walk from head that stops at
	// it, and at any commit base already holds (a merge of the base
	// branch into the pull request brings those).
	// Only a commit reached through a merge's second parent can be one
	// base holds without being below the merge base, so only those are
	// asked (asking walks base's history).
	type step struct {
		c      *object.Commit
		merged bool
	}
	queue, seen := []step{{c: hc}}, map[plumbing.Hash]bool{hc.Hash: true}
	for len(queue) > 0 && len(out.Messages) < RangeCommitLimit {
		c, merged := queue[0].c, queue[0].merged
		queue = queue[1:]
		if stop[c.Hash] {
			continue
		}
		if merged {
			if in, err := c.IsAncestor(bc); err == nil && in {
				continue
			}
		}
		out.Messages = append(out.Messages, c.Message)
		for i, h := range c.ParentHashes {
			if seen[h] {
				continue
			}
			seen[h] = true
			p, err := object.GetCommit(r.st, h)
			if err != nil {
				return nil, fmt.Errorf("commit %s: %w", h, err)
			}
			queue = append(queue, step{c: p, merged: merged || i > 0})
		}
	}
	return out, nil
}
