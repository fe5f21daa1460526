package review

import (
	"context"
	"errors"
	"strings"

	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// Publisher publishes an analysis's build plan as issues (package
// publish, wired by the command line). It returns each task's issue for
// meta.json, nil when nothing was published, and the reply to post.
type Publisher func(ctx context.Context, slug string, dryRun bool) (issues map[string]int, reply string, err error)

// ParsePublish reads `/rtgit publish [--dry-run]` from the first
// non-blank line of a comment.
func ParsePublish(body string) (dryRun, ok bool) {
	for _, l := range strings.Split(body, "\n") {
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		if len(f) < 2 || !strings.EqualFold(f[0], "/rtgit") || !strings.EqualFold(f[1], "publish") {
			return false, false
		}
		switch {
		case len(f) == 2:
			return false, true
		case len(f) == 3 && f[2] == "--dry-run":
			return true, true
		}
		return false, false
	}
	return false, false
}

// publish answers `/rtgit publish`: the build plan becomes issues, and
// meta.json, committed with the comment, records them.
func (r *run) publish(dry bool, md *meta.Meta) (*roundtable.Reply, error) {
	if r.Publish == nil {
		return nil, errors.New("publishing is not available in this run")
	}
	issues, text, err := r.Publish(r.ctx, r.slug, dry)
	reply := &roundtable.Reply{}
	if text != "" {
		reply.Lines = append(reply.Lines, roundtable.Line{Text: text})
	}
	if err == nil && !dry && issues != nil {
		md.TaskIssues = issues
	}
	return reply, err
}
