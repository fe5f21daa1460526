package cli

import (
	"context"

	"github.com/rtgit/rtgit/follow"
	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/layout"
	"github.com/rtgit/rtgit/plan"
	"github.com/rtgit/rtgit/publish"
	"github.com/rtgit/rtgit/review"
	"github.com/rtgit/rtgit/verify"
)

// mergedHistory is what the base branch's changes since each analysis's
// merge did, as build progress reads them (follow.Analysis.TaskStates):
// verify's phantom check and rtgit status count a task done by the same
// rule, in one place. Each analysis's history is read once, the first
// time one of its tasks is asked about.
type mergedHistory struct {
	repo   *gitops.Repo
	lay    layout.Layout
	base   string
	states map[string][]follow.TaskState
}

func (h *mergedHistory) Done(_ context.Context, a verify.Analysis, t plan.Task) (bool, error) {
	states, ok := h.states[a.Slug]
	if !ok {
		fa, err := follow.Read(followRepo{h.repo}, h.lay, h.base, a.Slug)
		if err != nil {
			return false, err
		}
		states = fa.TaskStates(nil)
		if h.states == nil {
			h.states = map[string][]follow.TaskState{}
		}
		h.states[a.Slug] = states
	}
	for _, s := range states {
		if s.ID == t.ID {
			return s.Done, nil
		}
	}
	return false, nil
}

// taskTracker tells which task issues are closed from one listing of the
// issues carrying the task label, read the first time it is asked (one
// request a hundred issues), and only rtgit's own count (as for the
// progress after a merge).
type taskTracker struct {
	list   func(ctx context.Context, label string) ([]review.Issue, error)
	label  string
	self   string
	issues []review.Issue
	read   bool
	closed map[string]map[int]bool
}

func (t *taskTracker) Closed(ctx context.Context, slug string, n int) (bool, error) {
	if !t.read {
		is, err := t.list(ctx, t.label)
		if err != nil {
			return false, err
		}
		t.issues, t.read, t.closed = is, true, map[string]map[int]bool{}
	}
	c, ok := t.closed[slug]
	if !ok {
		c = publish.ClosedTasks(t.issues, slug, t.self)
		t.closed[slug] = c
	}
	return c[n], nil
}
