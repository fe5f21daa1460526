package gitops

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/storer"
)

// Branch is a local branch, its tip's SHA and when the tip was committed.
type Branch struct {
	Name string
	Hash string
	Time time.Time
}

func branchRef(name string) (plumbing.ReferenceName, error) {
	ref := plumbing.NewBranchReferenceName(name)
	if name == "" || ref.Validate() != nil {
		return "", fmt.Errorf("invalid branch name %q", name)
	}
	return ref, nil
}

// BranchExists reports whether the local branch exists.
func (r *Repo) BranchExists(name string) (bool, error) {
	ref, err := branchRef(name)
	if err != nil {
		return false, err
	}
	_, err = r.st.Reference(ref)
	if errors.Is(err, plumbing.ErrReferenceNotFound) {
		return false, nil
	}
	return err == nil, err
}

// CreateBranch creates name at HEAD's commit and makes it the current
// branch. The new branch has the same tree as the old, so the worktree and
// index already match it: only refs change, and nothing is checked out.
func (r *Repo) CreateBranch(name string) error {
	ref, err := branchRef(name)
	if err != nil {
		return err
	}
	head, err := r.head()
	if err != nil {
		return err
	}
	if head.hash.IsZero() {
		return fmt.Errorf("cannot create branch %s: HEAD has no commits yet; make a first commit", name)
	}
	if err := r.refFolderConflict(ref); err != nil {
		return err
	}

	refPath := filepath.Join(r.commonDir, filepath.FromSlash(ref.String()))
	if err := os.MkdirAll(filepath.Dir(refPath), 0o755); err != nil {
		return err
	}
	rlock, err := takeLock(refPath)
	if errors.Is(err, errLockExists) {
		return fmt.Errorf("%w: %s is being created by another process", ErrBranchExists, name)
	}
	if err != nil {
		return fmt.Errorf("lock %s: %w", name, err)
	}
	defer rlock.release()
	if _, err := r.st.Reference(ref); err == nil {
		return fmt.Errorf("%w: %s", ErrBranchExists, name)
	} else if !errors.Is(err, plumbing.ErrReferenceNotFound) {
		return err
	}
	if err := r.st.SetReference(plumbing.NewHashReference(ref, head.hash)); err != nil {
		return fmt.Errorf("create branch %s: %w", name, err)
	}
	r.logRefUpdate(ref, plumbing.ZeroHash, head.hash, "branch: Created from HEAD", false)

	hlock, err := takeLock(filepath.Join(r.gitDir, "HEAD"))
	if err != nil {
		return fmt.Errorf("created branch %s but could not switch to it: %w", name, err)
	}
	defer hlock.release()
	if err := r.st.SetReference(plumbing.NewSymbolicReference(plumbing.HEAD, ref)); err != nil {
		return fmt.Errorf("created branch %s but could not switch to it: %w", name, err)
	}
	from := head.hash.String()
	if head.branch.IsBranch() {
		from = head.branch.Short()
	}
	r.logHead(head.hash, head.hash, fmt.Sprintf("checkout: moving from %s to %s", from, name))
	return nil
}

// refFolderConflict applies git's rule that a ref name cannot also be a
// folder of other refs: refs/heads/rtgit/foo cannot sit beside
// refs/heads/rtgit/foo/bar, nor beside refs/heads/rtgit. With the other
// ref packed, nothing on disk stops the write, and git then fails (gc, a
// fetch) and hides a branch; so the refusal names the branch in the way.
func (r *Repo) refFolderConflict(ref plumbing.ReferenceName) error {
	refs, err := r.st.IterReferences()
	if err != nil {
		return err
	}
	defer refs.Close()
	name := ref.String()
	var clash string
	err = refs.ForEach(func(x *plumbing.Reference) error {
		other := x.Name().String()
		if strings.HasPrefix(other, name+"/") || strings.HasPrefix(name, other+"/") {
			clash = other
			return storer.ErrStop
		}
		return nil
	})
	if err != nil {
		return err
	}
	if clash != "" {
		short := strings.TrimPrefix(clash, "refs/heads/")
		return fmt.Errorf("%w: cannot create branch %s while %s exists; git cannot keep a branch and a folder of branches under one name. "+
			"Choose another slug, or delete or rename %s", ErrBranchExists, ref.Short(), short, short)
	}
	return nil
}

// Branches lists local branches whose short names start with prefix, by
// name, each with its tip's commit time.
func (r *Repo) Branches(prefix string) ([]Branch, error) {
	return r.branchesUnder("refs/heads/", prefix)
}

// RemoteBranches lists remote's remote-tracking branches whose names on
// that remote start with prefix, by name, each named as on the remote
// (rtgit/x for refs/remotes/origin/rtgit/x) with its tip's commit time.
// The remote's symbolic HEAD is not a branch and is left out.
func (r *Repo) RemoteBranches(remote, prefix string) ([]Branch, error) {
	return r.branchesUnder("refs/remotes/"+remote+"/", prefix)
}

func (r *Repo) branchesUnder(folder, prefix string) ([]Branch, error) {
	iter, err := r.st.IterReferences()
	if err != nil {
		return nil, err
	}
	defer iter.Close()
	var out []Branch
	err = iter.ForEach(func(ref *plumbing.Reference) error {
		name, ok := strings.CutPrefix(ref.Name().String(), folder)
		if !ok || ref.Type() != plumbing.HashReference || !strings.HasPrefix(name, prefix) {
			return nil
		}
		c, err := object.GetCommit(r.st, ref.Hash())
		if err != nil {
			return fmt.Errorf("branch %s: %w", ref.Name().Short(), err)
		}
		out = append(out, Branch{Name: name, Hash: ref.Hash().String(), Time: c.Committer.When})
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// UndoCreateBranch takes back a CreateBranch whose first commit never
// happened: HEAD goes back to prev (the branch it was on, or the commit of
// a detached HEAD) and name is deleted. It refuses, changing nothing,
// unless name is checked out and still at prev's commit, so no commit can
// be lost.
func (r *Repo) UndoCreateBranch(name, prev string) error {
	ref, err := branchRef(name)
	if err != nil {
		return err
	}
	head, err := r.head()
	if err != nil {
		return err
	}
	var back *plumbing.Reference
	if plumbing.IsHash(prev) && len(prev) == 40 {
		back = plumbing.NewHashReference(plumbing.HEAD, plumbing.NewHash(prev))
	} else {
		prevRef, err := branchRef(prev)
		if err != nil {
			return err
		}
		tip, err := r.st.Reference(prevRef)
		if err != nil {
			return fmt.Errorf("branch %s: %w", prev, ErrNoBranch)
		}
		if tip.Hash() != head.hash {
			return fmt.Errorf("%s is not where %s is; leaving it", name, prev)
		}
		back = plumbing.NewSymbolicReference(plumbing.HEAD, prevRef)
	}
	if head.branch != ref || (back.Type() == plumbing.HashReference && back.Hash() != head.hash) {
		return fmt.Errorf("%s is not checked out at the commit it was created at; leaving it", name)
	}

	hlock, err := takeLock(filepath.Join(r.gitDir, "HEAD"))
	if err != nil {
		return fmt.Errorf("switch back to %s: %w", prev, err)
	}
	err = r.st.SetReference(back)
	hlock.release()
	if err != nil {
		return fmt.Errorf("switch back to %s: %w", prev, err)
	}
	r.logHead(head.hash, head.hash, fmt.Sprintf("checkout: moving from %s to %s", name, prev))

	refPath := filepath.Join(r.commonDir, filepath.FromSlash(ref.String()))
	rlock, err := takeLock(refPath)
	if err != nil {
		return fmt.Errorf("delete branch %s: %w", name, err)
	}
	defer rlock.release()
	if err := r.st.RemoveReference(ref); err != nil {
		return fmt.Errorf("delete branch %s: %w", name, err)
	}
	_ = os.Remove(filepath.Join(r.commonDir, "logs", filepath.FromSlash(ref.String())))
	return nil
}
