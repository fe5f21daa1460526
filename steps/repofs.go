package steps

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// A repository's files are untrusted: a branch can make a step file, a
// template override or an answer file a symlink to /proc/self/environ or
// to a key beside the checkout, and whatever rtgit reads it may quote back
// in an artifact or a pull-request reply. So reads of a worktree go
// through an os.Root, which follows a symlink only while it stays inside
// the repository and otherwise fails, naming the file.

// RepoFS is the worktree at dir as an fs.FS whose reads never leave dir.
func RepoFS(dir string) fs.FS { return repoFS(dir) }

type repoFS string

// Open opens name inside the repository. Each call opens the root anew, so
// the FS holds no descriptor between reads; the file it returns stays
// valid after the root is closed.
func (dir repoFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	root, err := os.OpenRoot(string(dir))
	if err != nil {
		return nil, err
	}
	defer root.Close()
	f, err := root.Open(filepath.FromSlash(name))
	if err != nil {
		return nil, outside(string(dir), name, "read", err)
	}
	return f, nil
}

// ReadRepoFile reads the slash-separated path rel of the worktree at dir,
// refusing a symlink that leads out of it.
func ReadRepoFile(dir, rel string) ([]byte, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	data, err := root.ReadFile(filepath.FromSlash(rel))
	if err != nil {
		return nil, outside(dir, rel, "read", err)
	}
	return data, nil
}

// ErrOutsideRepo marks a path refused because a symlink on it leads out of
// the repository.
var ErrOutsideRepo = errors.New("a symlink leads outside the repository")

// outsideError is an ErrOutsideRepo that names the path and the link.
type outsideError struct{ msg string }

func (e *outsideError) Error() string        { return e.msg }
func (e *outsideError) Is(target error) bool { return target == ErrOutsideRepo }

// outside turns os.Root's refusal of rel into an error naming the symlink
// that leads out; other errors (a missing file) pass through unchanged.
func outside(dir, rel, op string, err error) error {
	if errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "escapes") {
		return err
	}
	link := rel
	cur := dir
	for _, part := range strings.Split(rel, "/") {
		cur = filepath.Join(cur, part)
		if st, lerr := os.Lstat(cur); lerr == nil && st.Mode()&fs.ModeSymlink != 0 {
			link = strings.TrimPrefix(filepath.ToSlash(strings.TrimPrefix(cur, dir)), "/")
			break
		}
	}
	return &outsideError{fmt.Sprintf("refusing to %s %s: %s is a symlink leading outside the repository", op, rel, link)}
}
