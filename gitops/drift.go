package gitops

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Drift is how the code moved between two commits, seen from a few paths.
type Drift struct {
	From, To string // full SHAs
	// Commits counts the commits in from..to (reachable from to, not from
	// from), as `git rev-list --count from..to` does. History is only
	// walked when a path asked about changed, so it is -1 otherwise.
	Commits int
	// Paths are the paths whose entry differs between the two trees.
	Paths []string
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
//
// Every commit and tree it needs is read, never assumed: in a shallow
// clone a walk that reaches the boundary fails with ErrMissingHistory
// rather than count a range it cannot see.
func (r *Repo) Drift(from, to string, paths []string) (*Drift, error) {
	d, err := r.drift(from, to, paths)
	if errors.Is(err, plumbing.ErrObjectNotFound) {
		return nil, fmt.Errorf("%w: %v", ErrMissingHistory, err)
	}
	return d, err
}

func (r *Repo) drift(from, to string, paths []string) (*Drift, error) {
	fromHash, err := r.resolveHash(from)
	if err != nil {
		return nil, err
	}
	toHash, err := r.resolveHash(to)
	if err != nil {
		return nil, err
	}
	d := &Drift{From: fromHash.String(), To: toHash.String()}
	if fromHash == toHash {
		return d, nil
	}
	trees, done, err := r.newTreeCache()
	if err != nil {
		return nil, err
	}
	defer done()
	a, err := trees.commit(fromHash)
	if err != nil {
		return nil, err
	}
	b, err := trees.commit(toHash)
	if err != nil {
		return nil, err
	}
	changed, err := trees.diffAll(a.Tree, b.Tree)
	if err != nil {
		return nil, err
	}
	d.Paths = changed
	inDiff := make(map[string]bool, len(changed))
	for _, p := range changed {
		inDiff[p] = true
	}
	var follow [][]string // per file: the names whose history counts
	for _, p := range paths {
		if !inDiff[p] {
			continue
		}
		was, err := trees.entry(a.Tree, p)
		if err != nil {
			return nil, err
		}
		now, err := trees.entry(b.Tree, p)
		if err != nil {
			return nil, err
		}
		f := DriftFile{Path: p, Change: DriftModified}
		switch {
		case was == nil:
			f.Change = DriftAdded
		case now == nil:
			f.Change = DriftDeleted
			to, err := r.renamedTo(trees, p, was, changed, a.Tree, b.Tree)
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
	if len(follow) == 0 {
		d.Commits = -1
		return d, nil
	}
	n, err := trees.walkRange(a.Hash, b.Hash, func(c *walkCommit) error {
		for i, names := range follow {
			touched, err := trees.touches(c, names)
			if err != nil {
				return err
			}
			if touched {
				d.Files[i].Commits = append(d.Files[i].Commits, LogLine{Hash: c.Hash.String(), Subject: c.Subject})
			}
		}
		return nil
	})
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
