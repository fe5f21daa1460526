package gitops

import (
	"bytes"
	"container/heap"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Drift is how the code moved between two commits, seen from a few paths.
type Drift struct {
	From, To string // full SHAs
	// Commits counts the commits in from..to (reachable from to, not from
	// from), as `git rev-list --count from..to` does. History is only
	// walked when a path asked about changed, so it is -1 otherwise.
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
	d.Changed = len(changed)
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

// treeCache decodes each tree and commit once, reading objects with the
// search's own reader (grep_objects.go): along a history most trees are
// shared between a commit and its parent, and go-git's general object
// path costs several times git's own for the thousands of small reads a
// walk makes.
type treeCache struct {
	r       *Repo
	or      *objectReader
	trees   map[plumbing.Hash][]byte
	commits map[plumbing.Hash]*walkCommit
	// later, when set, takes a pair of differing subtrees to diff later
	// instead of descending into them now (see diffAll).
	later func(a, b plumbing.Hash, prefix string)
}

// walkCommit is the part of a commit a walk needs.
type walkCommit struct {
	Hash, Tree plumbing.Hash
	Parents    []plumbing.Hash
	When       int64 // committer time, seconds
	Subject    string
}

func (r *Repo) newTreeCache() (*treeCache, func(), error) {
	store, err := openObjectStore(filepath.Join(r.commonDir, "objects"))
	if err != nil {
		return nil, nil, err
	}
	store.fallback = r.readObject
	store.mapPacks()
	t := &treeCache{r: r, or: store.reader(), trees: map[plumbing.Hash][]byte{},
		commits: map[plumbing.Hash]*walkCommit{}}
	return t, store.close, nil
}

// get returns a tree's raw entries, read once. Entries are looked up by a
// scan rather than through a map: building maps for thousands of trees
// costs more than the scans it would save.
func (t *treeCache) get(h plumbing.Hash) ([]byte, error) {
	if h.IsZero() {
		return nil, nil
	}
	if raw, ok := t.trees[h]; ok {
		return raw, nil
	}
	typ, data, err := t.or.read(h, 0, nil)
	if err != nil {
		return nil, fmt.Errorf("read tree %s: %w", ShortHash(h.String()), err)
	}
	if typ != packTree {
		return nil, fmt.Errorf("object %s is not a tree", ShortHash(h.String()))
	}
	if len(t.trees) > 1<<16 {
		clear(t.trees) // bound memory on very long walks
	}
	t.trees[h] = data
	return data, nil
}

// rawEntry is one entry of a raw tree.
type rawEntry struct {
	name []byte
	mode filemode.FileMode
	hash plumbing.Hash
	dir  bool
}

// next parses the first entry of data and returns the rest.
func nextEntry(data []byte) (rawEntry, []byte, error) {
	sp := bytes.IndexByte(data, ' ')
	nul := bytes.IndexByte(data, 0)
	if sp < 0 || nul < sp || nul+21 > len(data) {
		return rawEntry{}, nil, fmt.Errorf("malformed tree entry")
	}
	var e rawEntry
	m := data[:sp]
	// The common modes need no parsing.
	switch string(m) {
	case "40000":
		e.mode, e.dir = filemode.Dir, true
	case "100644":
		e.mode = filemode.Regular
	default:
		mode, err := filemode.New(string(m))
		if err != nil {
			return rawEntry{}, nil, err
		}
		e.mode, e.dir = mode, mode == filemode.Dir
	}
	e.name = data[sp+1 : nul]
	copy(e.hash[:], data[nul+1:nul+21])
	return e, data[nul+21:], nil
}

// find returns the entry called name in a raw tree.
func findEntry(data []byte, name string) (rawEntry, bool, error) {
	for len(data) > 0 {
		e, rest, err := nextEntry(data)
		if err != nil {
			return rawEntry{}, false, err
		}
		if string(e.name) == name {
			return e, true, nil
		}
		data = rest
	}
	return rawEntry{}, false, nil
}

// commit reads and parses one commit.
func (t *treeCache) commit(h plumbing.Hash) (*walkCommit, error) {
	if c, ok := t.commits[h]; ok {
		return c, nil
	}
	typ, data, err := t.or.read(h, 0, nil)
	if err != nil {
		return nil, fmt.Errorf("read commit %s: %w", ShortHash(h.String()), err)
	}
	if typ == packTag {
		// An annotated tag names its commit on its first line.
		if obj, ok := bytes.CutPrefix(data, []byte("object ")); ok && len(obj) >= 40 && plumbing.IsHash(string(obj[:40])) {
			return t.commit(plumbing.NewHash(string(obj[:40])))
		}
	}
	if typ != packCommit {
		return nil, fmt.Errorf("object %s is not a commit", ShortHash(h.String()))
	}
	c := &walkCommit{Hash: h}
	head, msg, _ := bytes.Cut(data, []byte("\n\n"))
	for _, l := range bytes.Split(head, []byte("\n")) {
		k, v, _ := bytes.Cut(l, []byte(" "))
		switch string(k) {
		case "tree":
			c.Tree = plumbing.NewHash(string(v))
		case "parent":
			c.Parents = append(c.Parents, plumbing.NewHash(string(v)))
		case "committer":
			f := bytes.Fields(v)
			if len(f) >= 2 {
				c.When, _ = strconv.ParseInt(string(f[len(f)-2]), 10, 64)
			}
		}
	}
	c.Subject = subject(string(msg))
	t.commits[h] = c
	return c, nil
}

// diff lists every non-directory path whose entry differs between trees
// a and b; subtrees with equal hashes are never read. Both trees are in
// git's order (a directory sorts as its name followed by "/"), so they are
// merged in one pass.
func (t *treeCache) diff(a, b plumbing.Hash, prefix string, out *[]string) error {
	if a == b {
		return nil
	}
	da, err := t.get(a)
	if err != nil {
		return err
	}
	db, err := t.get(b)
	if err != nil {
		return err
	}
	var ea, eb rawEntry
	okA, okB := false, false
	advance := func(data []byte, e *rawEntry, ok *bool) ([]byte, error) {
		if len(data) == 0 {
			*ok = false
			return nil, nil
		}
		var err error
		*e, data, err = nextEntry(data)
		*ok = err == nil
		return data, err
	}
	if da, err = advance(da, &ea, &okA); err != nil {
		return err
	}
	if db, err = advance(db, &eb, &okB); err != nil {
		return err
	}
	for okA || okB {
		c := 0
		switch {
		case !okA:
			c = 1
		case !okB:
			c = -1
		default:
			c = compareEntries(ea, eb)
		}
		switch {
		case c < 0: // only in a
			if err := t.side(ea, prefix, false, out); err != nil {
				return err
			}
			if da, err = advance(da, &ea, &okA); err != nil {
				return err
			}
		case c > 0: // only in b
			if err := t.side(eb, prefix, true, out); err != nil {
				return err
			}
			if db, err = advance(db, &eb, &okB); err != nil {
				return err
			}
		default:
			if ea.hash != eb.hash || ea.mode != eb.mode {
				name := prefix + string(eb.name)
				switch {
				case ea.dir && eb.dir && t.later != nil:
					t.later(ea.hash, eb.hash, name+"/")
				case ea.dir && eb.dir:
					if err := t.diff(ea.hash, eb.hash, name+"/", out); err != nil {
						return err
					}
				default:
					*out = append(*out, name)
				}
			}
			if da, err = advance(da, &ea, &okA); err != nil {
				return err
			}
			if db, err = advance(db, &eb, &okB); err != nil {
				return err
			}
		}
	}
	return nil
}

// diffAll is diff from the root, with the top-level directories that
// differ split among workers, each reading with its own reader: the two
// trees of a large diff are mostly distinct objects, so the work divides
// well, and a walk of a few thousand trees is otherwise bound by inflating
// them one after another.
func (t *treeCache) diffAll(a, b plumbing.Hash) ([]string, error) {
	type job struct {
		a, b   plumbing.Hash
		prefix string
	}
	var jobs []job
	var out []string
	t.later = func(a, b plumbing.Hash, prefix string) { jobs = append(jobs, job{a, b, prefix}) }
	err := t.diff(a, b, "", &out)
	t.later = nil
	if err != nil {
		return nil, err
	}
	workers := min(runtime.GOMAXPROCS(0), len(jobs))
	if workers <= 1 {
		for _, j := range jobs {
			if err := t.diff(j.a, j.b, j.prefix, &out); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	next := make(chan job)
	parts := make([][]string, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			own := &treeCache{r: t.r, or: t.or.s.reader(), trees: map[plumbing.Hash][]byte{}, commits: map[plumbing.Hash]*walkCommit{}}
			for j := range next {
				if errs[w] == nil {
					errs[w] = own.diff(j.a, j.b, j.prefix, &parts[w])
				}
			}
		}()
	}
	for _, j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
	for w := range workers {
		if errs[w] != nil {
			return nil, errs[w]
		}
		out = append(out, parts[w]...)
	}
	return out, nil
}

// side lists what an entry on one side only contributes: the file, or
// every file under the directory.
func (t *treeCache) side(e rawEntry, prefix string, added bool, out *[]string) error {
	name := prefix + string(e.name)
	if !e.dir {
		*out = append(*out, name)
		return nil
	}
	if t.later != nil {
		if added {
			t.later(plumbing.ZeroHash, e.hash, name+"/")
		} else {
			t.later(e.hash, plumbing.ZeroHash, name+"/")
		}
		return nil
	}
	if added {
		return t.diff(plumbing.ZeroHash, e.hash, name+"/", out)
	}
	return t.diff(e.hash, plumbing.ZeroHash, name+"/", out)
}

// compareEntries orders entries as git sorts a tree.
func compareEntries(a, b rawEntry) int {
	n := min(len(a.name), len(b.name))
	if c := bytes.Compare(a.name[:n], b.name[:n]); c != 0 {
		return c
	}
	ca, cb := byte(0), byte(0)
	if len(a.name) > n {
		ca = a.name[n]
	} else if a.dir {
		ca = '/'
	}
	if len(b.name) > n {
		cb = b.name[n]
	} else if b.dir {
		cb = '/'
	}
	switch {
	case ca < cb:
		return -1
	case ca > cb:
		return 1
	}
	if len(a.name) != len(b.name) {
		return len(a.name) - len(b.name)
	}
	return 0
}

// entry is the entry at path p in tree root, or nil when there is none.
func (t *treeCache) entry(root plumbing.Hash, p string) (*object.TreeEntry, error) {
	h := root
	for {
		dir, rest, more := strings.Cut(p, "/")
		raw, err := t.get(h)
		if err != nil {
			return nil, err
		}
		e, ok, err := findEntry(raw, dir)
		if err != nil || !ok {
			return nil, err
		}
		if !more {
			if e.dir {
				return nil, nil
			}
			return &object.TreeEntry{Name: dir, Mode: e.mode, Hash: e.hash}, nil
		}
		if !e.dir {
			return nil, nil
		}
		h, p = e.hash, rest
	}
}

// touches reports whether commit c changed any of names the way git log's
// default history simplification sees it: a commit with one parent that
// differs from it, a merge that differs from every parent.
func (t *treeCache) touches(c *walkCommit, names []string) (bool, error) {
	var parents []plumbing.Hash
	for _, ph := range c.Parents {
		pc, err := t.commit(ph)
		if err != nil {
			return false, err
		}
		parents = append(parents, pc.Tree)
	}
	for _, p := range names {
		differsAll := true
		if len(parents) == 0 {
			e, err := t.entry(c.Tree, p)
			if err != nil {
				return false, err
			}
			differsAll = e != nil
		}
		for _, pt := range parents {
			same, err := t.same(pt, c.Tree, p)
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
		ra, err := t.get(a)
		if err != nil {
			return false, err
		}
		rb, err := t.get(b)
		if err != nil {
			return false, err
		}
		dir, rest, more := strings.Cut(p, "/")
		ea, okA, err := findEntry(ra, dir)
		if err != nil {
			return false, err
		}
		eb, okB, err := findEntry(rb, dir)
		if err != nil {
			return false, err
		}
		if !okA || !okB {
			return okA == okB, nil
		}
		if !more {
			return ea.hash == eb.hash && ea.mode == eb.mode, nil
		}
		if !ea.dir || !eb.dir {
			return !ea.dir && !eb.dir, nil
		}
		a, b, p = ea.hash, eb.hash, rest
	}
}

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

// AnalysisBranchPrefix starts the name of every analysis branch; it is
// roundtable.BranchPrefix, repeated here because gitops imports no domain
// code (a test in the command line checks the two agree).
const AnalysisBranchPrefix = "rtgit/"

// DefaultBranch names the branch analyses are compared with and start
// from when none is given: the remote-tracking branch origin/HEAD points
// at, else the local main, else master. The remote's tip wins over a local
// branch of the same name, which may be behind it (or ahead with unpushed
// work nobody else has); the local branch stands in only when origin/HEAD
// points at a branch never fetched.
//
// An analysis branch is never the default: a clone made while the
// remote's HEAD was on one has origin/HEAD pointing there, and comparing
// with it would measure every analysis against another. Such a clone
// falls back to main, then master, origin's before the local one.
func (r *Repo) DefaultBranch() (string, error) {
	if ref, err := r.repo.Reference(plumbing.NewRemoteHEADReferenceName("origin"), false); err == nil && ref.Type() == plumbing.SymbolicReference {
		name := strings.TrimPrefix(ref.Target().String(), "refs/remotes/origin/")
		if !strings.HasPrefix(name, AnalysisBranchPrefix) {
			if b, ok := r.remoteOrLocal(name); ok {
				return b, nil
			}
		} else {
			for _, name := range []string{"main", "master"} {
				if b, ok := r.remoteOrLocal(name); ok {
					return b, nil
				}
			}
		}
	}
	for _, name := range []string{"main", "master"} {
		if _, err := r.repo.Reference(plumbing.NewBranchReferenceName(name), false); err == nil {
			return name, nil
		}
	}
	return "", fmt.Errorf("no default branch: neither origin/HEAD (outside %s*), main nor master exists; name the base branch: %w", AnalysisBranchPrefix, ErrNoBranch)
}

// remoteOrLocal names origin's branch name if it was fetched, else the
// local one, if either exists.
func (r *Repo) remoteOrLocal(name string) (string, bool) {
	if _, err := r.repo.Reference(plumbing.NewRemoteReferenceName("origin", name), false); err == nil {
		return "origin/" + name, true
	}
	if _, err := r.repo.Reference(plumbing.NewBranchReferenceName(name), false); err == nil {
		return name, true
	}
	return "", false
}

// ResolveCommit returns the full SHA of rev: a branch, a remote-tracking
// branch ("origin/main"), HEAD, or a full or abbreviated SHA. Names are
// resolved through the refs alone, without reading any object: opening
// go-git's object storage costs more than a whole staleness check.
func (r *Repo) ResolveCommit(rev string) (string, error) {
	h, err := r.resolveHash(rev)
	if err != nil {
		return "", err
	}
	return h.String(), nil
}

func (r *Repo) resolveHash(rev string) (plumbing.Hash, error) {
	if len(rev) == 40 && plumbing.IsHash(rev) {
		return plumbing.NewHash(rev), nil
	}
	for _, name := range []plumbing.ReferenceName{
		plumbing.ReferenceName(rev), plumbing.NewBranchReferenceName(rev),
		plumbing.ReferenceName("refs/remotes/" + rev), plumbing.NewTagReferenceName(rev),
	} {
		if ref, err := r.repo.Reference(name, true); err == nil && !ref.Hash().IsZero() {
			return ref.Hash(), nil
		}
	}
	c, err := r.commitAt(rev)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	return c.Hash, nil
}
