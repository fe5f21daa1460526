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
		if n := localNote(analyses); n != "" {
			r.Notes = append(r.Notes, n)
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

// localNote says what a run without the tracker left out: the repository
// records which issue each task was published as (meta.json's
// task_issues), never whether it is closed, which only GitHub knows. A run
// with no published task had nothing to check, and says nothing.
func localNote(analyses []Analysis) string {
	issues, of := 0, 0
	for _, a := range analyses {
		if len(a.TaskIssues) > 0 {
			issues += len(a.TaskIssues)
			of++
		}
	}
	if issues == 0 {
		return ""
	}
	return fmt.Sprintf("phantom work was not checked: the repository records the issues of %s of %s (meta.json's task_issues), "+
		"but whether an issue is closed is known only to GitHub, which this run does not ask; "+
		"the Action checks it on every pull request", count(issues, "task", "tasks"), count(of, "analysis", "analyses"))
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
