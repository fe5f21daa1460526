package gitops

import (
	"container/heap"

	"github.com/go-git/go-git/v5/plumbing"
)

// RecentChanges lists the paths each of the last n non-merge commits
// reachable from rev changed, newest first by committer time (the order
// of git log). Only rev and its ancestors are read, never anything newer:
// what the history says about change sizes is what was known at rev.
//
// Merges are passed over (their parents are walked), and so are root
// commits, which import a project rather than change it. A history cut
// short (a shallow clone, a missing object) ends where it ends, without
// an error: the caller gets what could be read. At most 4n commits are
// visited, so a history of merges cannot make the walk long.
//
// It reads objects through the staleness check's reader (drift.go), not
// go-git's object storage: on a 100,000-file repository go-git took about
// 0.75 ms a commit, a fifth of a whole scan for 300 commits.
func (r *Repo) RecentChanges(rev string, n int) ([][]string, error) {
	if n <= 0 {
		return nil, nil
	}
	start, err := r.resolveHash(rev)
	if err != nil {
		return nil, err
	}
	t, done, err := r.newTreeCache()
	if err != nil {
		return nil, err
	}
	defer done()
	first, err := t.commit(start)
	if err != nil {
		return nil, err
	}
	q := &commitQueue{}
	seen := map[plumbing.Hash]bool{first.Hash: true}
	heap.Push(q, queued{c: first})
	var out [][]string
	for visited := 0; q.Len() > 0 && len(out) < n && visited < 4*n; visited++ {
		c := heap.Pop(q).(queued).c
		var parents []*walkCommit
		for _, h := range c.Parents {
			p, err := t.commit(h)
			if err != nil {
				continue // a shallow boundary or a missing object: the history ends here
			}
			parents = append(parents, p)
			if !seen[h] {
				seen[h] = true
				heap.Push(q, queued{c: p})
			}
		}
		if len(c.Parents) != 1 || len(parents) != 1 {
			continue // a merge, a root, or a commit whose parent is missing
		}
		var paths []string
		if err := t.diff(parents[0].Tree, c.Tree, "", &paths); err != nil {
			continue
		}
		if len(paths) > 0 {
			out = append(out, paths)
		}
	}
	return out, nil
}
