package gitops

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// applyTree returns the tree that is base with files applied, where each
// file's path is relative to base. Only trees on the way to a changed path
// are read or written, so the cost follows the number of changed paths and
// not the size of the repository. A zero hash means the result is empty
// (git stores no empty trees, so the caller drops the entry).
func (r *Repo) applyTree(base plumbing.Hash, files []worktreeFile) (plumbing.Hash, error) {
	var entries []object.TreeEntry
	if !base.IsZero() {
		t, err := object.GetTree(r.st, base)
		if err != nil {
			return plumbing.ZeroHash, fmt.Errorf("read tree %s: %w", base, err)
		}
		entries = slices.Clone(t.Entries)
	}

	direct := map[string]worktreeFile{}
	nested := map[string][]worktreeFile{}
	for _, f := range files {
		if dir, rest, ok := strings.Cut(f.path, "/"); ok {
			f.path = rest
			nested[dir] = append(nested[dir], f)
		} else {
			direct[f.path] = f
		}
	}

	find := func(name string) int {
		return slices.IndexFunc(entries, func(e object.TreeEntry) bool { return e.Name == name })
	}
	set := func(name string, h plumbing.Hash, mode filemode.FileMode) {
		if i := find(name); i >= 0 {
			entries[i] = object.TreeEntry{Name: name, Mode: mode, Hash: h}
		} else {
			entries = append(entries, object.TreeEntry{Name: name, Mode: mode, Hash: h})
		}
	}
	remove := func(name string) {
		if i := find(name); i >= 0 {
			entries = slices.Delete(entries, i, i+1)
		}
	}

	// Directories first, so a file written at the same name wins, as it
	// does in the worktree.
	for _, dir := range sortedKeys(nested) {
		sub := plumbing.ZeroHash
		i := find(dir)
		isDir := i >= 0 && entries[i].Mode == filemode.Dir
		if isDir {
			sub = entries[i].Hash
		}
		h, err := r.applyTree(sub, nested[dir])
		if err != nil {
			return plumbing.ZeroHash, err
		}
		switch {
		case !h.IsZero():
			set(dir, h, filemode.Dir)
		case isDir:
			remove(dir)
		}
	}
	for _, name := range sortedKeys(direct) {
		f := direct[name]
		if !f.missing {
			set(name, f.hash, f.mode)
		} else if i := find(name); i >= 0 && entries[i].Mode != filemode.Dir {
			remove(name)
		}
	}

	if len(entries) == 0 {
		return plumbing.ZeroHash, nil
	}
	return r.writeTree(entries)
}

func (r *Repo) writeTree(entries []object.TreeEntry) (plumbing.Hash, error) {
	// Git orders a directory as if its name ended in "/"; the sorter knows.
	sort.Sort(object.TreeEntrySorter(entries))
	var buf bytes.Buffer
	for _, e := range entries {
		fmt.Fprintf(&buf, "%o %s\x00", e.Mode, e.Name)
		buf.Write(e.Hash[:])
	}
	h := plumbing.ComputeHash(plumbing.TreeObject, buf.Bytes())
	if err := r.storeObject(plumbing.TreeObject, h, buf.Bytes()); err != nil {
		return plumbing.ZeroHash, fmt.Errorf("store tree: %w", err)
	}
	return h, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
