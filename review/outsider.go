package review

import (
	"context"
	"fmt"
	"strings"
)

// Outsiders are told once per pull request that they cannot drive it.
// Their comments are never applied, and each costs as few API requests as
// refusing takes: a burst of them must not spend the repository's rate
// limit or bury the conversation under identical replies.

// outsiderMarker tags the one reply that tells login, on this pull
// request, that only writers drive the analysis.
func outsiderMarker(login string) string { return marker("outsider=" + strings.ToLower(login)) }

func outsiderReply(c Comment) string {
	return fmt.Sprintf("%s\n%s\nThanks for the comment, @%s. Only people with write access to this repository can drive this analysis, "+
		"so I haven't changed anything, and I won't answer your later comments here either. "+
		"A maintainer can pick up your point in their own comment.\n", outsiderMarker(c.User.Login), replyMarker(c), c.User.Login)
}

// toldOutsiders collects, from rtgit's own comments, the logins already
// told they cannot drive this pull request.
func (a *Action) toldOutsiders(comments []Comment) map[string]bool {
	told := map[string]bool{}
	for _, c := range comments {
		if !a.own(c) {
			continue
		}
		for _, m := range outsiderMarkerRe.FindAllStringSubmatch(c.Body, -1) {
			told[m[1]] = true
		}
	}
	return told
}

// refuseOutsider handles a run started by a comment whose
// author_association says its author cannot write. It reads the pull
// request (is it an open analysis?) and its conversation (was this person
// told already?), and replies the first time: at most four requests.
// Nothing is fetched, checked out or applied; other comments wait for the
// next writer's run, which catches up on them.
func (a *Action) refuseOutsider(ctx context.Context, res *Result, c Comment) error {
	pr, err := a.pullRequest(ctx)
	if err != nil || pr == nil {
		if pr == nil && err == nil {
			res.Skipped = "no open pull request"
		}
		return err
	}
	res.PR = pr.Number
	slug, err := SlugFromBranch(pr.HeadRef)
	if err != nil {
		res.Skipped = fmt.Sprintf("#%d is not an analysis pull request: %v", pr.Number, err)
		return nil
	}
	res.Slug = slug
	if pr.State != "open" {
		res.Skipped = fmt.Sprintf("#%d is %s", pr.Number, pr.State)
		return nil
	}
	res.Outsiders = append(res.Outsiders, c)
	conv, err := a.GitHub.ConversationComments(ctx, pr.Number)
	if err != nil {
		return err
	}
	if a.toldOutsiders(conv)[strings.ToLower(c.User.Login)] {
		a.logf("@%s (%s) cannot drive this analysis and was told so before; comment %s not applied", c.User.Login, c.Association, c.Key())
		return nil
	}
	if err := a.GitHub.Post(ctx, pr.Number, nil, outsiderReply(c)); err != nil {
		return err
	}
	a.react(ctx, res, c, "confused")
	return nil
}
