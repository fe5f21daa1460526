package publish

import (
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/review"
)

// summarise puts the task list and counts on the target issue, and the
// ready label.
func (p *publisher) summarise() error {
	target, err := p.target()
	if err != nil || target == nil {
		return err
	}
	p.res.Target = target.Number
	if !target.HasLabel(p.Labels.Ready) && p.write("label #%d %s", target.Number, p.Labels.Ready) {
		if err := p.t.AddLabels(p.ctx, target.Number, p.Labels.Ready); err != nil {
			return err
		}
	}
	comments, err := p.t.IssueComments(p.ctx, target.Number)
	if err != nil {
		return err
	}
	body := p.summary()
	for _, c := range comments {
		if p.own(c.User.Login) && strings.Contains(c.Body, summaryMarker(p.Slug)) {
			if strings.ReplaceAll(c.Body, "\r\n", "\n") == body || !p.write("update the summary on #%d", target.Number) {
				return nil
			}
			return p.t.EditComment(p.ctx, c.ID, body)
		}
	}
	if !p.write("post the summary on #%d", target.Number) {
		return nil
	}
	return p.t.Post(p.ctx, target.Number, nil, body)
}

// target is the source issue, or the tracking issue rtgit opened for the
// analysis, opened now if there is none; nil in a dry run that would open
// it.
func (p *publisher) target() (*review.Issue, error) {
	found, err := p.find()
	if err != nil || found != nil {
		return found, err
	}
	title := fmt.Sprintf("%s: build plan", p.Slug)
	if !p.write("open a tracking issue: %s", title) {
		return nil, nil
	}
	body := trackingMarker(p.Slug) + "\n" + fmt.Sprintf("The build plan of `%s`: %s. The tasks are listed in the comment below, kept current by `rtgit publish`.\n",
		p.Slug, p.text(p.Description))
	return p.t.CreateIssue(p.ctx, title, body, []string{p.Labels.Ready})
}

// find is the source issue, or the tracking issue rtgit opened for the
// analysis; nil when there is neither.
func (p *publisher) find() (*review.Issue, error) {
	if p.Source > 0 {
		return p.t.Issue(p.ctx, p.Source)
	}
	// The tracking issue carries the ready label from its creation, so
	// listing that label finds it, even after a run that stopped there.
	list, err := p.t.IssuesLabeled(p.ctx, p.Labels.Ready)
	if err != nil {
		return nil, err
	}
	for i, is := range list {
		if p.own(is.User.Login) && strings.Contains(is.Body, trackingMarker(p.Slug)) {
			return &list[i], nil
		}
	}
	return nil, nil
}
