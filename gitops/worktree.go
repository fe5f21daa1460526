package gitops

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// worktreeFile is one path as found in the worktree, hashed as a git blob.
type worktreeFile struct {
	path    string
	missing bool
	hash    plumbing.Hash
	mode    filemode.FileMode
	// info is the stat taken before reading, so a write racing with us
	// leaves the index entry looking stale rather than falsely clean.
	info os.FileInfo
}

// readWorktree hashes the file at p; with store set it also writes the blob
// into the object database.
func (r *Repo) readWorktree(p string, store bool) (worktreeFile, error) {
	wf := worktreeFile{path: p}
	abs := filepath.Join(r.root, filepath.FromSlash(p))
	info, err := os.Lstat(abs)
	// ENOTDIR: a parent of p is a file, so p cannot exist. A directory at p
	// likewise means the file p is gone.
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) || (err == nil && info.IsDir()) {
		wf.missing = true
		return wf, nil
	}
	if err != nil {
		return wf, err
	}
	var data []byte
	switch {
	case info.Mode().IsRegular():
		wf.mode = filemode.Regular
		if info.Mode().Perm()&0o111 != 0 {
			wf.mode = filemode.Executable
		}
		if data, err = os.ReadFile(abs); err == nil {
			data = r.toGit(data)
		}
	case info.Mode()&fs.ModeSymlink != 0:
		// Git stores a symlink as a blob holding its target.
		wf.mode = filemode.Symlink
		var target string
		target, err = os.Readlink(abs)
		data = []byte(filepath.ToSlash(target))
	default:
		return wf, fmt.Errorf("%s is not a regular file", p)
	}
	if err != nil {
		return wf, err
	}
	wf.info = info
	wf.hash = plumbing.ComputeHash(plumbing.BlobObject, data)
	if store {
		if err := r.storeObject(plumbing.BlobObject, wf.hash, data); err != nil {
			return wf, fmt.Errorf("store %s: %w", p, err)
		}
	}
	return wf, nil
}

// storeObject writes an object unless the database already has it, which
// saves rewriting unchanged files as loose objects on every commit.
func (r *Repo) storeObject(t plumbing.ObjectType, h plumbing.Hash, data []byte) error {
	if r.st.HasEncodedObject(h) == nil {
		return nil
	}
	obj := r.st.NewEncodedObject()
	obj.SetType(t)
	obj.SetSize(int64(len(data)))
	w, err := obj.Writer()
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	_, err = r.st.SetEncodedObject(obj)
	return err
}
