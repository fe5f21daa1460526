package gitops

import (
	"container/heap"
	"fmt"
	"io"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Drift is how the code moved between two commits, seen from a few paths.
type Drift struct {
	From, To string // full SHAs
	// Commits counts the commits in from..to (reachable from to, not from
	// from), as `git rev-list --count from..to` does.
	Commits int
	// Changed counts the paths whose entry differs between the two trees.
	Changed int
	// Files are the paths asked about that changed, in the order asked.
	Files []DriftFile
}

// Change kinds of a DriftFile.
const (
	DriftModified = "modified"
	DriftDeleted  = "deleted"
	DriftAdded    = "added"
	DriftRenamed  = "renamed"
)

// DriftFile is one path that changed between the two commits.
type DriftFile struct {
	Path      string
	Change    string // modified, deleted, added or renamed
	RenamedTo string // the path it lives at in to, when renamed
	// Commits changed the path (or, after a rename, either name) in
	// from..to, newest first: `git log --oneline from..to -- <path>`.
	Commits []LogLine
}

// LogLine is one commit as `git log --oneline` shows it.
type LogLine struct {
	Hash    string // full SHA
	Subject string
}

// Drift compares the trees of from and to and reports which of paths
// changed, following renames, with the commits that changed each. The
// overlap comes from one tree diff, whose cost follows the difference
// rather than the size of the repository; history is walked once, and
// only to find the commits behind the overlapping paths.
func (r *Repo) Drift(from, to string, paths []string) (*Drift, error) {
	a, err := r.commitAt(from)
	if err != nil {
		return nil, err
	}
	b, err := r.commitAt(to)
	if err != nil {
		return nil, err
	}
	d := &Drift{From: a.Hash.String(), To: b.Hash.String()}
	if a.Hash == b.Hash {
		return d, nil
	}
	changed, err := r.changedPaths(a.TreeHash, b.TreeHash)
	if err != nil {
		return nil, err
	}
	d.Changed = len(changed)
	inDiff := make(map[string]bool, len(changed))
	for _, p := range changed {
		inDiff[p] = true
	}
	trees := newTreeCache(r)
	var follow [][]string // per file: the names whose history counts
	for _, p := range paths {
		if !inDiff[p] {
			continue
		}
		was, err := trees.entry(a.TreeHash, p)
		if err != nil {
			return nil, err
		}
		now, err := trees.entry(b.TreeHash, p)
		if err != nil {
			return nil, err
		}
		f := DriftFile{Path: p, Change: DriftModified}
		switch {
		case was == nil:
			f.Change = DriftAdded
		case now == nil:
			f.Change = DriftDeleted
			to, err := r.renamedTo(trees, p, was, changed, a.TreeHash, b.TreeHash)
			if err != nil {
				return nil, err
			}
			if to != "" {
				f.Change, f.RenamedTo = DriftRenamed, to
			}
		}
		names := []string{p}
		if f.RenamedTo != "" {
			names = append(names, f.RenamedTo)
		}
		d.Files = append(d.Files, f)
		follow = append(follow, names)
	}
	n, err := r.walkRange(a.Hash, b.Hash, func(c *object.Commit) error {
		for i, names := range follow {
			touched, err := trees.touches(c, names)
			if err != nil {
				return err
			}
			if touched {
				d.Files[i].Commits = append(d.Files[i].Commits, LogLine{Hash: c.Hash.String(), Subject: subject(c.Message)})
			}
		}
		return nil
	}, len(follow) > 0)
	d.Commits = n
	return d, err
}

func subject(msg string) string {
	line, _, _ := strings.Cut(strings.TrimLeft(msg, "\n"), "\n")
	return strings.TrimSpace(line)
}

// renamedTo finds where a deleted file went: a path added in the same diff
// holding the same blob, or, failing that, one with the same base name
// whose lines are mostly the same (git's default is 50% similar).
func (r *Repo) renamedTo(trees *treeCache, p string, was *object.TreeEntry, changed []string, from, to plumbing.Hash) (string, error) {
	base := p[strings.LastIndex(p, "/")+1:]
	var sameName []string
	for _, q := range changed {
		if q == p {
			continue
		}
		e, err := trees.entry(to, q)
		if err != nil {
			return "", err
		}
		if e == nil {
			continue
		}
		if e.Hash == was.Hash {
			if old, err := trees.entry(from, q); err == nil && old == nil {
				return q, nil
			}
		}
		if q[strings.LastIndex(q, "/")+1:] == base {
			sameName = append(sameName, q)
		}
	}
	if len(sameName) == 0 {
		return "", nil
	}
	oldLines, err := r.blobLines(was.Hash)
	if err != nil {
		return "", err
	}
	best, bestScore := "", 0.5
	for _, q := range sameName {
		if old, err := trees.entry(from, q); err != nil || old != nil {
			continue // not added: a file of that name was already there
		}
		e, _ := trees.entry(to, q)
		lines, err := r.blobLines(e.Hash)
		if err != nil {
			return "", err
		}
		if s := similarity(oldLines, lines); s >= bestScore {
			best, bestScore = q, s
		}
	}
	return best, nil
}

func (r *Repo) blobLines(h plumbing.Hash) (map[string]int, error) {
	b, err := object.GetBlob(r.st, h)
	if err != nil {
		return nil, err
	}
	rd, err := b.Reader()
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	buf := new(strings.Builder)
	if _, err := io.Copy(buf, io.LimitReader(rd, 8<<20)); err != nil {
		return nil, err
	}
	out := map[string]int{}
	for _, l := range strings.Split(buf.String(), "\n") {
		out[l]++
	}
	return out, nil
}

// similarity is the share of lines two files have in common.
func similarity(a, b map[string]int) float64 {
	common, total := 0, 0
	for l, n := range a {
		total += n
		common += min(n, b[l])
	}
	for _, n := range b {
		total += n
	}
	if total == 0 {
		return 1
	}
	return 2 * float64(common) / float64(total)
}

// treeCache decodes each tree once; along a history most trees are shared
// between a commit and its parent.
type treeCache struct {
	r     *Repo
	trees map[plumbing.Hash]map[string]object.TreeEntry
}

func newTreeCache(r *Repo) *treeCache {
	return &treeCache{r: r, trees: map[plumbing.Hash]map[string]object.TreeEntry{}}
}

func (t *treeCache) get(h plumbing.Hash) (map[string]object.TreeEntry, error) {
	if m, ok := t.trees[h]; ok {
		return m, nil
	}
	entries, err := t.r.treeEntries(h)
	if err != nil {
		return nil, err
	}
	m := make(map[string]object.TreeEntry, len(entries))
	for _, e := range entries {
		m[e.Name] = e
	}
	if len(t.trees) > 1<<16 {
		clear(t.trees) // bound memory on very long walks
	}
	t.trees[h] = m
	return m, nil
}

// entry is the entry at path p in tree root, or nil when there is none.
func (t *treeCache) entry(root plumbing.Hash, p string) (*object.TreeEntry, error) {
	h := root
	for {
		dir, rest, more := strings.Cut(p, "/")
		m, err := t.get(h)
		if err != nil {
			return nil, err
		}
		e, ok := m[dir]
		if !ok {
			return nil, nil
		}
		if !more {
			if e.Mode == filemode.Dir {
				return nil, nil
			}
			return &e, nil
		}
		if e.Mode != filemode.Dir {
			return nil, nil
		}
		h, p = e.Hash, rest
	}
}

// touches reports whether commit c changed any of names the way git log's
// default history simplification sees it: a commit with one parent that
// differs from it, a merge that differs from every parent.
func (t *treeCache) touches(c *object.Commit, names []string) (bool, error) {
	var parents []plumbing.Hash
	for _, ph := range c.ParentHashes {
		pc, err := object.GetCommit(t.r.st, ph)
		if err != nil {
			return false, err
		}
		parents = append(parents, pc.TreeHash)
	}
	for _, p := range names {
		differsAll := true
		if len(parents) == 0 {
			e, err := t.entry(c.TreeHash, p)
			if err != nil {
				return false, err
			}
			differsAll = e != nil
		}
		for _, pt := range parents {
			same, err := t.same(pt, c.TreeHash, p)
			if err != nil {
				return false, err
			}
			if same {
				differsAll = false
				break
			}
		}
		if differsAll {
			return true, nil
		}
	}
	return false, nil
}

// same reports whether path p is the same in trees a and b, descending
// both together and stopping at the first level whose hashes agree, so an
// unrelated commit costs one root tree.
func (t *treeCache) same(a, b plumbing.Hash, p string) (bool, error) {
	for {
		if a == b {
			return true, nil
		}
		ma, err := t.get(a)
		if err != nil {
			return false, err
		}
		mb, err := t.get(b)
		if err != nil {
			return false, err
		}
		dir, rest, more := strings.Cut(p, "/")
		ea, okA := ma[dir]
		eb, okB := mb[dir]
		if !okA || !okB {
			return okA == okB, nil
		}
		if !more {
			return ea.Hash == eb.Hash && ea.Mode == eb.Mode, nil
		}
		if ea.Mode != filemode.Dir || eb.Mode != filemode.Dir {
			return ea.Mode != filemode.Dir && eb.Mode != filemode.Dir, nil
		}
		a, b, p = ea.Hash, eb.Hash, rest
	}
}

// walkRange visits the commits reachable from to and not from from,
// newest first by committer time, the way git's revision walk marks
// commits uninteresting. visit may be skipped (count only) when want is
// false. It returns how many commits the range holds.
func (r *Repo) walkRange(from, to plumbing.Hash, visit func(*object.Commit) error, want bool) (int, error) {
	q := &commitQueue{}
	state := map[plumbing.Hash]uint8{} // 1 queued interesting, 2 uninteresting
	push := func(h plumbing.Hash, bad bool) error {
		s := state[h]
		if s == 2 || (s == 1 && !bad) {
			return nil
		}
		c, err := object.GetCommit(r.st, h)
		if err != nil {
			return fmt.Errorf("read commit %s: %w", ShortHash(h.String()), err)
		}
		if bad {
			state[h] = 2
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
	var hits []*object.Commit
	for q.Len() > 0 && q.interesting() > 0 {
		it := heap.Pop(q).(queued)
		bad := it.bad || state[it.c.Hash] == 2
		if !bad {
			hits = append(hits, it.c)
		}
		for _, p := range it.c.ParentHashes {
			if err := push(p, bad); err != nil {
				return 0, err
			}
		}
	}
	// A commit reached early through a path with a skewed clock may have
	// been marked uninteresting later; it is not in the range.
	n := 0
	for _, c := range hits {
		if state[c.Hash] == 2 {
			continue
		}
		n++
		if want {
			if err := visit(c); err != nil {
				return n, err
			}
		}
	}
	return n, nil
}

type queued struct {
	c   *object.Commit
	bad bool
}

// commitQueue orders commits newest first and counts the interesting ones,
// so the walk stops as soon as only uninteresting history is left.
type commitQueue struct {
	items []queued
	good  int
}

func (q *commitQueue) Len() int { return len(q.items) }
func (q *commitQueue) Less(i, j int) bool {
	return q.items[i].c.Committer.When.After(q.items[j].c.Committer.When)
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

// DefaultBranch names the branch analyses are compared with when none is
// given: the branch origin/HEAD points at (the local one if it exists, the
// remote-tracking one otherwise), else main, else master.
func (r *Repo) DefaultBranch() (string, error) {
	if ref, err := r.repo.Reference(plumbing.NewRemoteHEADReferenceName("origin"), false); err == nil && ref.Type() == plumbing.SymbolicReference {
		target := ref.Target()
		name := strings.TrimPrefix(target.String(), "refs/remotes/origin/")
		if _, err := r.repo.Reference(plumbing.NewBranchReferenceName(name), false); err == nil {
			return name, nil
		}
		if _, err := r.repo.Reference(target, false); err == nil {
			return "origin/" + name, nil
		}
	}
	for _, name := range []string{"main", "master"} {
		if _, err := r.repo.Reference(plumbing.NewBranchReferenceName(name), false); err == nil {
			return name, nil
		}
	}
	return "", fmt.Errorf("no default branch: neither origin/HEAD, main nor master exists; name the base branch: %w", ErrNoBranch)
}

// ResolveCommit returns the full SHA of rev: a branch, a remote-tracking
// branch ("origin/main"), HEAD, or a full or abbreviated SHA.
func (r *Repo) ResolveCommit(rev string) (string, error) {
	c, err := r.commitAt(rev)
	if err != nil {
		return "", err
	}
	return c.Hash.String(), nil
}
