package gitops

import (
	"container/heap"

	"github.com/go-git/go-git/v5/plumbing"
)

// walkRange visits the commits reachable from to and not from from, as
// `git rev-list from..to` lists them, newest first by committer time. It
// returns how many commits the range holds.
//
// Committer times only order the walk; they never decide membership.
// Timestamps have a second's resolution and clocks skew, so a commit can
// look older than one it descends from, and stopping the walk on time (or
// as soon as only uninteresting commits are queued) can take a commit
// reachable from from as part of the range. So once the interesting side
// is exhausted, the uninteresting side is walked on for as long as some
// commit taken as interesting is still unmarked: to the end of the range
// in the common case, into from's history only when the range is not
// empty.
func (t *treeCache) walkRange(from, to plumbing.Hash, visit func(*walkCommit) error) (int, error) {
	q := &commitQueue{}
	state := map[plumbing.Hash]uint8{} // 1 reached as interesting, 2 uninteresting
	hit := map[plumbing.Hash]bool{}    // popped as interesting
	open := 0                          // hits not (yet) known to be uninteresting
	push := func(h plumbing.Hash, bad bool) error {
		s := state[h]
		if s == 2 || (s == 1 && !bad) {
			return nil
		}
		c, err := t.commit(h)
		if err != nil {
			return err
		}
		if bad {
			state[h] = 2
			if hit[h] {
				open--
			}
		} else {
			state[h] = 1
		}
		heap.Push(q, queued{c, bad})
		return nil
	}
	if err := push(from, true); err != nil {
		return 0, err
	}
	if err := push(to, false); err != nil {
		return 0, err
	}
	var hits []*walkCommit
	for q.Len() > 0 && q.interesting() > 0 {
		it := heap.Pop(q).(queued)
		bad := it.bad || state[it.c.Hash] == 2
		if !bad && !hit[it.c.Hash] {
			hit[it.c.Hash] = true
			open++
			hits = append(hits, it.c)
		}
		for _, p := range it.c.Parents {
			if err := push(p, bad); err != nil {
				return 0, err
			}
		}
	}
	for q.Len() > 0 && open > 0 {
		it := heap.Pop(q).(queued)
		for _, p := range it.c.Parents {
			if err := push(p, true); err != nil {
				return 0, err
			}
		}
	}
	n := 0
	for _, c := range hits {
		if state[c.Hash] == 2 {
			continue
		}
		n++
		if err := visit(c); err != nil {
			return n, err
		}
	}
	return n, nil
}

type queued struct {
	c   *walkCommit
	bad bool
}

// commitQueue orders commits newest first and counts the interesting ones,
// so the walk knows when the interesting side is exhausted.
type commitQueue struct {
	items []queued
	good  int
}

func (q *commitQueue) Len() int { return len(q.items) }
func (q *commitQueue) Less(i, j int) bool {
	return q.items[i].c.When > q.items[j].c.When
}
func (q *commitQueue) Swap(i, j int) { q.items[i], q.items[j] = q.items[j], q.items[i] }
func (q *commitQueue) Push(x any) {
	it := x.(queued)
	if !it.bad {
		q.good++
	}
	q.items = append(q.items, it)
}
func (q *commitQueue) Pop() any {
	it := q.items[len(q.items)-1]
	q.items = q.items[:len(q.items)-1]
	if !it.bad {
		q.good--
	}
	return it
}
func (q *commitQueue) interesting() int { return q.good }
