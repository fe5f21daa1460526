package gitops

import (
	"bytes"
	"fmt"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

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
	Message    string // the whole message, as written
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
	c.Message = string(msg)
	c.Subject = subject(c.Message)
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
