package gitops

import (
	"fmt"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/storer"
)

// changedPaths lists every non-directory path whose entry differs between
// the trees from and to (either may be zero, for no tree): added, removed,
// or changed in content or mode. Subtrees with equal hashes are never
// read, so the cost follows the difference rather than the repository.
func (r *Repo) changedPaths(from, to plumbing.Hash) ([]string, error) {
	var out []string
	err := r.diffTrees(from, to, "", &out)
	return out, err
}

func (r *Repo) diffTrees(from, to plumbing.Hash, prefix string, out *[]string) error {
	if from == to {
		return nil
	}
	a, err := r.treeEntries(from)
	if err != nil {
		return err
	}
	b, err := r.treeEntries(to)
	if err != nil {
		return err
	}
	was := make(map[string]object.TreeEntry, len(a))
	for _, e := range a {
		was[e.Name] = e
	}
	for _, e := range b {
		old, had := was[e.Name]
		delete(was, e.Name)
		if had && old.Hash == e.Hash && old.Mode == e.Mode {
			continue
		}
		if err := r.diffEntry(old, had, e, true, prefix, out); err != nil {
			return err
		}
	}
	for _, old := range was {
		if err := r.diffEntry(old, true, object.TreeEntry{}, false, prefix, out); err != nil {
			return err
		}
	}
	return nil
}

// diffEntry lists the paths one differing name contributes: what lies
// below a directory on either side, and the name itself if it is a file on
// either side.
func (r *Repo) diffEntry(old object.TreeEntry, had bool, cur object.TreeEntry, has bool, prefix string, out *[]string) error {
	name := old.Name
	if has {
		name = cur.Name
	}
	path := prefix + name
	var oldTree, newTree plumbing.Hash
	file := false
	if had {
		if old.Mode == filemode.Dir {
			oldTree = old.Hash
		} else {
			file = true
		}
	}
	if has {
		if cur.Mode == filemode.Dir {
			newTree = cur.Hash
		} else {
			file = true
		}
	}
	if file {
		*out = append(*out, path)
	}
	return r.diffTrees(oldTree, newTree, path+"/", out)
}

func (r *Repo) treeEntries(h plumbing.Hash) ([]object.TreeEntry, error) {
	if h.IsZero() {
		return nil, nil
	}
	t, err := object.GetTree(r.st, h)
	if err != nil {
		return nil, fmt.Errorf("read tree %s: %w", ShortHash(h.String()), err)
	}
	return t.Entries, nil
}

// ChangedUnder lists the files that differ between the commits from and to
// (branch names, "HEAD" or SHAs) at or below any of paths, which name
// files or directories: added, removed, or changed in content or mode.
// The result is sorted. Only the trees on those paths are read, so
// comparing a few directories costs what they hold, not what the
// repository does. A path that passes through something other than a
// directory holds nothing on that side.
func (r *Repo) ChangedUnder(from, to string, paths []string) ([]string, error) {
	paths, err := checkPaths(paths)
	if err != nil {
		return nil, err
	}
	_, a, err := r.treeAt(from)
	if err != nil {
		return nil, err
	}
	_, b, err := r.treeAt(to)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, p := range paths {
		old, had, err := entryOnPath(r.st, a, p, nil)
		if err != nil {
			return nil, err
		}
		cur, has, err := entryOnPath(r.st, b, p, nil)
		if err != nil {
			return nil, err
		}
		if !had && !has || had && has && old.Hash == cur.Hash && old.Mode == cur.Mode {
			continue
		}
		prefix := ""
		if i := strings.LastIndexByte(p, '/'); i >= 0 {
			prefix = p[:i+1]
		}
		if err := r.diffEntry(old, had, cur, has, prefix, &out); err != nil {
			return nil, err
		}
	}
	// One path may lie below another of paths.
	slices.Sort(out)
	return slices.Compact(out), nil
}

// entryOnPath is the entry at the slash path p in t, reading only the
// trees on the way there. pass, when set, sees each entry the path meets,
// the last included, before the walk goes on (parts[i] names it); its
// error ends the walk. found is false when an entry is missing, or when
// something other than a directory stands where the path needs one: as on
// disk, nothing is there.
func entryOnPath(st storer.EncodedObjectStorer, t *object.Tree, p string, pass func(i int, e *object.TreeEntry) error) (e object.TreeEntry, found bool, err error) {
	entries := t.Entries
	parts := strings.Split(p, "/")
	for i, part := range parts {
		j := slices.IndexFunc(entries, func(e object.TreeEntry) bool { return e.Name == part })
		if j < 0 {
			return object.TreeEntry{}, false, nil
		}
		e := &entries[j]
		if pass != nil {
			if err := pass(i, e); err != nil {
				return object.TreeEntry{}, false, err
			}
		}
		if i == len(parts)-1 {
			return *e, true, nil
		}
		if e.Mode != filemode.Dir {
			return object.TreeEntry{}, false, nil
		}
		sub, err := object.GetTree(st, e.Hash)
		if err != nil {
			return object.TreeEntry{}, false, fmt.Errorf("read tree %s: %w", ShortHash(e.Hash.String()), err)
		}
		entries = sub.Entries
	}
	return object.TreeEntry{}, false, nil // not reached: Split gives at least one part
}
