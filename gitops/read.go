package gitops

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	gogit "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Commit is one entry of the history.
type Commit struct {
	Hash    string
	Message string
}

// ReadFileAt returns a file's content at rev (a branch name, "HEAD" or a
// SHA). A path absent at rev gives an error wrapping os.ErrNotExist, so
// callers treat "not committed yet" like a missing file on disk.
func (r *Repo) ReadFileAt(rev, path string) ([]byte, error) {
	c, err := r.commitAt(rev)
	if err != nil {
		return nil, err
	}
	f, err := c.File(path)
	if errors.Is(err, object.ErrFileNotFound) || errors.Is(err, object.ErrDirectoryNotFound) {
		return nil, fmt.Errorf("%s:%s: %w", rev, path, os.ErrNotExist)
	}
	if err != nil {
		return nil, fmt.Errorf("%s:%s: %w", rev, path, err)
	}
	rd, err := f.Reader()
	if err != nil {
		return nil, fmt.Errorf("%s:%s: %w", rev, path, err)
	}
	defer rd.Close()
	return io.ReadAll(rd)
}

// ListFiles returns the names of the files directly inside dir at rev, in
// git's order. A directory absent at rev gives an error wrapping
// os.ErrNotExist.
func (r *Repo) ListFiles(rev, dir string) ([]string, error) {
	return r.listEntries(rev, dir, func(m filemode.FileMode) bool { return m != filemode.Dir && m != filemode.Submodule })
}

// listEntries returns the names of the entries directly inside dir at rev
// whose mode keep accepts, in git's order.
func (r *Repo) listEntries(rev, dir string, keep func(filemode.FileMode) bool) ([]string, error) {
	_, t, err := r.treeAt(rev)
	if err != nil {
		return nil, err
	}
	if dir = strings.Trim(dir, "/"); dir != "" && dir != "." {
		if t, err = t.Tree(dir); err != nil {
			return nil, fmt.Errorf("%s:%s: %w", rev, dir, os.ErrNotExist)
		}
	}
	var names []string
	for _, e := range t.Entries {
		if keep(e.Mode) {
			names = append(names, e.Name)
		}
	}
	return names, nil
}

// Log returns up to n commits reachable from HEAD, newest first. A branch
// with no commits has no history, which is not an error.
func (r *Repo) Log(n int) ([]Commit, error) {
	head, err := r.head()
	if err != nil || head.hash.IsZero() || n <= 0 {
		return nil, err
	}
	iter, err := r.repo.Log(&gogit.LogOptions{From: head.hash})
	if err != nil {
		return nil, err
	}
	defer iter.Close()
	var out []Commit
	for len(out) < n {
		c, err := iter.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		out = append(out, Commit{Hash: c.Hash.String(), Message: strings.TrimRight(c.Message, "\n")})
	}
	return out, nil
}

// blobBytes is a blob's content.
func (r *Repo) blobBytes(h plumbing.Hash) ([]byte, error) {
	b, err := object.GetBlob(r.st, h)
	if err != nil {
		return nil, err
	}
	rd, err := b.Reader()
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	return io.ReadAll(rd)
}
