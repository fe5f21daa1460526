// Package repofs reads a repository's worktree without leaving it.
//
// A repository's files are untrusted: a branch can make a step file, a
// template override or an answer file a symlink to /proc/self/environ or
// to a key beside the checkout, and whatever rtgit reads it may quote back
// in an artifact or a pull-request reply. So reads of a worktree go
// through an os.Root, which follows a symlink only while it stays inside
// the repository and otherwise fails, naming the file (ErrOutside).
//
// Every package that reads a worktree's files (the step library, the
// settings, the AI configuration, the step machine, the Action) reads them
// here. It imports only the standard library.
package repofs
