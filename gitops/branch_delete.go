package gitops

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/go-git/go-git/v5/plumbing"
)

// DeleteBranch removes the local branch name, which must not be checked
// out and must point at keep (a full SHA): a rename moves an analysis to
// a new branch that holds every commit of the old one, and deleting the
// old branch then loses nothing. Any other tip is left alone.
func (r *Repo) DeleteBranch(name, keep string) error {
	ref, err := branchRef(name)
	if err != nil {
		return err
	}
	head, err := r.head()
	if err != nil {
		return err
	}
	if head.branch == ref {
		return fmt.Errorf("branch %s is checked out; leaving it", name)
	}
	refPath := filepath.Join(r.commonDir, filepath.FromSlash(ref.String()))
	rlock, err := takeLock(refPath)
	if err != nil {
		return fmt.Errorf("delete branch %s: %w", name, err)
	}
	defer rlock.release()
	tip, err := r.st.Reference(ref)
	if err != nil {
		return fmt.Errorf("branch %s: %w", name, ErrNoBranch)
	}
	if tip.Hash() != plumbing.NewHash(keep) {
		return fmt.Errorf("branch %s moved to %s; leaving it", name, tip.Hash().String()[:8])
	}
	if err := r.st.RemoveReference(ref); err != nil {
		return fmt.Errorf("delete branch %s: %w", name, err)
	}
	_ = os.Remove(filepath.Join(r.commonDir, "logs", filepath.FromSlash(ref.String())))
	return nil
}
