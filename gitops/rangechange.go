package gitops

import (
	"fmt"
	"sort"

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
	if len(mb) > 0 {
		out.MergeBase = mb[0].Hash.String()
		from = mb[0].TreeHash
	}
	if out.Files, err = r.changedPaths(from, hc.TreeHash); err != nil {
		return nil, err
	}
	if out.Messages, err = r.logRange(bc, hc); err != nil {
		return nil, err
	}
	return out, nil
}

// logRange lists the messages of the commits head has and base has not,
// as `git log base..head` does, newest first: both sides are walked
// together by commit time, each commit marked with the sides that reach
// it, until every commit still queued is one base reaches. A commit that
// base reaches later in the walk (clock skew) is left out at the end.
func (r *Repo) logRange(base, head *object.Commit) ([]string, error) {
	const fromHead, fromBase = 1, 2
	flags := map[plumbing.Hash]int{}
	var queue []*object.Commit
	push := func(c *object.Commit, f int) {
		if flags[c.Hash]&f == f {
			return
		}
		flags[c.Hash] |= f
		queue = append(queue, c)
	}
	push(base, fromBase)
	push(head, fromHead)
	var order []*object.Commit
	for len(queue) > 0 && len(order) < RangeCommitLimit {
		// The newest first; at equal times base's side first, so a
		// commit both reach is marked before it is taken as head's.
		sort.SliceStable(queue, func(i, j int) bool {
			a, b := queue[i], queue[j]
			if !a.Committer.When.Equal(b.Committer.When) {
				return a.Committer.When.After(b.Committer.When)
			}
			return flags[a.Hash]&fromBase > flags[b.Hash]&fromBase
		})
		interesting := false
		for _, c := range queue {
			interesting = interesting || flags[c.Hash]&fromBase == 0
		}
		if !interesting {
			break
		}
		c := queue[0]
		queue = queue[1:]
		f := flags[c.Hash]
		if f&fromBase == 0 {
			order = append(order, c)
		}
		for _, h := range c.ParentHashes {
			p, err := object.GetCommit(r.st, h)
			if err != nil {
				return nil, fmt.Errorf("commit %s: %w", h, err)
			}
			push(p, f)
		}
	}
	var out []string
	for _, c := range order {
		if flags[c.Hash]&fromBase == 0 {
			out = append(out, c.Message)
		}
	}
	return out, nil
}
