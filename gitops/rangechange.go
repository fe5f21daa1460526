package gitops

import (
	"container/heap"
	"errors"
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"
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

// RangeChange reads the change from base to head (Snapshot.RangeChange).
func (r *Repo) RangeChange(base, head string) (*Range, error) {
	s, err := r.Snapshot()
	if err != nil {
		return nil, err
	}
	defer s.Close()
	return s.RangeChange(base, head)
}

// RangeChange reads the change from base to head. Only the trees on the
// path of a difference are read, so the cost follows the change.
func (s *Snapshot) RangeChange(base, head string) (*Range, error) {
	bc, err := s.resolve(base)
	if err != nil {
		return nil, err
	}
	hc, err := s.resolve(head)
	if err != nil {
		return nil, err
	}
	out := &Range{Base: bc.Hash.String(), Head: hc.Hash.String()}
	mb, err := s.mergeBase(bc, hc)
	if err != nil {
		return nil, fmt.Errorf("the merge base of %s and %s: %w", base, head, err)
	}
	from := plumbing.ZeroHash
	if !mb.IsZero() {
		out.MergeBase = mb.String()
		c, err := s.t.commit(mb)
		if err != nil {
			return nil, err
		}
		from = c.Tree
	}
	// One pass, no workers: a pull request's diff is a few dozen trees.
	if err := s.t.diff(from, hc.Tree, "", &out.Files); err != nil {
		return nil, err
	}
	// The messages of `git log base..head`, newest first.
	_, err = s.t.walkRange(bc.Hash, hc.Hash, func(c *walkCommit) error {
		if len(out.Messages) == RangeCommitLimit {
			return errEnough
		}
		out.Messages = append(out.Messages, c.Message)
		return nil
	})
	if err != nil && !errors.Is(err, errEnough) {
		return nil, err
	}
	return out, nil
}

var errEnough = errors.New("enough commits")

// mergeBase is the merge base of a and b, found as git finds it: both
// sides are walked together, newest first, each commit marked with the
// sides that reach it; one both reach is a candidate, and what lies below
// it is stale; the walk ends when only stale commits are queued. When it
// finds other than exactly one candidate (a criss-cross merge, unrelated
// histories), go-git decides, as it did before, so the answer is the same.
func (s *Snapshot) mergeBase(a, b *walkCommit) (plumbing.Hash, error) {
	if a.Hash == b.Hash {
		return a.Hash, nil
	}
	const side1, side2, stale, result = 1, 2, 4, 8
	flags := map[plumbing.Hash]uint8{}
	q := &commitQueue{}
	push := func(h plumbing.Hash, f uint8) error {
		if flags[h]&f == f {
			return nil
		}
		c, err := s.t.commit(h)
		if err != nil {
			return err
		}
		flags[h] |= f
		heap.Push(q, queued{c, flags[h]&stale != 0})
		return nil
	}
	if err := push(a.Hash, side1); err != nil {
		return plumbing.ZeroHash, err
	}
	if err := push(b.Hash, side2); err != nil {
		return plumbing.ZeroHash, err
	}
	var found []plumbing.Hash
	// interesting counts entries queued while not stale; one that became
	// stale since only makes the walk go a little further.
	for q.Len() > 0 && q.interesting() > 0 {
		c := heap.Pop(q).(queued).c
		// A commit is queued once for each change of its marks.
		f := flags[c.Hash] & (side1 | side2 | stale)
		if f == side1|side2 {
			if flags[c.Hash]&result == 0 {
				flags[c.Hash] |= result
				found = append(found, c.Hash)
			}
			f |= stale
		}
		for _, p := range c.Parents {
			if err := push(p, f); err != nil {
				return plumbing.ZeroHash, err
			}
		}
	}
	var bases []plumbing.Hash
	for _, h := range found {
		if flags[h]&stale == 0 {
			bases = append(bases, h)
		}
	}
	if len(bases) == 1 {
		return bases[0], nil
	}
	return s.r.goGitMergeBase(a.Hash, b.Hash)
}

// goGitMergeBase is the first merge base go-git finds, or none.
func (r *Repo) goGitMergeBase(a, b plumbing.Hash) (plumbing.Hash, error) {
	ac, err := r.commitAt(a.String())
	if err != nil {
		return plumbing.ZeroHash, err
	}
	bc, err := r.commitAt(b.String())
	if err != nil {
		return plumbing.ZeroHash, err
	}
	mb, err := bc.MergeBase(ac)
	if err != nil || len(mb) == 0 {
		return plumbing.ZeroHash, err
	}
	return mb[0].Hash, nil
}
