package gitops

import (
	"fmt"
	"os"
	"path"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// Snapshot reads commits, trees and blobs through one object store, the
// one the search and the staleness check use (grep_objects.go), for a
// command that reads a few hundred objects once and exits: rtgit verify
// reads its settings, the range's merge base and diff, every analysis's
// files and the tests from it. go-git's storage costs more at both ends
// for that: it decodes the pack indexes and builds their offset-to-hash
// maps on the first object read, and each object then goes through its
// general reader; through one store the indexes are decoded once and a
// tree read for the diff is not read again for the walk. Close it when
// done: the packs stay mapped until then.
type Snapshot struct {
	r     *Repo
	t     *treeCache
	close func()
}

// Snapshot opens the repository's objects for reading.
func (r *Repo) Snapshot() (*Snapshot, error) {
	t, done, err := r.newTreeCache()
	if err != nil {
		return nil, err
	}
	// A snapshot's reader reads the same few files of many analyses,
	// stored as deltas of one another: each is inflated once.
	t.or.keepBlobs = true
	return &Snapshot{r: r, t: t, close: done}, nil
}

// Close releases the packs.
func (s *Snapshot) Close() error {
	if s.close != nil {
		s.close()
		s.close = nil
	}
	return nil
}

// resolve names the commit rev names. A branch, tag or remote branch is
// read from the refs alone (as go-git resolves a name, in git's order);
// anything else, a short hash, a name that is also one, or a revision
// expression, goes through go-git, so it resolves exactly as before.
func (s *Snapshot) resolve(rev string) (*walkCommit, error) {
	if len(rev) == 40 && plumbing.IsHash(rev) {
		if c, err := s.t.commit(plumbing.NewHash(rev)); err == nil {
			return c, nil
		}
	}
	if plainRefName(rev) {
		for _, rule := range plumbing.RefRevParseRules {
			ref, err := s.r.repo.Reference(plumbing.ReferenceName(fmt.Sprintf(rule, rev)), true)
			if err != nil || ref.Hash().IsZero() {
				continue
			}
			if c, err := s.t.commit(ref.Hash()); err == nil {
				return c, nil
			}
			break
		}
	}
	c, err := s.r.commitAt(rev)
	if err != nil {
		return nil, err
	}
	return s.t.commit(c.Hash)
}

// plainRefName reports whether rev can only be a ref's name: go-git tries
// a hexadecimal name as a hash prefix first, and parses ^, ~, @ and :.
func plainRefName(rev string) bool {
	if rev == "" || strings.ContainsAny(rev, "^~@:{}[]?* \\") {
		return false
	}
	return strings.Trim(rev, "0123456789abcdefABCDEF") != ""
}

// ResolveCommit is Repo.ResolveCommit, which reads the refs alone.
func (s *Snapshot) ResolveCommit(rev string) (string, error) { return s.r.ResolveCommit(rev) }

// ReadFileAt is Repo.ReadFileAt read through the snapshot: a path absent
// at rev gives an error wrapping os.ErrNotExist.
func (s *Snapshot) ReadFileAt(rev, p string) ([]byte, error) {
	c, err := s.resolve(rev)
	if err != nil {
		return nil, err
	}
	e, err := s.t.entry(c.Tree, p)
	if err != nil {
		return nil, fmt.Errorf("%s:%s: %w", rev, p, err)
	}
	// A directory or a submodule is not a file, as go-git tells one.
	if e == nil || !e.Mode.IsFile() {
		return nil, fmt.Errorf("%s:%s: %w", rev, p, os.ErrNotExist)
	}
	data, err := s.blob(e.Hash)
	if err != nil {
		return nil, fmt.Errorf("%s:%s: %w", rev, p, err)
	}
	return data, nil
}

func (s *Snapshot) blob(h plumbing.Hash) ([]byte, error) {
	typ, data, err := s.t.or.read(h, 0, nil)
	if err != nil {
		return nil, err
	}
	if typ != packBlob {
		return nil, fmt.Errorf("object %s is not a blob", ShortHash(h.String()))
	}
	if data == nil {
		data = []byte{}
	}
	return data, nil
}

// ReadUnder is Repo.ReadUnder read through the snapshot.
func (s *Snapshot) ReadUnder(rev, dir string, descend, keep func(p string) bool) (map[string][]byte, error) {
	c, err := s.resolve(rev)
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	tree := c.Tree
	if dir = strings.Trim(dir, "/"); dir != "" && dir != "." {
		var ok bool
		if tree, ok, err = s.dirAt(tree, dir); err != nil || !ok {
			return out, err
		}
	} else {
		dir = ""
	}
	var walk func(h plumbing.Hash, prefix string) error
	walk = func(h plumbing.Hash, prefix string) error {
		raw, err := s.t.get(h)
		if err != nil {
			return fmt.Errorf("%s:%s: %w", rev, prefix, err)
		}
		for len(raw) > 0 {
			var e rawEntry
			if e, raw, err = nextEntry(raw); err != nil {
				return fmt.Errorf("%s:%s: %w", rev, prefix, err)
			}
			p := path.Join(prefix, string(e.name))
			switch {
			case e.dir:
				if descend(p) {
					if err := walk(e.hash, p); err != nil {
						return err
					}
				}
			case e.mode.IsFile() && e.mode != filemode.Symlink && keep(p):
				data, err := s.blob(e.hash)
				if err != nil {
					return fmt.Errorf("%s:%s: %w", rev, p, err)
				}
				out[p] = data
			}
		}
		return nil
	}
	return out, walk(tree, dir)
}

// dirAt is the tree of the directory p below root; ok is false when
// there is none.
func (s *Snapshot) dirAt(root plumbing.Hash, p string) (h plumbing.Hash, ok bool, err error) {
	h = root
	for _, name := range strings.Split(p, "/") {
		raw, err := s.t.get(h)
		if err != nil {
			return h, false, err
		}
		e, found, err := findEntry(raw, name)
		if err != nil || !found || !e.dir {
			return h, false, err
		}
		h = e.hash
	}
	return h, true, nil
}
