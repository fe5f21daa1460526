package gitops

import "errors"

// Sentinel errors. They are always returned wrapped with context, so test
// them with errors.Is.
var (
	// ErrNotRepo means there is no git repository at or above the directory.
	ErrNotRepo = errors.New("not a git repository (or any of the parent directories)")
	// ErrDetached means HEAD points at a commit rather than a branch.
	ErrDetached = errors.New("HEAD is detached (not on a branch)")
	// ErrBranchExists means a branch of that name already exists.
	ErrBranchExists = errors.New("branch already exists")
	// ErrNoBranch means a named branch or revision does not exist.
	ErrNoBranch = errors.New("no such branch or revision")
	// ErrDirty means a path rtgit must write holds uncommitted changes.
	ErrDirty = errors.New("uncommitted changes")
	// ErrIndexLocked means .git/index.lock exists.
	ErrIndexLocked = errors.New("git index is locked")
	// ErrStale means the branch moved while rtgit was committing to it.
	ErrStale = errors.New("branch moved while committing")
	// ErrLocked means another rtgit process holds the item's lock.
	ErrLocked = errors.New("locked by another rtgit process")
)
