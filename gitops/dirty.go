package gitops

import (
	"fmt"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Dirty returns, in the order given, those paths whose content holds work
// that is not in HEAD: edited or deleted in the worktree, staged in the
// index, or present in the worktree but not in HEAD (a user's untracked
// file that rtgit would overwrite). Only these paths are examined, by
// hashing them as git blobs, so the cost does not grow with the repository.
func (r *Repo) Dirty(paths []string) ([]string, error) {
	paths, err := checkPaths(paths)
	if err != nil {
		return nil, err
	}
	ix, err := readIndex(r.indexPath())
	if err != nil {
		return nil, err
	}
	defer ix.close()
	head, err := r.head()
	if err != nil {
		return nil, err
	}
	var tree *object.Tree
	if !head.hash.IsZero() {
		c, err := object.GetCommit(r.st, head.hash)
		if err != nil {
			return nil, fmt.Errorf("read HEAD commit: %w", err)
		}
		if tree, err = c.Tree(); err != nil {
			return nil, fmt.Errorf("read HEAD tree: %w", err)
		}
	}

	var dirty []string
	for _, p := range paths {
		inHead, ok := headBlob(tree, p)
		wf, err := r.readWorktree(p, false)
		if err != nil {
			// Unreadable, or not a file (a socket, say): rtgit cannot safely
			// write over it either.
			dirty = append(dirty, p)
			continue
		}
		var worktreeDiffers bool
		switch {
		case wf.missing:
			worktreeDiffers = ok
		case !ok:
			worktreeDiffers = true
		default:
			worktreeDiffers = wf.hash != inHead.Hash
		}
		if worktreeDiffers || ix.differs(p, inHead, ok) {
			dirty = append(dirty, p)
		}
	}
	return dirty, nil
}

// headBlob finds p in HEAD's tree as a file (not a directory).
func headBlob(tree *object.Tree, p string) (*object.TreeEntry, bool) {
	if tree == nil {
		return nil, false
	}
	e, err := tree.FindEntry(p)
	if err != nil || e.Mode == filemode.Dir || e.Mode == filemode.Submodule {
		return nil, false
	}
	return e, true
}

// differs reports whether the index holds something for the path that
// HEAD does not: a staged edit, addition, mode change or removal, an
// unresolved conflict, or a `git add -N` placeholder.
func (ix *indexFile) differs(p string, inHead *object.TreeEntry, inHeadOK bool) bool {
	e, staged := ix.find(p)
	switch {
	case !staged:
		return inHeadOK
	case !inHeadOK || ix.stage(e) != 0 || ix.intentToAdd(e):
		return true
	}
	return ix.hash(e) != inHead.Hash || ix.mode(e) != inHead.Mode
}
