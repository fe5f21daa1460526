package gitops

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/storage"
)

// A commit's tree as a file system: the Action reads a repository's
// overrides (step files, personas, templates) from the default branch's
// commit, never from the working tree, which holds whatever the pull
// request put there.

// ErrSymlink marks a path refused because it is, or passes through, a
// symlink in a commit's tree. Nothing read from a commit follows one: its
// target could be anywhere on the machine running rtgit.
var ErrSymlink = errors.New("symlink in a commit's tree")

// ErrSubmodule marks a path refused because it is, or passes through, a
// submodule: the repository does not hold its files.
var ErrSubmodule = errors.New("submodule in a commit's tree")

// TreeFS is the tree of the commit rev (a branch name, "HEAD" or a SHA)
// as a read-only fs.FS. It implements fs.ReadDirFS, fs.ReadFileFS and
// fs.StatFS, and reads git's objects only.
//
// Opening, reading or statting a symlink, or a path through one, fails
// with an error wrapping ErrSymlink that names the link; a submodule fails
// the same way with ErrSubmodule. ReadDir still lists both (as
// fs.ModeSymlink and fs.ModeIrregular entries), so a reader expecting a
// file there reports the refusal instead of missing the file.
func (r *Repo) TreeFS(rev string) (fs.FS, error) {
	c, t, err := r.treeAt(rev)
	if err != nil {
		return nil, err
	}
	return &treeFS{st: r.st, root: t, commit: c.Hash.String(), mtime: c.Committer.When}, nil
}

type treeFS struct {
	st     storage.Storer
	root   *object.Tree
	commit string
	mtime  time.Time // every entry's ModTime: the commit's
}

// refusedError says which entry on a path was refused and why.
type refusedError struct {
	link   string // the symlink or submodule's path; "" when it is the path asked for
	commit string
	kind   error // ErrSymlink or ErrSubmodule
}

func (e *refusedError) Error() string {
	what := "a symlink in commit %.8s; rtgit does not follow symlinks read from git"
	if e.kind == ErrSubmodule {
		what = "a submodule in commit %.8s; its files are not in this repository"
	}
	what = fmt.Sprintf(what, e.commit)
	if e.link == "" {
		return what
	}
	return e.link + " is " + what
}

// refuse is the error for the entry at parts[:i+1] of name.
func (f *treeFS) refuse(op, name string, parts []string, i int, kind error) error {
	link := ""
	if i < len(parts)-1 {
		link = strings.Join(parts[:i+1], "/")
	}
	return &fs.PathError{Op: op, Path: name, Err: &refusedError{link, f.commit, kind}}
}

func (e *refusedError) Unwrap() error { return e.kind }

// node is what a path names: an entry, or the root tree (entry nil).
type node struct {
	entry *object.TreeEntry
	tree  *object.Tree // set for a directory
}

// lookup resolves name, refusing symlinks and submodules on the way.
func (f *treeFS) lookup(op, name string) (node, error) {
	if !fs.ValidPath(name) {
		return node{}, &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	if name == "." {
		return node{tree: f.root}, nil
	}
	parts := strings.Split(name, "/")
	e, found, err := entryOnPath(f.st, f.root, name, func(i int, e *object.TreeEntry) error {
		switch e.Mode {
		case filemode.Symlink:
			return f.refuse(op, name, parts, i, ErrSymlink)
		case filemode.Submodule:
			return f.refuse(op, name, parts, i, ErrSubmodule)
		}
		return nil
	})
	var refused *fs.PathError
	switch {
	case errors.As(err, &refused):
		return node{}, err
	case err != nil:
		return node{}, &fs.PathError{Op: op, Path: name, Err: err}
	case !found:
		return node{}, &fs.PathError{Op: op, Path: name, Err: fs.ErrNotExist}
	case e.Mode != filemode.Dir:
		return node{entry: &e}, nil
	}
	sub, err := object.GetTree(f.st, e.Hash)
	if err != nil {
		return node{}, &fs.PathError{Op: op, Path: name, Err: err}
	}
	return node{entry: &e, tree: sub}, nil
}

// Open opens name: a file, read whole, or a directory.
func (f *treeFS) Open(name string) (fs.File, error) {
	n, err := f.lookup("open", name)
	if err != nil {
		return nil, err
	}
	if n.tree != nil {
		return &treeDir{info: f.info(name, n), fsys: f, tree: n.tree}, nil
	}
	data, err := f.blob("open", name, n.entry)
	if err != nil {
		return nil, err
	}
	info := f.info(name, n)
	info.size = int64(len(data))
	return &treeFile{info: info, Reader: bytes.NewReader(data)}, nil
}

// ReadFile reads the file name whole.
func (f *treeFS) ReadFile(name string) ([]byte, error) {
	n, err := f.lookup("read", name)
	if err != nil {
		return nil, err
	}
	if n.tree != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: errors.New("is a directory")}
	}
	return f.blob("read", name, n.entry)
}

// ReadDir lists the directory name, sorted by name.
func (f *treeFS) ReadDir(name string) ([]fs.DirEntry, error) {
	n, err := f.lookup("readdir", name)
	if err != nil {
		return nil, err
	}
	if n.tree == nil {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: errors.New("not a directory")}
	}
	return f.entries(n.tree), nil
}

// Stat describes name.
func (f *treeFS) Stat(name string) (fs.FileInfo, error) {
	n, err := f.lookup("stat", name)
	if err != nil {
		return nil, err
	}
	info := f.info(name, n)
	if n.tree == nil {
		if info.size, err = f.blobSize("stat", name, n.entry); err != nil {
			return nil, err
		}
	}
	return info, nil
}

func (f *treeFS) blob(op, name string, e *object.TreeEntry) ([]byte, error) {
	b, err := object.GetBlob(f.st, e.Hash)
	if err != nil {
		return nil, &fs.PathError{Op: op, Path: name, Err: err}
	}
	rd, err := b.Reader()
	if err != nil {
		return nil, &fs.PathError{Op: op, Path: name, Err: err}
	}
	defer rd.Close()
	data, err := io.ReadAll(rd)
	if err != nil {
		return nil, &fs.PathError{Op: op, Path: name, Err: err}
	}
	return data, nil
}

func (f *treeFS) blobSize(op, name string, e *object.TreeEntry) (int64, error) {
	b, err := object.GetBlob(f.st, e.Hash)
	if err != nil {
		return 0, &fs.PathError{Op: op, Path: name, Err: err}
	}
	return b.Size, nil
}

// info describes n, whose path is name; a file's size is filled in by the
// caller, which has read it or its header.
func (f *treeFS) info(name string, n node) *treeInfo {
	base := name
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		base = name[i+1:]
	}
	mode := fs.ModeDir | 0o755
	if n.entry != nil {
		mode = fileMode(n.entry.Mode)
	}
	return &treeInfo{name: base, mode: mode, mtime: f.mtime}
}

// entries lists t's entries sorted by name (git sorts a directory as if
// its name ended in a slash).
func (f *treeFS) entries(t *object.Tree) []fs.DirEntry {
	out := make([]fs.DirEntry, len(t.Entries))
	for i := range t.Entries {
		out[i] = &treeEntry{fsys: f, e: &t.Entries[i]}
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out
}

// fileMode maps a git mode to the fs.FileMode it reads as. A submodule is
// irregular: it is neither a file nor a directory rtgit can read.
func fileMode(m filemode.FileMode) fs.FileMode {
	switch m {
	case filemode.Dir:
		return fs.ModeDir | 0o755
	case filemode.Executable:
		return 0o755
	case filemode.Symlink:
		return fs.ModeSymlink | 0o777
	case filemode.Submodule:
		return fs.ModeIrregular
	default:
		return 0o644
	}
}

type treeInfo struct {
	name  string
	size  int64
	mode  fs.FileMode
	mtime time.Time
}

func (i *treeInfo) Name() string       { return i.name }
func (i *treeInfo) Size() int64        { return i.size }
func (i *treeInfo) Mode() fs.FileMode  { return i.mode }
func (i *treeInfo) ModTime() time.Time { return i.mtime }
func (i *treeInfo) IsDir() bool        { return i.mode.IsDir() }
func (i *treeInfo) Sys() any           { return nil }

// treeEntry is one entry of a listing; its size is read only if asked.
type treeEntry struct {
	fsys *treeFS
	e    *object.TreeEntry
}

func (d *treeEntry) Name() string      { return d.e.Name }
func (d *treeEntry) IsDir() bool       { return d.e.Mode == filemode.Dir }
func (d *treeEntry) Type() fs.FileMode { return fileMode(d.e.Mode).Type() }

func (d *treeEntry) Info() (fs.FileInfo, error) {
	info := &treeInfo{name: d.e.Name, mode: fileMode(d.e.Mode), mtime: d.fsys.mtime}
	if d.e.Mode.IsFile() {
		size, err := d.fsys.blobSize("stat", d.e.Name, d.e)
		if err != nil {
			return nil, err
		}
		info.size = size
	}
	return info, nil
}

func (d *treeEntry) String() string { return fs.FormatDirEntry(d) }

// treeFile is an open file, its content already read.
type treeFile struct {
	info *treeInfo
	*bytes.Reader
}

func (f *treeFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *treeFile) Close() error               { return nil }

// treeDir is an open directory.
type treeDir struct {
	info    *treeInfo
	fsys    *treeFS
	tree    *object.Tree
	entries []fs.DirEntry // nil until the first ReadDir
	off     int
}

func (d *treeDir) Stat() (fs.FileInfo, error) { return d.info, nil }
func (d *treeDir) Close() error               { return nil }

func (d *treeDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.info.name, Err: errors.New("is a directory")}
}

// ReadDir follows fs.ReadDirFile: n <= 0 returns the rest, n > 0 at most
// n entries and io.EOF once none are left.
func (d *treeDir) ReadDir(n int) ([]fs.DirEntry, error) {
	if d.entries == nil {
		d.entries = d.fsys.entries(d.tree)
	}
	rest := d.entries[d.off:]
	if n <= 0 {
		d.off = len(d.entries)
		return rest, nil
	}
	if len(rest) == 0 {
		return nil, io.EOF
	}
	n = min(n, len(rest))
	d.off += n
	return rest[:n], nil
}
