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
	// ConversationComments lists the pull request's conversation comments
	// alone, in order: one request where Comments takes three.
	ConversationComments(ctx context.Context, number int) ([]Comment, error)
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
	Title    string
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

// writerAssociations are the author_association values of accounts that
// may have write access; every other value (CONTRIBUTOR,
// FIRST_TIME_CONTRIBUTOR, FIRST_TIMER, MANNEQUIN, NONE) says they have
// not.
var writerAssociations = map[string]bool{"OWNER": true, "MEMBER": true, "COLLABORATOR": true}

var knownAssociations = map[string]bool{"OWNER": true, "MEMBER": true, "COLLABORATOR": true, "CONTRIBUTOR": true,
	"FIRST_TIME_CONTRIBUTOR": true, "FIRST_TIMER": true, "MANNEQUIN": true, "NONE": true}

// association keeps a known author_association value, and forgets any
// other: an unknown one settles nothing.
func association(s string) string {
	if knownAssociations[s] {
		return s
	}
	return ""
}

// Outsider reports whether a comment's author_association alone settles
// that its author cannot write: no API call is needed to refuse them. An
// OWNER, MEMBER or COLLABORATOR may still lack write access (a read-only
// member), so those, and an unknown association, are not settled here:
// the permission API decides.
func Outsider(c Comment) bool {
	return c.Association != "" && !writerAssociations[c.Association]
}

// ErrNotFound is an API 404.
var ErrNotFound = errors.New("not found")
