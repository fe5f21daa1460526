package review

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// Event names the action handles; anything else is refused.
const (
	EventIssueComment  = "issue_comment"
	EventReviewComment = "pull_request_review_comment"
	EventReview        = "pull_request_review"
	EventPush          = "push"
	EventIssues        = "issues"
	// EventPullRequest runs verify on a pull request that is not an
	// analysis's.
	EventPullRequest = "pull_request"
)

// MaxPayloadBytes bounds an event file; GitHub caps webhook payloads at 25 MB.
const MaxPayloadBytes = 25 << 20

// Kind tells the three kinds of pull-request comment apart: they live in
// different API collections with separate id sequences.
type Kind string

const (
	KindIssueComment  Kind = "ic" // a comment in the conversation tab
	KindReviewComment Kind = "rc" // a comment on a line of the diff
	KindReview        Kind = "rv" // the body of a submitted review
)

// User is a GitHub account.
type User struct {
	Login string
	Type  string // "User", "Bot", "Organization"
	ID    int64  // 0 when unknown
}

// IsBot reports whether the account is an app or bot, whose comments rtgit
// never acts on.
func (u User) IsBot() bool {
	return strings.EqualFold(u.Type, "Bot") || strings.HasSuffix(strings.ToLower(u.Login), "[bot]")
}

// Comment is one comment of any kind, as rtgit needs it.
type Comment struct {
	Kind      Kind
	ID        int64
	User      User
	Body      string
	Path      string // review comments: the file commented on
	Line      int    // review comments: the line in the new version, 0 if none
	CreatedAt time.Time
	// Association is GitHub's author_association for the comment (OWNER,
	// MEMBER, COLLABORATOR, CONTRIBUTOR, NONE, ...); "" when unknown. Only
	// its "cannot write" answers are taken at their word (see
	// Outsider): a writer is still asked of the permission API.
	Association string

	// Review comments: the commit the comment is placed on now and the
	// commit and line the reviewer actually saw when writing it. A line
	// number means something only together with its commit. Reviews:
	// CommitID is the commit the reviewer saw (GitHub's commit_id), which
	// is what an approval covers.
	CommitID         string
	OriginalCommitID string
	OriginalLine     int
	Side             string // RIGHT (the new version) or LEFT

	// Reviews only: the verdict, lowercase as webhooks spell it
	// ("approved", "changes_requested", "commented"); "" for other kinds.
	State string
}

// Review verdicts that sign off areas of the analysis (see Verdict).
const (
	ReviewApproved         = "approved"
	ReviewChangesRequested = "changes_requested"
)

// Verdict reports whether c is a review that approves or asks for changes.
func (c Comment) Verdict() bool {
	return c.Kind == KindReview && (c.State == ReviewApproved || c.State == ReviewChangesRequested)
}

// Key names a comment uniquely across kinds, for reply markers.
func (c Comment) Key() string { return fmt.Sprintf("%s-%d", c.Kind, c.ID) }

// Event is a validated GitHub event.
type Event struct {
	Name    string
	Repo    string   // owner/name
	PR      int      // the pull request; 0 for a push
	Branch  string   // a push's branch
	After   string   // a push's new tip
	Comment *Comment // the comment that triggered the run, if any
	// Sender is the account whose action caused the event (for a push,
	// the person who pushed); its login is validated, "" when absent.
	Sender User
	// DefaultBranch is the repository's default branch as the payload
	// names it ("" when it does not): rtgit's settings come from there.
	DefaultBranch string
	// Skip says why the event needs no work ("" when it does).
	Skip string

	// Issue is the issue proper (not a pull request) the event is on, for
	// intake: `/rtgit analyze` commented on it, or a label added to it.
	Issue int
	// Analyze is the command of an `/rtgit analyze` comment; AnalyzeErr
	// what is wrong with its options.
	Analyze    *AnalyzeCommand
	AnalyzeErr error
	// Label is the label an issues event added (Sender added it).
	Label string
	// Merged is a pull_request event of a pull request just merged.
	Merged bool
}

var (
	// A login is letters, digits and inner hyphens; Enterprise Managed
	// Users add "_" and their enterprise's short code (handle_shortcode).
	loginRe    = lazyre.New(`^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:_[A-Za-z0-9]{1,39})?(?:\[bot\])?$`)
	repoRe     = lazyre.New(`^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})/[A-Za-z0-9._-]{1,100}$`)
	shaRe      = lazyre.New(`^[0-9a-f]{40}$`)
	userTypeRe = lazyre.New(`^[A-Za-z]{1,32}$`)
	branchRe   = lazyre.New(`^[A-Za-z0-9_][A-Za-z0-9._/-]{0,254}$`)
)

// ValidRepo checks an owner/name pair.
func ValidRepo(full string) error {
	if !repoRe.MatchString(full) || strings.HasSuffix(full, "/.") || strings.HasSuffix(full, "/..") {
		return fmt.Errorf("repository %q is not a valid owner/name", full)
	}
	return nil
}

// ValidLogin checks a GitHub login.
func ValidLogin(login string) error {
	if !loginRe.MatchString(login) {
		return fmt.Errorf("login %q is not a valid GitHub login", login)
	}
	return nil
}

func validUser(u User, what string) error {
	if !loginRe.MatchString(u.Login) {
		return fmt.Errorf("%s login %q is not a valid GitHub login", what, u.Login)
	}
	if !userTypeRe.MatchString(u.Type) {
		return fmt.Errorf("%s type %q is not a valid account type", what, u.Type)
	}
	return nil
}

// validComment checks everything rtgit will use from a comment, whether it
// came in a payload or from the API.
func validComment(c *Comment) error {
	if c.ID <= 0 {
		return fmt.Errorf("comment id %d is not positive", c.ID)
	}
	if err := validUser(c.User, "comment author"); err != nil {
		return err
	}
	if len(c.Body) > roundtable.MaxCommentBytes {
		return fmt.Errorf("comment %d is %d bytes; the limit is %d", c.ID, len(c.Body), roundtable.MaxCommentBytes)
	}
	if !utf8.ValidString(c.Body) || strings.ContainsRune(c.Body, 0) {
		return fmt.Errorf("comment %d is not valid UTF-8 text", c.ID)
	}
	if c.Kind == KindReview && c.CommitID != "" && !shaRe.MatchString(c.CommitID) {
		return fmt.Errorf("review %d has an invalid commit %q", c.ID, c.CommitID)
	}
	if c.Kind == KindReviewComment {
		if c.Path == "" || path.IsAbs(c.Path) || path.Clean(c.Path) != c.Path || strings.HasPrefix(c.Path, "../") ||
			c.Path == ".." || strings.ContainsAny(c.Path, "\\\x00\n") || len(c.Path) > 4096 {
			return fmt.Errorf("review comment %d has an invalid path %q", c.ID, c.Path)
		}
		if c.Line < 0 || c.Line > 10_000_000 || c.OriginalLine < 0 || c.OriginalLine > 10_000_000 {
			return fmt.Errorf("review comment %d has an invalid line %d (originally %d)", c.ID, c.Line, c.OriginalLine)
		}
		for _, sha := range []string{c.CommitID, c.OriginalCommitID} {
			if sha != "" && !shaRe.MatchString(sha) {
				return fmt.Errorf("review comment %d has an invalid commit %q", c.ID, sha)
			}
		}
		if c.Side != "" && c.Side != "LEFT" && c.Side != "RIGHT" {
			return fmt.Errorf("review comment %d has an invalid side %q", c.ID, c.Side)
		}
	}
	return nil
}

// SlugFromBranch returns the slug of an analysis branch rtgit/<slug>, or
// an error for any other branch name.
func SlugFromBranch(branch string) (string, error) {
	slug, ok := strings.CutPrefix(branch, roundtable.BranchPrefix)
	if !ok {
		return "", fmt.Errorf("branch %q is not an analysis branch (%s<slug>)", branch, roundtable.BranchPrefix)
	}
	if err := roundtable.ValidateSlug(slug); err != nil {
		return "", fmt.Errorf("branch %q: %w", branch, err)
	}
	return slug, nil
}

// The payload shapes, cut down to the fields rtgit reads.
type (
	wireUser struct {
		Login string `json:"login"`
		Type  string `json:"type"`
		ID    int64  `json:"id"`
	}
	wireComment struct {
		ID        int64     `json:"id"`
		User      *wireUser `json:"user"`
		Body      *string   `json:"body"`
		Path      string    `json:"path"`
		Line      *int      `json:"line"`
		OrigLine  *int      `json:"original_line"`
		CommitID  string    `json:"commit_id"`
		OrigID    string    `json:"original_commit_id"`
		Side      string    `json:"side"`
		CreatedAt time.Time `json:"created_at"`
		Submitted time.Time `json:"submitted_at"`
		State     string    `json:"state"`
		Assoc     string    `json:"author_association"`
	}
	wirePayload struct {
		Action     string       `json:"action"`
		Comment    *wireComment `json:"comment"`
		Review     *wireComment `json:"review"`
		Repository *struct {
			FullName      string `json:"full_name"`
			DefaultBranch string `json:"default_branch"`
		} `json:"repository"`
		Issue *struct {
			Number      int              `json:"number"`
			PullRequest *json.RawMessage `json:"pull_request"`
		} `json:"issue"`
		Label *struct {
			Name string `json:"name"`
		} `json:"label"`
		PullRequest *struct {
			Number int  `json:"number"`
			Merged bool `json:"merged"`
		} `json:"pull_request"`
		Sender  *wireUser `json:"sender"`
		Ref     string    `json:"ref"`
		After   string    `json:"after"`
		Deleted bool      `json:"deleted"`
	}
)

func (w *wireComment) comment(kind Kind) (*Comment, error) {
	if w == nil {
		return nil, errors.New("the payload has no comment")
	}
	if w.User == nil {
		return nil, fmt.Errorf("comment %d has no author", w.ID)
	}
	c := &Comment{Kind: kind, ID: w.ID, User: User{Login: w.User.Login, Type: w.User.Type, ID: w.User.ID}, Path: w.Path, CreatedAt: w.CreatedAt,
		Association: association(w.Assoc)}
	if w.Body != nil {
		c.Body = *w.Body
	}
	if w.Line != nil {
		c.Line = *w.Line
	}
	if kind == KindReviewComment {
		c.CommitID, c.OriginalCommitID, c.Side = w.CommitID, w.OrigID, w.Side
		if w.OrigLine != nil {
			c.OriginalLine = *w.OrigLine
		}
	}
	if kind == KindReview {
		c.CreatedAt = w.Submitted
		c.State = strings.ToLower(w.State)
		c.CommitID = w.CommitID // the commit the reviewer saw
	}
	return c, validComment(c)
}

// ParseEvent reads and validates the payload of event name.
func ParseEvent(name string, payload []byte) (*Event, error) {
	if len(payload) > MaxPayloadBytes {
		return nil, fmt.Errorf("event payload is %d bytes; the limit is %d", len(payload), MaxPayloadBytes)
	}
	var w wirePayload
	dec := json.NewDecoder(bytes.NewReader(payload))
	if err := dec.Decode(&w); err != nil {
		return nil, fmt.Errorf("event payload: %w", err)
	}
	if w.Repository == nil {
		return nil, errors.New("event payload has no repository")
	}
	ev := &Event{Name: name, Repo: w.Repository.FullName}
	if err := ValidRepo(ev.Repo); err != nil {
		return nil, fmt.Errorf("event payload: %w", err)
	}
	if u := w.Sender; u != nil && loginRe.MatchString(u.Login) {
		ev.Sender = User{Login: u.Login, Type: u.Type, ID: u.ID}
	}
	if b := w.Repository.DefaultBranch; b != "" {
		if !branchRe.MatchString(b) || strings.Contains(b, "..") || strings.HasSuffix(b, ".lock") {
			return nil, fmt.Errorf("event payload: default branch %q is not a valid branch name", b)
		}
		ev.DefaultBranch = b
	}
	var err error
	switch name {
	case EventIssueComment:
		if w.Issue == nil || w.Issue.Number <= 0 {
			return nil, errors.New("issue_comment payload has no valid issue number")
		}
		ev.PR = w.Issue.Number
		if ev.Comment, err = w.Comment.comment(KindIssueComment); err != nil {
			return nil, fmt.Errorf("issue_comment payload: %w", err)
		}
		if w.Issue.PullRequest == nil || string(*w.Issue.PullRequest) == "null" {
			ev.Issue, ev.PR = ev.PR, 0
			var ok bool
			if ev.Analyze, ok, ev.AnalyzeErr = ParseAnalyze(ev.Comment.Body); !ok {
				ev.Skip = fmt.Sprintf("#%d is an issue, not a pull request, and the comment is not /rtgit analyze", ev.Issue)
			}
		}
		if w.Action != "created" {
			ev.Skip = fmt.Sprintf("comment %s, not created", w.Action)
		}
	case EventReviewComment, EventReview:
		if w.PullRequest == nil || w.PullRequest.Number <= 0 {
			return nil, fmt.Errorf("%s payload has no valid pull request number", name)
		}
		ev.PR = w.PullRequest.Number
		want := "created"
		if name == EventReview {
			want = "submitted"
			ev.Comment, err = w.Review.comment(KindReview)
		} else {
			ev.Comment, err = w.Comment.comment(KindReviewComment)
		}
		if err != nil {
			return nil, fmt.Errorf("%s payload: %w", name, err)
		}
		if w.Action != want {
			ev.Skip = fmt.Sprintf("%s %s, not %s", name, w.Action, want)
		}
	case EventPush:
		branch, ok := strings.CutPrefix(w.Ref, "refs/heads/")
		if !ok {
			ev.Skip = fmt.Sprintf("push to %q, not to a branch", w.Ref)
			return ev, nil
		}
		if _, err := SlugFromBranch(branch); err != nil {
			return nil, fmt.Errorf("push payload: %w", err)
		}
		ev.Branch = branch
		if w.Deleted {
			ev.Skip = "the branch was deleted"
			return ev, nil
		}
		if !shaRe.MatchString(w.After) {
			return nil, fmt.Errorf("push payload: after %q is not a commit SHA", w.After)
		}
		ev.After = w.After
	case EventIssues:
		if w.Issue == nil || w.Issue.Number <= 0 {
			return nil, errors.New("issues payload has no valid issue number")
		}
		ev.Issue = w.Issue.Number
		if w.Action != "labeled" || w.Label == nil {
			ev.Skip = fmt.Sprintf("issue %s, not labeled", w.Action)
			return ev, nil
		}
		if w.Sender == nil {
			return nil, errors.New("issues payload has no sender")
		}
		ev.Label, ev.Sender = w.Label.Name, User{Login: w.Sender.Login, Type: w.Sender.Type, ID: w.Sender.ID}
		if err := validUser(ev.Sender, "sender"); err != nil {
			return nil, fmt.Errorf("issues payload: %w", err)
		}
	case EventPullRequest:
		if w.PullRequest == nil || w.PullRequest.Number <= 0 {
			return nil, errors.New("pull_request payload has no valid pull request number")
		}
		ev.PR = w.PullRequest.Number
		switch {
		case w.Action == "closed" && w.PullRequest.Merged:
			ev.Merged = true
		case w.Action == "opened", w.Action == "synchronize", w.Action == "reopened", w.Action == "ready_for_review":
		default:
			ev.Skip = fmt.Sprintf("pull request %s, not opened, pushed to or merged", w.Action)
			return ev, nil
		}
		if w.Sender == nil {
			return nil, errors.New("pull_request payload has no sender")
		}
		if err := validUser(ev.Sender, "sender"); err != nil {
			return nil, fmt.Errorf("pull_request payload: %w", err)
		}
	default:
		return nil, fmt.Errorf("event %q is not one rtgit handles (%s, %s, %s, %s, %s or %s)", name, EventIssueComment, EventReviewComment, EventReview, EventPush, EventIssues, EventPullRequest)
	}
	return ev, nil
}
