// Package gitops is rtgit's only door to git. It wraps go-git so that the
// rest of rtgit never imports it, and it exposes just the operations an
// analysis needs: find the repository, read and switch branches, tell
// whether rtgit's own files carry a user's uncommitted work, and commit
// exactly those files.
//
// rtgit runs inside repositories people are actively working in, so every
// write here is narrow. Commit builds the new tree from HEAD plus the named
// paths and touches only their index entries; it never walks the worktree,
// never calls go-git's Status, Add or Commit, and never sweeps in something
// the user staged. Branch moves are compare-and-swap, and both the index and
// the branch ref are taken with git's own ".lock" files, so a concurrent git
// command fails cleanly instead of losing an update.
//
// Cost follows the size of a change, not of the repository. The index is
// read and written by this package's own codec, which copies untouched
// entries as bytes (indexfile.go); checkouts and pushes walk only the trees
// that differ (treediff.go, push.go). docs/performance.md has the figures.
package gitops
