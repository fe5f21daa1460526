package review

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// Workspace is the git side of the action: one clone of the repository.
type Workspace interface {
	Root() string
	// Fetch brings the branch from origin and returns its tip.
	Fetch(ctx context.Context, branch string) (string, error)
	// CheckoutAt makes branch point at sha and checks it out.
	CheckoutAt(branch, sha string) error
	Commit(paths []string, message string) (string, error)
	// Push updates origin's branch only if it is still at expect; a
	// rejection wraps ErrRejected.
	Push(ctx context.Context, branch, expect string) error
	// ReadAt is path's content at commit sha; an error when either is
	// missing.
	ReadAt(sha, path string) ([]byte, error)
}

// ErrRejected is a push that lost a race with another writer.
var ErrRejected = errors.New("push rejected")

// Machine is the step machine as the action drives it.
type Machine interface {
	CommentFrom(slug, text string, from roundtable.Origin) (*roundtable.Reply, error)
	Next(slug string) (*roundtable.Reply, error)
	Status(slug string) (*roundtable.Status, error)
	StatusReply(slug string) (*roundtable.Reply, error)
	// ReviewFrom applies an approving or changes-requesting review.
	ReviewFrom(slug string, changes bool, body string, from roundtable.Origin) (*roundtable.Reply, error)
}

// pushAttempts bounds the fetch-replay-push loop when writers race.
const pushAttempts = 5

// Action handles one event for one repository.
type Action struct {
	Event *Event
	Repo  string // GITHUB_REPOSITORY: the payload must agree
	// Self is the login rtgit posts as. Only comments by this account are
	// rtgit's: its markers, its replies and its dashboard.
	Self   string
	GitHub GitHub
	// Tracker reads and writes issues, for intake and publishing.
	Tracker Tracker
	Git     Workspace
	Machine Machine
	// Route loads the route of phases and steps for the dashboard.
	Route func() (*library.Route, error)
	// Config comes from the default branch, never the pull request's.
	Config Config
	// Publish answers /rtgit publish; nil where publishing is not wired.
	Publish Publisher
	// Verify and Checks answer a pull_request event: verify's findings,
	// written as a check run.
	Verify PRVerifier
	Checks Checks
	// AfterMerge shows, once a pull request is merged, the build progress
	// of the analyses on base on their issues; it returns what it did.
	AfterMerge func(ctx context.Context, base string) ([]string, error)
	// Log receives workflow commands (annotations) and progress lines.
	Log   io.Writer
	Sleep Sleeper
}

// Result is what a run did, for the job summary.
type Result struct {
	PR        int
	Slug      string
	Skipped   string    // why nothing was done, if nothing was
	Handled   []Outcome // comments acted on, in order
	Outsiders []Comment // comments from people without write access
	Pushes    int
	Problems  []string // "path:line: reason" from the last reply
	Warnings  []string // failures that did not stop the run
	// Notices are things worth knowing that changed nothing, such as
	// overrides on the analysis branch the run does not use.
	Notices []string
	// LateReplies are comments an earlier run applied without replying,
	// answered by this one.
	LateReplies []string
	// Deleted are comments deleted before they could be applied.
	Deleted []string
	// Staleness compares the analysis with the pull request's base branch,
	// as the dashboard shows it; nil when it could not be compared.
	Staleness *roundtable.Staleness
	// Failed says why the run stopped, when it did.
	Failed string
	// Done lists what the run did besides applying comments: an analysis
	// opened for an issue, tasks published.
	Done []string
}

// Outcome is one comment (or push) acted on.
type Outcome struct {
	Comment *Comment // nil for a push
	Key     string
	Reply   *roundtable.Reply
	Err     error
	Commits []string
}

// OK reports whether the comment did what it asked.
func (o Outcome) OK() bool { return o.Err == nil }

func (a *Action) logf(format string, args ...any) {
	if a.Log != nil {
		fmt.Fprintf(a.Log, format+"\n", args...)
	}
}

func (a *Action) sleep(ctx context.Context, d time.Duration) error {
	if a.Sleep != nil {
		return a.Sleep(ctx, d)
	}
	return Sleep(ctx, d)
}

func (a *Action) warn(res *Result, err error) {
	res.Warnings = append(res.Warnings, err.Error())
	a.logf("::warning::%s", escapeData(err.Error()))
}

// Run handles the event: catch up on every comment not yet processed,
// commit and push what they changed, then reply, react and update the
// dashboard.
func (a *Action) Run(ctx context.Context) (*Result, error) {
	ev := a.Event
	res := &Result{PR: ev.PR}
	if ev.Repo != a.Repo {
		return nil, fmt.Errorf("the event is for %s but GITHUB_REPOSITORY is %s", ev.Repo, a.Repo)
	}
	if ev.Skip != "" {
		res.Skipped = ev.Skip
		return res, nil
	}
	if a.Self == "" {
		return nil, errors.New("the account rtgit posts as is unknown")
	}
	if ev.Issue > 0 {
		return a.intake(ctx, res)
	}
	if ev.Name == EventPullRequest {
		return a.verifyPR(ctx, res)
	}
	// A comment by a bot or by rtgit is never applied, but its run still
	// catches up: with a concurrency group, GitHub cancels the queued run of
	// a person's comment when a newer one is queued, and the newer run may
	// be this one.
	trigger := ev.Comment
	if c := ev.Comment; c != nil && (c.User.IsBot() || a.own(*c)) {
		a.logf("comment %s is by %s, a bot or rtgit itself: not applied; catching up on the others", c.Key(), c.User.Login)
		trigger = nil
	}
	if c := trigger; c != nil && Outsider(*c) {
		return res, a.refuseOutsider(ctx, res, *c)
	}
	pr, err := a.pullRequest(ctx)
	if err != nil || pr == nil {
		if pr == nil && err == nil {
			res.Skipped = "no open pull request for " + ev.Branch
		}
		return res, err
	}
	res.PR = pr.Number
	slug, err := SlugFromBranch(pr.HeadRef)
	if err != nil {
		res.Skipped = fmt.Sprintf("#%d is not an analysis pull request: %v", pr.Number, err)
		return res, nil
	}
	res.Slug = slug
	if pr.State != "open" {
		res.Skipped = fmt.Sprintf("#%d is %s", pr.Number, pr.State)
		return res, nil
	}
	comments, err := a.GitHub.Comments(ctx, pr.Number)
	if err != nil {
		return res, err
	}
	replied := a.repliedTo(comments)
	if c := trigger; c != nil && !replied[c.Key()] {
		a.react(ctx, res, *c, "eyes")
	}
	if pr.Fork() {
		return res, a.refuseFork(ctx, pr, comments, res, trigger)
	}
	r := &run{Action: a, ctx: ctx, pr: pr, slug: slug, res: res, replied: replied, perms: map[string]bool{}, trigger: trigger,
		told: a.toldOutsiders(comments)}
	r.fetchBase()
	if err := r.catchUp(comments); err != nil {
		return res, err
	}
	r.respond()
	r.closeAbandoned()
	r.replyLate()
	return res, nil
}

// react is best effort, and off when the repository's config says so.
func (a *Action) react(ctx context.Context, res *Result, c Comment, content string) {
	if !a.Config.Reactions {
		return
	}
	if err := a.GitHub.React(ctx, c, content); err != nil {
		a.warn(res, err)
	}
}

func (a *Action) pullRequest(ctx context.Context) (*PullRequest, error) {
	if a.Event.PR > 0 {
		return a.GitHub.PullRequest(ctx, a.Event.PR)
	}
	return a.GitHub.PullRequestFor(ctx, a.Event.Branch)
}

// own reports whether rtgit wrote c: its author is the account rtgit
// posts as. What the comment says has nothing to do with it; anyone can
// type a marker.
func (a *Action) own(c Comment) bool { return a.Self != "" && strings.EqualFold(c.User.Login, a.Self) }

// repliedTo collects the comments rtgit has already answered, from the
// markers in its own comments.
func (a *Action) repliedTo(comments []Comment) map[string]bool {
	out := map[string]bool{}
	for _, c := range comments {
		if !a.own(c) {
			continue
		}
		for _, key := range replyKeys(c.Body) {
			out[key] = true
		}
	}
	return out
}

// refuseFork answers a fork's pull request once and touches nothing: its
// branch is never fetched, let alone checked out.
func (a *Action) refuseFork(ctx context.Context, pr *PullRequest, comments []Comment, res *Result, trigger *Comment) error {
	res.Skipped = fmt.Sprintf("#%d comes from the fork %s", pr.Number, pr.HeadRepo)
	for _, c := range comments {
		if a.own(c) && containsMarker(c.Body, "fork") {
			return nil
		}
	}
	body := marker("fork") + "\n" + "rtgit only runs analyses on branches of this repository. This pull request comes from a fork " +
		"(`" + pr.HeadRepo + "`), so I won't check it out or act on comments here. Push the branch `" + pr.HeadRef +
		"` to this repository and open the pull request from there.\n"
	if trigger != nil {
		a.react(ctx, res, *trigger, "confused")
	}
	return a.GitHub.Post(ctx, pr.Number, nil, body)
}
