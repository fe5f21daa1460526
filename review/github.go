package review

import (
	"context"
	"errors"
)

// GitHub is what the action needs from the GitHub API, for one repository.
type GitHub interface {
	// PullRequest reads a pull request by number.
	PullRequest(ctx context.Context, number int) (*PullRequest, error)
	// PullRequestFor finds the open pull request whose head is branch in
	// this repository; nil when there is none.
	PullRequestFor(ctx context.Context, branch string) (*PullRequest, error)
	// Comments lists every comment of every kind on the pull request, in
	// the order they were made.
	Comments(ctx context.Context, number int) ([]Comment, error)
	// Comment reads one comment of pull request number as it is now; a
	// deleted comment gives an error wrapping ErrNotFound.
	Comment(ctx context.Context, number int, kind Kind, id int64) (*Comment, error)
	// Permission is the user's permission on the repository: admin,
	// maintain, write, triage, read or none.
	Permission(ctx context.Context, login string) (string, error)
	// React adds a reaction (eyes, +1, confused) to a comment. Review
	// bodies take no reactions; React ignores them.
	React(ctx context.Context, c Comment, content string) error
	// Post writes a comment: in the thread of to when it is a review
	// comment, in the conversation otherwise.
	Post(ctx context.Context, number int, to *Comment, body string) error
	// EditComment replaces the body of a conversation comment.
	EditComment(ctx context.Context, id int64, body string) error
	// EditBody replaces the pull request's description.
	EditBody(ctx context.Context, number int, body string) error
}

// PullRequest is a pull request as rtgit needs it.
type PullRequest struct {
	Number   int
	State    string
	Body     string
	HeadRef  string
	HeadSHA  string
	HeadRepo string // owner/name; "" when the head repository is gone
	BaseRepo string
	BaseRef  string
	URL      string
}

// Fork reports whether the head branch lives in another repository.
func (p *PullRequest) Fork() bool { return p.HeadRepo != p.BaseRepo }

// Permissions that may drive an analysis.
var writers = map[string]bool{"admin": true, "maintain": true, "write": true}

// CanWrite reports whether a permission level may drive an analysis.
func CanWrite(permission string) bool { return writers[permission] }

// ErrNotFound is an API 404.
var ErrNotFound = errors.New("not found")
