package repofs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// FS is the worktree at dir as an fs.FS whose reads never leave dir.
func FS(dir string) fs.FS { return repoFS(dir) }

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
	if err == nil {
		return f, nil
	}
	if link, out := linkOut(string(dir), name); out && !errors.Is(err, fs.ErrNotExist) {
		return nil, &outsideError{fmt.Sprintf("refusing to read %s: %s is a symlink leading outside the repository", name, link)}
	}
	return nil, err
}

// ReadFile reads the slash-separated path rel of the worktree at dir,
// refusing a symlink that leads out of it.
func ReadFile(dir, rel string) ([]byte, error) {
	return fs.ReadFile(repoFS(dir), rel)
}

// ErrOutside marks a path refused because a symlink on it leads out of
// the repository.
var ErrOutside = errors.New("a symlink leads outside the repository")

// outsideError is an ErrOutside that names the path and the link.
type outsideError struct{ msg string }

func (e *outsideError) Error() string        { return e.msg }
func (e *outsideError) Is(target error) bool { return target == ErrOutside }

// linkOut names the first symlink on the slash-separated path rel, below
// dir, whose target lies outside dir (or cannot be resolved), which is
// why os.Root refused the path; false when there is none and the refusal
// had another cause.
func linkOut(dir, rel string) (string, bool) {
	base, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", false
	}
	parts := strings.Split(rel, "/")
	cur := dir
	for i, part := range parts {
		cur = filepath.Join(cur, part)
		st, err := os.Lstat(cur)
		if err != nil {
			return "", false
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			continue
		}
		target, err := filepath.EvalSymlinks(cur)
		if err != nil {
			return path.Join(parts[:i+1]...), true
		}
		if r, err := filepath.Rel(base, target); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return path.Join(parts[:i+1]...), true
		}
	}
	return "", false
}
