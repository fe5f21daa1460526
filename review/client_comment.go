package review

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/google/go-github/v60/github"
)

func reviewComment(x *github.PullRequestComment) Comment {
	return Comment{Kind: KindReviewComment, ID: x.GetID(), User: user(x.User), Body: x.GetBody(),
		Path: x.GetPath(), Line: x.GetLine(), CreatedAt: x.GetCreatedAt().Time, Association: association(x.GetAuthorAssociation()),
		CommitID: x.GetCommitID(), OriginalCommitID: x.GetOriginalCommitID(), OriginalLine: x.GetOriginalLine(), Side: x.GetSide()}
}

func issueComment(x *github.IssueComment) Comment {
	return Comment{Kind: KindIssueComment, ID: x.GetID(), User: user(x.User), Body: x.GetBody(), CreatedAt: x.GetCreatedAt().Time,
		Association: association(x.GetAuthorAssociation())}
}

func review(x *github.PullRequestReview) Comment {
	return Comment{Kind: KindReview, ID: x.GetID(), User: user(x.User), Body: x.GetBody(), CreatedAt: x.GetSubmittedAt().Time,
		State: strings.ToLower(x.GetState()), Association: association(x.GetAuthorAssociation()), CommitID: x.GetCommitID()}
}

// usable drops the comments rtgit cannot trust its reading of, one by one:
// a single odd comment must not stop every later run on the pull request.
func (c *Client) usable(cs []Comment) []Comment {
	out := cs[:0]
	for i := range cs {
		if err := validComment(&cs[i]); err != nil {
			c.badComment(fmt.Errorf("skipped comment %s: %w", cs[i].Key(), err))
			continue
		}
		out = append(out, cs[i])
	}
	return out
}

// Comment reads one comment as the API shows it now. A comment deleted
// since it was made gives an error wrapping ErrNotFound.
func (c *Client) Comment(ctx context.Context, pr int, kind Kind, id int64) (*Comment, error) {
	var out Comment
	var resp *github.Response
	var err error
	switch kind {
	case KindIssueComment:
		var x *github.IssueComment
		if x, resp, err = c.gh.Issues.GetComment(ctx, c.owner, c.repo, id); err == nil {
			out = issueComment(x)
		}
	case KindReviewComment:
		var x *github.PullRequestComment
		if x, resp, err = c.gh.PullRequests.GetComment(ctx, c.owner, c.repo, id); err == nil {
			out = reviewComment(x)
		}
	case KindReview:
		var x *github.PullRequestReview
		if x, resp, err = c.gh.PullRequests.GetReview(ctx, c.owner, c.repo, pr, id); err == nil {
			out = review(x)
		}
	default:
		return nil, fmt.Errorf("comment kind %q", kind)
	}
	if err != nil {
		return nil, apiErr(fmt.Sprintf("read comment %s-%d", kind, id), resp, err)
	}
	if err := validComment(&out); err != nil {
		return nil, fmt.Errorf("the API returned a bad comment: %w", err)
	}
	return &out, nil
}

// Login is the account the token acts as, from GET /user. A workflow or
// App installation token cannot read it and gets an error.
func (c *Client) Login(ctx context.Context) (string, error) {
	u, resp, err := c.gh.Users.Get(ctx, "")
	if err != nil {
		if resp != nil && (resp.StatusCode == http.StatusForbidden || resp.StatusCode == http.StatusUnauthorized) {
			return "", fmt.Errorf("the token cannot say which account it acts as (GET /user: %d); "+
				"for a GitHub App token pass the App's login (<app-slug>[bot]) with --login: %w", resp.StatusCode, err)
		}
		return "", apiErr("read the token's account", resp, err)
	}
	if err := validUser(User{Login: u.GetLogin(), Type: u.GetType()}, "token"); err != nil {
		return "", err
	}
	return u.GetLogin(), nil
}
