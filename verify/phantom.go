package verify

import (
	"context"
	"fmt"
	"sort"
)

// phantoms reports the tasks whose issue is closed while no merged change
// touched their files or named them, nor does this change.
func phantoms(ctx context.Context, in Input, analyses []Analysis, r *Report, add func(Finding)) error {
	if in.Issues == nil || in.History == nil {
		has := false
		for _, a := range analyses {
			has = has || len(a.TaskIssues) > 0
		}
		if has {
			r.Notes = append(r.Notes, "phantom work was not checked: whether an issue is closed is known only on GitHub")
		}
		return nil
	}
	advanced := map[string]bool{}
	for _, t := range r.Advances {
		advanced[t.Analysis+" "+t.Task] = true
	}
	for _, a := range analyses {
		ids := make([]string, 0, len(a.TaskIssues))
		for id := range a.TaskIssues {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			t, ok := a.Plan.Task(id)
			if !ok || advanced[a.Slug+" "+id] {
				continue
			}
			closed, err := in.Issues.Closed(ctx, a.Slug, a.TaskIssues[id])
			if err != nil {
				return err
			}
			if !closed {
				continue
			}
			done, err := in.History.Done(ctx, a, t)
			if err != nil {
				return err
			}
			if !done {
				add(Finding{Rule: RulePhantom, Analysis: a.Slug, Task: id, Path: a.tasksPath(), Line: t.Line,
					Message: fmt.Sprintf("issue #%d of %s (%s) is closed, but no merged change touched its files or named it", a.TaskIssues[id], id, a.Slug)})
			}
		}
	}
	return nil
}
