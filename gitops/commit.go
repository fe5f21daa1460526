package gitops

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/storage"
)

// Commit records exactly paths, as they are in the worktree, on top of HEAD
// and moves the current branch to the new commit. A path missing from the
// worktree is removed. Nothing else gets in: not the user's staged files,
// not their other edits. Afterwards the index agrees with the commit for
// these paths and is untouched for every other.
//
// It returns the new commit's SHA, or HEAD's when the paths already match
// HEAD and there is nothing to commit. ErrIndexLocked means a git process
// holds the index; ErrStale means the branch moved while committing, and
// nothing was changed.
func (r *Repo) Commit(paths []string, message string) (string, error) {
	paths, err := checkPaths(paths)
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(message) == "" {
		return "", errors.New("empty commit message")
	}
	message = strings.TrimRight(message, " \t\r\n") + "\n"

	// The index lock comes first and is held throughout, as git commit
	// does: no git command can stage, check out or commit under us.
	ilock, idx, err := r.lockIndex()
	if err != nil {
		return "", err
	}
	defer ilock.release()

	head, err := r.head()
	if err != nil {
		return "", err
	}
	if !head.branch.IsBranch() {
		return "", fmt.Errorf("cannot commit: %w", ErrDetached)
	}
	var parent *object.Commit
	if !head.hash.IsZero() {
		if parent, err = object.GetCommit(r.st, head.hash); err != nil {
			return "", fmt.Errorf("read HEAD commit: %w", err)
		}
	}

	files := make([]worktreeFile, len(paths))
	for i, p := range paths {
		if files[i], err = r.readWorktree(p, true); err != nil {
			return "", err
		}
	}
	var base plumbing.Hash
	if parent != nil {
		base = parent.TreeHash
	}
	tree, err := r.applyTree(base, files)
	if err != nil {
		return "", err
	}
	if tree.IsZero() {
		if tree, err = r.writeTree(nil); err != nil {
			return "", err
		}
	}

	// The new index is written into index.lock before the branch moves and
	// renamed into place after, as git commit does: the slow part is done
	// first, and the window in which the two disagree is one rename.
	if err := prepareIndex(ilock, idx, files); err != nil {
		return "", err
	}
	sha := head.hash
	if parent == nil || tree != parent.TreeHash {
		if sha, err = r.writeCommit(tree, parent, message); err != nil {
			return "", err
		}
		if err := r.reach("objects written"); err != nil {
			return "", err
		}
		if err := r.moveBranch(head, sha, message); err != nil {
			return "", err
		}
		if err := r.reach("branch moved"); err != nil {
			return "", fmt.Errorf("committed %s but could not write the index: %w", ShortHash(sha.String()), err)
		}
	}
	// Even with no new commit the index is synced, so a path whose staged
	// version differed from the (unchanged) worktree reads clean too.
	if err := ilock.commit(); err != nil {
		return "", fmt.Errorf("committed %s but could not write the index: %w", ShortHash(sha.String()), err)
	}
	return sha.String(), nil
}

func (r *Repo) writeCommit(tree plumbing.Hash, parent *object.Commit, message string) (plumbing.Hash, error) {
	name, email := r.Author()
	sig := object.Signature{Name: name, Email: email, When: time.Now()}
	c := &object.Commit{Author: sig, Committer: sig, Message: message, TreeHash: tree}
	if parent != nil {
		c.ParentHashes = []plumbing.Hash{parent.Hash}
	}
	obj := r.st.NewEncodedObject()
	if err := c.Encode(obj); err != nil {
		return plumbing.ZeroHash, fmt.Errorf("encode commit: %w", err)
	}
	h, err := r.st.SetEncodedObject(obj)
	if err != nil {
		return plumbing.ZeroHash, fmt.Errorf("store commit: %w", err)
	}
	return h, nil
}

// moveBranch points head's branch at sha if it still points where head saw
// it. go-git rewrites the ref file in place, guarded only by its own flock,
// which git does not honour; taking git's "<ref>.lock" around the swap is
// what makes it atomic against git commands too.
func (r *Repo) moveBranch(head headState, sha plumbing.Hash, message string) error {
	if r.beforeRefUpdate != nil {
		r.beforeRefUpdate()
	}
	refPath := filepath.Join(r.commonDir, filepath.FromSlash(head.branch.String()))
	if err := os.MkdirAll(filepath.Dir(refPath), 0o755); err != nil {
		return err
	}
	rlock, err := takeLock(refPath)
	if errors.Is(err, errLockExists) {
		return fmt.Errorf("%w: %s is being updated by another process", ErrStale, head.branch.Short())
	}
	if err != nil {
		return fmt.Errorf("lock %s: %w", head.branch.Short(), err)
	}
	defer rlock.release()

	next := plumbing.NewHashReference(head.branch, sha)
	if head.hash.IsZero() {
		// Nothing to compare against: the branch must still not exist.
		if _, err := r.st.Reference(head.branch); err == nil {
			return fmt.Errorf("%w: %s was created by another process", ErrStale, head.branch.Short())
		}
		err = r.st.SetReference(next)
	} else {
		err = r.st.CheckAndSetReference(next, plumbing.NewHashReference(head.branch, head.hash))
	}
	if errors.Is(err, storage.ErrReferenceHasChanged) {
		return fmt.Errorf("%w: %s is no longer at %s; run the command again", ErrStale, head.branch.Short(), ShortHash(head.hash.String()))
	}
	if err != nil {
		return fmt.Errorf("update %s: %w", head.branch.Short(), err)
	}

	subject, _, _ := strings.Cut(message, "\n")
	action := "commit"
	if head.hash.IsZero() {
		action = "commit (initial)"
	}
	r.logRefUpdate(head.branch, head.hash, sha, action+": "+subject, true)
	return nil
}
