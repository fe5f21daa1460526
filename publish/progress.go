package publish

import (
	"context"
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/review"
)

// ProgressOptions say whose build progress to show, and where.
type ProgressOptions struct {
	Slug string
	// Source is the issue the analysis started from; 0 shows it on the
	// tracking issue publish opened instead.
	Source int
	Labels review.Labels
	Self   string
	// Commit is the base branch's commit the progress was read at.
	Commit string
	// Lines are the progress, one line each (follow.Progress.Lines).
	Lines []string
}

func progressMarker(slug string) string {
	return fmt.Sprintf("%s progress slug=%s -->", markerPrefix, slug)
}

// ProgressComment is the comment showing an analysis's build progress on
// its issue.
func ProgressComment(o ProgressOptions) string {
	var b strings.Builder
	b.WriteString(progressMarker(o.Slug) + "\n")
	fmt.Fprintf(&b, "**Build progress** of `%s`", o.Slug)
	if len(o.Commit) >= 7 {
		fmt.Fprintf(&b, " at %s", o.Commit[:7])
	}
	b.WriteString(":\n\n")
	for _, l := range o.Lines {
		fmt.Fprintf(&b, "- %s\n", defang(l))
	}
	return b.String()
}

// UpdateProgress keeps one comment with the build progress on the
// analysis's issue (the one publish put the task list on), editing it in
// place. It opens nothing: an analysis never published has no issue to
// show it on, and 0 is returned.
func UpdateProgress(ctx context.Context, t Tracker, o ProgressOptions) (int, error) {
	p := &publisher{Options: Options{Slug: o.Slug, Source: o.Source, Labels: o.Labels, Self: o.Self}, ctx: ctx, t: t, res: &Result{}}
	target, err := p.find()
	if err != nil || target == nil {
		return 0, err
	}
	comments, err := t.IssueComments(ctx, target.Number)
	if err != nil {
		return 0, err
	}
	body := ProgressComment(o)
	for _, c := range comments {
		if p.own(c.User.Login) && strings.Contains(c.Body, progressMarker(o.Slug)) {
			if strings.ReplaceAll(c.Body, "\r\n", "\n") == body {
				return target.Number, nil
			}
			return target.Number, t.EditComment(ctx, c.ID, body)
		}
	}
	return target.Number, t.Post(ctx, target.Number, nil, body)
}

// ClosedTasks lists the task issues of slug that are closed on the
// tracker, from rtgit's own issues carrying the task label.
func ClosedTasks(issues []review.Issue, slug, self string) map[int]bool {
	out := map[int]bool{}
	for _, is := range issues {
		if self == "" || !strings.EqualFold(is.User.Login, self) {
			continue
		}
		if _, ok := markedTask(is.Body, slug); ok && is.State == "closed" {
			out[is.Number] = true
		}
	}
	return out
}
