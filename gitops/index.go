package gitops

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// indexPath is the worktree's index file.
func (r *Repo) indexPath() string { return filepath.Join(r.gitDir, "index") }

// readIndex decodes the index; a repository that never staged anything has
// none, which is the same as an empty one.
func readIndex(path string) (*index.Index, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &index.Index{Version: 2}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	idx := &index.Index{}
	if err := index.NewDecoder(bufio.NewReader(f)).Decode(idx); err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return idx, nil
}

// lockIndex takes .git/index.lock, the same lock every git command takes
// before touching the index, and reads the index under it.
func (r *Repo) lockIndex() (*lockFile, *index.Index, error) {
	lf, err := takeLock(r.indexPath())
	if errors.Is(err, errLockExists) {
		return nil, nil, fmt.Errorf("%w: %s.lock exists; another git process may be running in this repository. If not, remove the file and try again", ErrIndexLocked, r.indexPath())
	}
	if err != nil {
		return nil, nil, fmt.Errorf("lock index: %w", err)
	}
	idx, err := readIndex(r.indexPath())
	if err != nil {
		lf.release()
		return nil, nil, err
	}
	// go-git re-sorts entries by name alone when encoding, which would
	// scramble the stages of a conflicted path; and committing in the
	// middle of a merge is not rtgit's call to make anyway.
	for _, e := range idx.Entries {
		if e.Stage != 0 {
			lf.release()
			return nil, nil, fmt.Errorf("%s has unresolved merge conflicts; resolve them or abort the merge first", e.Name)
		}
	}
	return lf, idx, nil
}

// writeIndex encodes idx into the held lock and renames it into place.
func writeIndex(lf *lockFile, idx *index.Index) error {
	// The cached-tree extension describes trees of the old index; git would
	// trust it for its next commit, so it must not survive our edits. (The
	// go-git encoder writes no extensions at all; this keeps us correct even
	// if that changes.)
	idx.Cache = nil
	w := bufio.NewWriter(lf.f)
	if err := index.NewEncoder(w).Encode(idx); err != nil {
		return fmt.Errorf("write index: %w", err)
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("write index: %w", err)
	}
	if err := lf.commit(); err != nil {
		return fmt.Errorf("write index: %w", err)
	}
	return nil
}

// syncIndex makes the index agree with the committed worktree files: an
// entry with the new blob and stat data for each written path, none for each
// removed one. Every other entry, staged or not, is left as it was.
func syncIndex(idx *index.Index, files []worktreeFile) {
	byName := make(map[string]*index.Entry, len(idx.Entries))
	for _, e := range idx.Entries {
		byName[e.Name] = e
	}
	drop := make(map[string]bool)
	for _, f := range files {
		if f.missing {
			drop[f.path] = true
			continue
		}
		// A file replaces any directory or file in its way, in the index
		// as in the tree.
		for dir := parentDir(f.path); dir != ""; dir = parentDir(dir) {
			drop[dir] = true
		}
		e := byName[f.path]
		if e == nil {
			e = &index.Entry{Name: f.path}
			idx.Entries = append(idx.Entries, e)
			byName[f.path] = e
		}
		e.Hash, e.Mode, e.IntentToAdd = f.hash, f.mode, false
		fillStat(e, f.info)
	}
	kept := idx.Entries[:0]
	for _, e := range idx.Entries {
		if !drop[e.Name] && !underWritten(e.Name, files) {
			kept = append(kept, e)
		}
	}
	idx.Entries = kept
}

// underWritten reports whether name sits below a path now written as a file.
func underWritten(name string, files []worktreeFile) bool {
	if !strings.Contains(name, "/") {
		return false
	}
	for _, f := range files {
		if !f.missing && strings.HasPrefix(name, f.path+"/") {
			return true
		}
	}
	return false
}

func parentDir(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return ""
}
