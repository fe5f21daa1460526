package gitops

import (
	"fmt"
	"path"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// ReadUnder reads, in one walk of the tree below dir at rev, the files
// whose path (repository-relative) keep accepts, descending only into the
// directories descend accepts. It is for reading the same few files of
// many folders (every analysis's meta.json and plan): asking ReadFileAt
// for each would read the trees above them again every time. A dir absent
// at rev holds nothing. Symlinks and submodules are never read.
func (r *Repo) ReadUnder(rev, dir string, descend, keep func(p string) bool) (map[string][]byte, error) {
	_, t, err := r.treeAt(rev)
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	if dir = strings.Trim(dir, "/"); dir != "" && dir != "." {
		if t, err = t.Tree(dir); err != nil {
			return out, nil
		}
	} else {
		dir = ""
	}
	var walk func(t *object.Tree, prefix string) error
	walk = func(t *object.Tree, prefix string) error {
		for _, e := range t.Entries {
			p := path.Join(prefix, e.Name)
			switch {
			case e.Mode == filemode.Dir:
				if !descend(p) {
					continue
				}
				sub, err := object.GetTree(r.st, e.Hash)
				if err != nil {
					return fmt.Errorf("%s:%s: %w", rev, p, err)
				}
				if err := walk(sub, p); err != nil {
					return err
				}
			case e.Mode.IsFile() && e.Mode != filemode.Symlink && keep(p):
				data, err := r.blobBytes(e.Hash)
				if err != nil {
					return fmt.Errorf("%s:%s: %w", rev, p, err)
				}
				out[p] = data
			}
		}
		return nil
	}
	return out, walk(t, dir)
}
