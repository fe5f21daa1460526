package review

import (
	"context"

	"github.com/google/go-github/v60/github"

	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// prCloser is the part of GitHub that closes a pull request. It stays out
// of the GitHub interface so the fakes that need no closing need not
// implement it.
type prCloser interface {
	ClosePullRequest(ctx context.Context, number int) error
}

// ClosePullRequest closes the pull request; closing a closed one is a no-op.
func (c *Client) ClosePullRequest(ctx context.Context, number int) error {
	state := "closed"
	_, resp, err := c.gh.PullRequests.Edit(ctx, c.owner, c.repo, number, &github.PullRequest{State: &state})
	if err != nil {
		return apiErr("close the pull request", resp, err)
	}
	return nil
}

// closeAbandoned closes the pull request when a comment of this run
// abandoned the analysis and it is still abandoned once every comment is
// applied: the analysis will not be built, so the pull request will not
// be merged. Only comments applied count, and those come from people who
// may drive the analysis; the branch and its history stay.
func (r *run) closeAbandoned() {
	asked := false
	for _, out := range r.res.Handled {
		if out.Comment != nil && out.OK() && roundtable.ParseComment(out.Comment.Body).Kind == "abandon" {
			asked = true
		}
	}
	closer, ok := r.GitHub.(prCloser)
	if !asked || !ok || r.pr.State != "open" {
		return
	}
	st, err := r.Machine.Status(r.slug)
	if err != nil {
		r.warn(r.res, err)
		return
	}
	if st.Closed == nil || st.Closed.As != meta.Abandoned {
		return
	}
	if err := closer.ClosePullRequest(r.ctx, r.pr.Number); err != nil {
		r.warn(r.res, err)
		return
	}
	r.pr.State = "closed"
	r.logf("closed #%d: the analysis is abandoned (%s)", r.pr.Number, st.Closed.Reason)
}
