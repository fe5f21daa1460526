package roundtable

import (
	"path"
	"slices"
)

// baseTree answers model.Tree from the repository at the analysis's base
// commit, one directory listing at a time, each read once.
type baseTree struct {
	repo  Repo
	rev   string
	files map[string][]string // dir -> its files; nil entry: no such dir
	read  map[string]bool
}

// tree is the base commit's tree, or nil when the analysis records no
// base (then no path can be checked, and none is refused).
func (st *state) tree() *baseTree {
	rev := st.analysisCommit()
	if rev == "" || st.m.Repo == nil {
		return nil
	}
	root, err := st.m.Repo.ListFiles(rev, "")
	if err != nil {
		return nil // an unreadable base checks nothing rather than refuse every row
	}
	if root == nil {
		root = []string{}
	}
	return &baseTree{repo: st.m.Repo, rev: rev, files: map[string][]string{".": root}, read: map[string]bool{".": true}}
}

func (t *baseTree) list(dir string) ([]string, bool) {
	if dir == "" {
		dir = "."
	}
	if !t.read[dir] {
		t.read[dir] = true
		names, err := t.repo.ListFiles(t.rev, dir)
		if err == nil {
			if names == nil {
				names = []string{}
			}
			t.files[dir] = names
		}
	}
	names, ok := t.files[dir]
	return names, ok && names != nil
}

// File: the base commit holds the file.
func (t *baseTree) File(p string) bool {
	names, ok := t.list(path.Dir(p))
	return ok && slices.Contains(names, path.Base(p))
}

// Dir: the base commit holds the folder.
func (t *baseTree) Dir(d string) bool {
	_, ok := t.list(d)
	return ok
}

// Files lists the base commit's files in dir, for the "did you mean" of a
// path it does not hold (model.Lister).
func (t *baseTree) Files(dir string) []string {
	names, _ := t.list(dir)
	return names
}
