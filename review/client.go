package review

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/google/go-github/v60/github"
)

// ClientOptions configure a Client.
type ClientOptions struct {
	APIURL string // GITHUB_API_URL; "" is https://api.github.com
	Token  string
	Repo   string // owner/name
	// Transport and Sleep replace the network and the backoff wait in tests.
	Transport http.RoundTripper
	Sleep     Sleeper
	// BadComment hears about each comment the API listed that rtgit cannot
	// use (an invalid login, path or body); it is left out of the list
	// rather than failing every later run on the pull request.
	BadComment func(err error)
}

// Client is the go-github implementation of GitHub for one repository.
type Client struct {
	gh          *github.Client
	owner, repo string
	badComment  func(error)
}

// NewClient builds a client honouring GITHUB_API_URL, so GitHub Enterprise
// Server and a local fake API work as github.com does.
func NewClient(o ClientOptions) (*Client, error) {
	if err := ValidRepo(o.Repo); err != nil {
		return nil, err
	}
	base := o.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	sleep := o.Sleep
	if sleep == nil {
		sleep = Sleep
	}
	api, err := url.Parse("https://api.github.com/")
	if o.APIURL != "" {
		api, err = url.Parse(strings.TrimRight(o.APIURL, "/") + "/")
		if err != nil || (api.Scheme != "https" && api.Scheme != "http") || api.Host == "" {
			return nil, fmt.Errorf("GITHUB_API_URL %q is not an http(s) URL", o.APIURL)
		}
	}
	if err != nil {
		return nil, err
	}
	rt := http.RoundTripper(&retryTransport{base: base, sleep: sleep, now: time.Now})
	if o.Token != "" {
		rt = &authTransport{base: rt, token: o.Token, host: api.Host}
	}
	gh := github.NewClient(&http.Client{Transport: rt, Timeout: 2 * time.Minute})
	gh.BaseURL, gh.UploadURL = api, api
	owner, repo, _ := strings.Cut(o.Repo, "/")
	bad := o.BadComment
	if bad == nil {
		bad = func(error) {}
	}
	return &Client{gh: gh, owner: owner, repo: repo, badComment: bad}, nil
}

// apiErr turns a 404 into ErrNotFound and names the call.
func apiErr(what string, resp *github.Response, err error) error {
	if resp != nil && resp.StatusCode == http.StatusNotFound {
		return fmt.Errorf("%s: %w", what, ErrNotFound)
	}
	return fmt.Errorf("%s: %w", what, err)
}

func convertPR(p *github.PullRequest) (*PullRequest, error) {
	pr := &PullRequest{Number: p.GetNumber(), State: p.GetState(), Title: p.GetTitle(), Body: p.GetBody(), URL: p.GetHTMLURL(),
		HeadRef: p.GetHead().GetRef(), HeadSHA: p.GetHead().GetSHA(), BaseRef: p.GetBase().GetRef(),
		HeadRepo: p.GetHead().GetRepo().GetFullName(), BaseRepo: p.GetBase().GetRepo().GetFullName()}
	if pr.Number <= 0 {
		return nil, errors.New("the API returned a pull request without a number")
	}
	if pr.HeadSHA != "" && !shaRe.MatchString(pr.HeadSHA) {
		return nil, fmt.Errorf("pull request #%d has an invalid head SHA", pr.Number)
	}
	return pr, nil
}

func (c *Client) PullRequest(ctx context.Context, number int) (*PullRequest, error) {
	p, resp, err := c.gh.PullRequests.Get(ctx, c.owner, c.repo, number)
	if err != nil {
		return nil, apiErr(fmt.Sprintf("read pull request #%d", number), resp, err)
	}
	return convertPR(p)
}

func (c *Client) PullRequestFor(ctx context.Context, branch string) (*PullRequest, error) {
	opts := &github.PullRequestListOptions{State: "open", Head: c.owner + ":" + branch, ListOptions: github.ListOptions{PerPage: 10}}
	ps, resp, err := c.gh.PullRequests.List(ctx, c.owner, c.repo, opts)
	if err != nil {
		return nil, apiErr("list pull requests for "+branch, resp, err)
	}
	for _, p := range ps {
		pr, err := convertPR(p)
		if err != nil {
			return nil, err
		}
		if pr.HeadRef == branch && !pr.Fork() {
			return pr, nil
		}
	}
	return nil, nil
}

// CreatePullRequest opens a pull request from head into base.
func (c *Client) CreatePullRequest(ctx context.Context, head, base, title, body string) (*PullRequest, error) {
	p, resp, err := c.gh.PullRequests.Create(ctx, c.owner, c.repo, &github.NewPullRequest{
		Title: &title, Head: &head, Base: &base, Body: &body})
	if err != nil {
		return nil, apiErr("open a pull request from "+head, resp, err)
	}
	return convertPR(p)
}

// DefaultBranch is the repository's default branch.
func (c *Client) DefaultBranch(ctx context.Context) (string, error) {
	r, resp, err := c.gh.Repositories.Get(ctx, c.owner, c.repo)
	if err != nil {
		return "", apiErr("read the repository", resp, err)
	}
	return r.GetDefaultBranch(), nil
}

func user(u *github.User) User { return User{Login: u.GetLogin(), Type: u.GetType(), ID: u.GetID()} }

func (c *Client) ConversationComments(ctx context.Context, number int) ([]Comment, error) {
	out, err := c.conversation(ctx, number)
	if err != nil {
		return nil, err
	}
	return c.usable(out), nil
}

func (c *Client) conversation(ctx context.Context, number int) ([]Comment, error) {
	var out []Comment
	for page := 1; page != 0; {
		cs, resp, err := c.gh.Issues.ListComments(ctx, c.owner, c.repo, number,
			&github.IssueListCommentsOptions{ListOptions: github.ListOptions{Page: page, PerPage: 100}})
		if err != nil {
			return nil, apiErr("list comments", resp, err)
		}
		for _, x := range cs {
			out = append(out, issueComment(x))
		}
		page = resp.NextPage
	}
	return out, nil
}

func (c *Client) Comments(ctx context.Context, number int) ([]Comment, error) {
	out, err := c.conversation(ctx, number)
	if err != nil {
		return nil, err
	}
	for page := 1; page != 0; {
		cs, resp, err := c.gh.PullRequests.ListComments(ctx, c.owner, c.repo, number,
			&github.PullRequestListCommentsOptions{ListOptions: github.ListOptions{Page: page, PerPage: 100}})
		if err != nil {
			return nil, apiErr("list review comments", resp, err)
		}
		for _, x := range cs {
			out = append(out, reviewComment(x))
		}
		page = resp.NextPage
	}
	for page := 1; page != 0; {
		rs, resp, err := c.gh.PullRequests.ListReviews(ctx, c.owner, c.repo, number, &github.ListOptions{Page: page, PerPage: 100})
		if err != nil {
			return nil, apiErr("list reviews", resp, err)
		}
		for _, x := range rs {
			c := review(x)
			if strings.TrimSpace(c.Body) == "" && !c.Verdict() {
				continue // a review that is only line comments
			}
			out = append(out, c)
		}
		page = resp.NextPage
	}
	out = c.usable(out)
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].CreatedAt.Equal(out[j].CreatedAt) {
			return out[i].CreatedAt.Before(out[j].CreatedAt)
		}
		return out[i].ID < out[j].ID
	})
	return out, nil
}

func (c *Client) Permission(ctx context.Context, login string) (string, error) {
	if !loginRe.MatchString(login) {
		return "", fmt.Errorf("invalid login %q", login)
	}
	p, resp, err := c.gh.Repositories.GetPermissionLevel(ctx, c.owner, c.repo, login)
	if err != nil {
		if resp != nil && resp.StatusCode == http.StatusNotFound {
			return "none", nil
		}
		return "", apiErr("read the permission of "+login, resp, err)
	}
	// The API folds maintain into write and triage into read.
	return p.GetPermission(), nil
}

func (c *Client) React(ctx context.Context, cm Comment, content string) error {
	var resp *github.Response
	var err error
	switch cm.Kind {
	case KindIssueComment:
		_, resp, err = c.gh.Reactions.CreateIssueCommentReaction(ctx, c.owner, c.repo, cm.ID, content)
	case KindReviewComment:
		_, resp, err = c.gh.Reactions.CreatePullRequestCommentReaction(ctx, c.owner, c.repo, cm.ID, content)
	default:
		return nil
	}
	if err != nil {
		return apiErr("react to comment "+cm.Key(), resp, err)
	}
	return nil
}

func (c *Client) Post(ctx context.Context, number int, to *Comment, body string) error {
	if to != nil && to.Kind == KindReviewComment {
		_, resp, err := c.gh.PullRequests.CreateCommentInReplyTo(ctx, c.owner, c.repo, number, body, to.ID)
		if err != nil {
			return apiErr("reply to review comment", resp, err)
		}
		return nil
	}
	_, resp, err := c.gh.Issues.CreateComment(ctx, c.owner, c.repo, number, &github.IssueComment{Body: &body})
	if err != nil {
		return apiErr("post a comment", resp, err)
	}
	return nil
}

func (c *Client) EditComment(ctx context.Context, id int64, body string) error {
	_, resp, err := c.gh.Issues.EditComment(ctx, c.owner, c.repo, id, &github.IssueComment{Body: &body})
	if err != nil {
		return apiErr("edit comment", resp, err)
	}
	return nil
}

func (c *Client) EditBody(ctx context.Context, number int, body string) error {
	_, resp, err := c.gh.PullRequests.Edit(ctx, c.owner, c.repo, number, &github.PullRequest{Body: &body})
	if err != nil {
		return apiErr("edit the pull request", resp, err)
	}
	return nil
}
