package gitops

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/rtgit/rtgit/internal/pathguard"
)

// CheckoutAt points the local branch at sha (creating or moving it) and
// checks it out. Only the paths that differ between HEAD's tree and sha's
// tree are written, so the cost follows the size of the difference, not of
// the repository. If any of those paths holds uncommitted work the whole
// switch is refused with ErrDirty and nothing changes.
//
// Moving the current branch to a commit that is not a descendant drops
// local commits from it; callers use that to restart from a remote tip.
func (r *Repo) CheckoutAt(branch, sha string) error {
	ref, err := branchRef(branch)
	if err != nil {
		return err
	}
	if !plumbing.IsHash(sha) {
		return fmt.Errorf("checkout %s: %q is not a full commit SHA", branch, sha)
	}
	target, err := object.GetCommit(r.st, plumbing.NewHash(sha))
	if err != nil {
		return fmt.Errorf("checkout %s: commit %s: %w", branch, ShortHash(sha), err)
	}
	ilock, idx, err := r.lockIndex()
	if err != nil {
		return err
	}
	defer ilock.release()
	head, err := r.head()
	if err != nil {
		return err
	}
	var from plumbing.Hash
	if !head.hash.IsZero() {
		c, err := object.GetCommit(r.st, head.hash)
		if err != nil {
			return fmt.Errorf("read HEAD commit: %w", err)
		}
		from = c.TreeHash
	}
	to, err := target.Tree()
	if err != nil {
		return err
	}
	paths, err := r.changedPaths(from, to.Hash)
	if err != nil {
		return fmt.Errorf("compare HEAD with %s: %w", ShortHash(sha), err)
	}
	if paths, err = checkPaths(paths); err != nil {
		return err
	}
	dirty, err := r.Dirty(paths)
	if err != nil {
		return err
	}
	if len(dirty) > 0 {
		return fmt.Errorf("%w in %s: switching to %s would overwrite them; commit or stash them first", ErrDirty, strings.Join(dirty, ", "), branch)
	}
	files, err := r.writeTreePaths(to, paths)
	if err != nil {
		return err
	}
	if err := r.reach("worktree written"); err != nil {
		return err
	}
	if err := syncIndex(ilock, idx, files); err != nil {
		return err
	}
	if err := r.reach("index written"); err != nil {
		return err
	}
	return r.pointHead(head, ref, target.Hash)
}

// writeTreePaths makes each path in the worktree what it is in tree:
// removals first, so a file may take the place of a removed directory.
func (r *Repo) writeTreePaths(tree *object.Tree, paths []string) ([]worktreeFile, error) {
	sort.Strings(paths)
	type want struct {
		path string
		e    *object.TreeEntry
	}
	var writes []want
	for _, p := range paths {
		e, ok := headBlob(tree, p)
		if !ok {
			abs := filepath.Join(r.root, filepath.FromSlash(p))
			if err := r.insideRoot(p); err != nil {
				return nil, err
			}
			if err := os.Remove(abs); err != nil && !errors.Is(err, os.ErrNotExist) {
				return nil, err
			}
			r.pruneDirs(filepath.Dir(abs))
			continue
		}
		writes = append(writes, want{p, e})
	}
	for _, w := range writes {
		if err := r.writeBlob(w.path, w.e); err != nil {
			return nil, err
		}
	}
	files := make([]worktreeFile, 0, len(paths))
	for _, p := range paths {
		wf, err := r.readWorktree(p, false)
		if err != nil {
			return nil, err
		}
		files = append(files, wf)
	}
	return files, nil
}

// insideRoot refuses a path whose parent directories include a symlink: a
// branch could otherwise plant a link and then a file "through" it,
// writing outside the worktree.
func (r *Repo) insideRoot(p string) error {
	return pathguard.Check(r.root, p, false)
}

func (r *Repo) writeBlob(p string, e *object.TreeEntry) error {
	if err := r.insideRoot(p); err != nil {
		return err
	}
	abs := filepath.Join(r.root, filepath.FromSlash(p))
	blob, err := object.GetBlob(r.st, e.Hash)
	if err != nil {
		return fmt.Errorf("read %s: %w", p, err)
	}
	rd, err := blob.Reader()
	if err != nil {
		return err
	}
	defer rd.Close()
	data, err := io.ReadAll(rd)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return err
	}
	if st, err := os.Lstat(abs); err == nil && st.IsDir() {
		if err := os.RemoveAll(abs); err != nil {
			return err
		}
	}
	switch e.Mode {
	case filemode.Symlink:
		_ = os.Remove(abs)
		return os.Symlink(filepath.FromSlash(string(data)), abs)
	case filemode.Regular, filemode.Deprecated, filemode.Executable:
		perm := os.FileMode(0o644)
		if e.Mode == filemode.Executable {
			perm = 0o755
		}
		_ = os.Remove(abs) // a symlink here must not be written through
		return os.WriteFile(abs, data, perm)
	}
	return fmt.Errorf("%s: cannot check out an entry of mode %s", p, e.Mode)
}

// pruneDirs removes directories left empty by removals, up to the root.
func (r *Repo) pruneDirs(dir string) {
	for dir != r.root && strings.HasPrefix(dir, r.root) {
		if os.Remove(dir) != nil {
			return
		}
		dir = filepath.Dir(dir)
	}
}

// pointHead moves ref to sha, under git's ref lock, and makes HEAD follow it.
func (r *Repo) pointHead(head headState, ref plumbing.ReferenceName, sha plumbing.Hash) error {
	refPath := filepath.Join(r.commonDir, filepath.FromSlash(ref.String()))
	if err := os.MkdirAll(filepath.Dir(refPath), 0o755); err != nil {
		return err
	}
	rlock, err := takeLock(refPath)
	if errors.Is(err, errLockExists) {
		return fmt.Errorf("%w: %s is being updated by another process", ErrStale, ref.Short())
	}
	if err != nil {
		return err
	}
	old := plumbing.ZeroHash
	if cur, err := r.st.Reference(ref); err == nil {
		old = cur.Hash()
	}
	err = r.st.SetReference(plumbing.NewHashReference(ref, sha))
	rlock.release()
	if err != nil {
		return fmt.Errorf("update %s: %w", ref.Short(), err)
	}
	if old != sha {
		r.logRefUpdate(ref, old, sha, "reset: moving to "+sha.String(), false)
	}
	if head.branch == ref {
		if old != sha {
			r.logHead(old, sha, "reset: moving to "+sha.String())
		}
		return nil
	}
	hlock, err := takeLock(filepath.Join(r.gitDir, "HEAD"))
	if err != nil {
		return fmt.Errorf("updated %s but could not switch to it: %w", ref.Short(), err)
	}
	defer hlock.release()
	if err := r.st.SetReference(plumbing.NewSymbolicReference(plumbing.HEAD, ref)); err != nil {
		return fmt.Errorf("updated %s but could not switch to it: %w", ref.Short(), err)
	}
	from := head.hash.String()
	if head.branch.IsBranch() {
		from = head.branch.Short()
	}
	r.logHead(head.hash, sha, fmt.Sprintf("checkout: moving from %s to %s", from, ref.Short()))
	return nil
}
