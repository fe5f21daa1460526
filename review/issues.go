package review

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/google/go-github/v60/github"
)

// Issue is a GitHub issue as rtgit needs it.
type Issue struct {
	Number int
	Title  string
	Body   string
	State  string // open or closed
	// StateReason is GitHub's state_reason: completed or not_planned once
	// closed, reopened once a person opened it again.
	StateReason string
	URL         string
	User        User
	Labels      []string
	// PullRequest is true for a pull request: the issues API lists both.
	PullRequest bool
}

// HasLabel reports whether the issue carries label, compared as GitHub
// compares label names: without regard to case.
func (is *Issue) HasLabel(label string) bool {
	for _, l := range is.Labels {
		if strings.EqualFold(l, label) {
			return true
		}
	}
	return false
}

// Tracker is what intake and publishing need from GitHub's issues and
// pull requests, beyond what a pull request's comments need (GitHub).
type Tracker interface {
	// Issue reads an issue (or a pull request, marked as one) by number.
	Issue(ctx context.Context, number int) (*Issue, error)
	// IssueComments lists the conversation of an issue, oldest first.
	IssueComments(ctx context.Context, number int) ([]Comment, error)
	// IssuesLabeled lists every issue, open or closed, that carries label;
	// pull requests are left out.
	IssuesLabeled(ctx context.Context, label string) ([]Issue, error)
	CreateIssue(ctx context.Context, title, body string, labels []string) (*Issue, error)
	// EditIssue replaces an issue's title and body.
	EditIssue(ctx context.Context, number int, title, body string) error
	// AddLabels adds labels to an issue, keeping those it has.
	AddLabels(ctx context.Context, number int, labels ...string) error
	DefaultBranch(ctx context.Context) (string, error)
	CreatePullRequest(ctx context.Context, head, base, title, body string) (*PullRequest, error)
}

// MaxIssueBodyBytes bounds an issue's title and body as rtgit reads them:
// GitHub itself stops at 65536 characters.
const MaxIssueBodyBytes = 256 << 10

func convertIssue(x *github.Issue) (*Issue, error) {
	is := &Issue{Number: x.GetNumber(), Title: x.GetTitle(), Body: x.GetBody(), State: x.GetState(), StateReason: x.GetStateReason(), URL: x.GetHTMLURL(),
		User: user(x.User), PullRequest: x.IsPullRequest()}
	for _, l := range x.Labels {
		is.Labels = append(is.Labels, l.GetName())
	}
	if is.Number <= 0 {
		return nil, errors.New("the API returned an issue without a number")
	}
	if len(is.Title)+len(is.Body) > MaxIssueBodyBytes || !utf8.ValidString(is.Title) || !utf8.ValidString(is.Body) ||
		strings.ContainsRune(is.Title+is.Body, 0) {
		return nil, fmt.Errorf("issue #%d is not valid UTF-8 text of at most %d bytes", is.Number, MaxIssueBodyBytes)
	}
	return is, nil
}

func (c *Client) Issue(ctx context.Context, number int) (*Issue, error) {
	x, resp, err := c.gh.Issues.Get(ctx, c.owner, c.repo, number)
	if err != nil {
		return nil, apiErr(fmt.Sprintf("read issue #%d", number), resp, err)
	}
	return convertIssue(x)
}

func (c *Client) IssueComments(ctx context.Context, number int) ([]Comment, error) {
	var out []Comment
	for page := 1; page != 0; {
		cs, resp, err := c.gh.Issues.ListComments(ctx, c.owner, c.repo, number,
			&github.IssueListCommentsOptions{ListOptions: github.ListOptions{Page: page, PerPage: 100}})
		if err != nil {
			return nil, apiErr(fmt.Sprintf("list the comments of #%d", number), resp, err)
		}
		for _, x := range cs {
			out = append(out, Comment{Kind: KindIssueComment, ID: x.GetID(), User: user(x.User), Body: x.GetBody(), CreatedAt: x.GetCreatedAt().Time})
		}
		page = resp.NextPage
	}
	out = c.usable(out)
	sort.SliceStable(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

func (c *Client) IssuesLabeled(ctx context.Context, label string) ([]Issue, error) {
	var out []Issue
	opts := &github.IssueListByRepoOptions{State: "all", Labels: []string{label}, Sort: "created", Direction: "asc",
		ListOptions: github.ListOptions{PerPage: 100}}
	for opts.Page = 1; opts.Page != 0; {
		xs, resp, err := c.gh.Issues.ListByRepo(ctx, c.owner, c.repo, opts)
		if err != nil {
			return nil, apiErr("list the issues labelled "+label, resp, err)
		}
		for _, x := range xs {
			is, err := convertIssue(x)
			if err != nil {
				c.badComment(err)
				continue
			}
			if !is.PullRequest {
				out = append(out, *is)
			}
		}
		opts.Page = resp.NextPage
	}
	return out, nil
}

func (c *Client) CreateIssue(ctx context.Context, title, body string, labels []string) (*Issue, error) {
	x, resp, err := c.gh.Issues.Create(ctx, c.owner, c.repo, &github.IssueRequest{Title: &title, Body: &body, Labels: &labels})
	if err != nil {
		return nil, apiErr("open an issue", resp, err)
	}
	return convertIssue(x)
}

func (c *Client) EditIssue(ctx context.Context, number int, title, body string) error {
	_, resp, err := c.gh.Issues.Edit(ctx, c.owner, c.repo, number, &github.IssueRequest{Title: &title, Body: &body})
	if err != nil {
		return apiErr(fmt.Sprintf("edit issue #%d", number), resp, err)
	}
	return nil
}

// CloseIssue closes an issue as not planned: the work it asked for left
// the plan, it was not done.
func (c *Client) CloseIssue(ctx context.Context, number int) error {
	state, reason := "closed", "not_planned"
	_, resp, err := c.gh.Issues.Edit(ctx, c.owner, c.repo, number, &github.IssueRequest{State: &state, StateReason: &reason})
	if err != nil {
		return apiErr(fmt.Sprintf("close issue #%d", number), resp, err)
	}
	return nil
}

func (c *Client) AddLabels(ctx context.Context, number int, labels ...string) error {
	_, resp, err := c.gh.Issues.AddLabelsToIssue(ctx, c.owner, c.repo, number, labels)
	if err != nil {
		return apiErr(fmt.Sprintf("label #%d", number), resp, err)
	}
	return nil
}
