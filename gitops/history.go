package gitops

import (
	"container/heap"
	"errors"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// RecentChanges lists the paths each of the last n non-merge commits
// reachable from rev changed, newest first by committer time (the order
// of git log). Only rev and its ancestors are read, never anything newer:
// what the history says about change sizes is what was known at rev.
//
// Merges are passed over (their parents are walked), and so are root
// commits, which import a project rather than change it. A history cut
// short (a shallow clone, a missing object) ends the list where it ends,
// without an error: the caller gets what could be read. The cost is n
// tree differences, each reading only the subtrees that differ.
func (r *Repo) RecentChanges(rev string, n int) ([][]string, error) {
	if n <= 0 {
		return nil, nil
	}
	start, err := r.resolveHash(rev)
	if err != nil {
		return nil, err
	}
	first, err := r.repo.CommitObject(start)
	if err != nil {
		return nil, err
	}
	q := &ctimeQueue{}
	seen := map[plumbing.Hash]bool{start: true}
	heap.Push(q, first)
	var out [][]string
	for q.Len() > 0 && len(out) < n {
		c := heap.Pop(q).(*object.Commit)
		var parents []*object.Commit
		for _, h := range c.ParentHashes {
			p, err := r.repo.CommitObject(h)
			if err != nil {
				if errors.Is(err, plumbing.ErrObjectNotFound) {
					continue // a shallow boundary: the history ends here
				}
				return out, err
			}
			parents = append(parents, p)
			if !seen[h] {
				seen[h] = true
				heap.Push(q, p)
			}
		}
		if len(c.ParentHashes) != 1 || len(parents) != 1 {
			continue // a merge, a root, or a commit whose parent is missing
		}
		paths, err := r.changedPaths(parents[0].TreeHash, c.TreeHash)
		if err != nil {
			if errors.Is(err, plumbing.ErrObjectNotFound) {
				continue
			}
			return out, err
		}
		if len(paths) > 0 {
			out = append(out, paths)
		}
	}
	return out, nil
}

// ctimeQueue orders commits newest first by committer time.
type ctimeQueue []*object.Commit

func (q ctimeQueue) Len() int           { return len(q) }
func (q ctimeQueue) Less(i, j int) bool { return q[i].Committer.When.After(q[j].Committer.When) }
func (q ctimeQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *ctimeQueue) Push(x any)        { *q = append(*q, x.(*object.Commit)) }
func (q *ctimeQueue) Pop() any {
	old := *q
	c := old[len(old)-1]
	*q = old[:len(old)-1]
	return c
}
