package cli

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rtgit/rtgit/follow"
	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/publish"
	"github.com/rtgit/rtgit/review"
)

// prVerifier is what the Action reports on a pull request that is not an
// analysis's: for every file the change touches, the tasks of the merged
// analyses (read at the base) whose files it is, as notes. It is the
// part of verify this build wires; its other findings join the same
// check run through review.Finding.
func prVerifier(repo *gitops.Repo) review.PRVerifier {
	return func(_ context.Context, base, head string) (*review.VerifyReport, error) {
		from, err := repo.MergeBase(base, head)
		if err != nil {
			return nil, err
		}
		d, err := repo.Drift(from, head, nil)
		if err != nil {
			return nil, err
		}
		fr := followRepo{repo}
		slugs, err := follow.Merged(fr, base)
		if err != nil {
			return nil, err
		}
		rep := &review.VerifyReport{}
		var advanced []string
		for _, slug := range slugs {
			tasks, err := follow.Tasks(fr, base, slug)
			if err != nil {
				return nil, err
			}
			var ids []string
			for _, t := range tasks {
				for _, p := range d.Paths {
					if slices.Contains(t.Files, p) {
						rep.Findings = append(rep.Findings, review.Finding{Level: review.LevelNote, Path: p,
							Title:   fmt.Sprintf("advances %s of %s", t.ID, slug),
							Message: fmt.Sprintf("This change advances %s of the analysis %s: %s", t.ID, slug, t.Title)})
						if !slices.Contains(ids, t.ID) {
							ids = append(ids, t.ID)
						}
					}
				}
			}
			if len(ids) > 0 {
				advanced = append(advanced, fmt.Sprintf("`%s` %s", slug, strings.Join(ids, ", ")))
			}
		}
		if len(advanced) > 0 {
			rep.Summary = "Advances " + strings.Join(advanced, "; ") + "."
		} else {
			rep.Summary = fmt.Sprintf("The change touches %d files; none is a task's file in the %d analyses %s holds.", len(d.Paths), len(slugs), gitops.ShortHash(base))
		}
		return rep, nil
	}
}

// maxProgressUpdates bounds the analyses one merge updates the issues of.
const maxProgressUpdates = 50

// afterMerge shows, on the issue of every merged analysis with published
// tasks, its build progress at base, counting a closed task issue as done
// only when a merged change did the task.
func afterMerge(repo *gitops.Repo, client *review.Client, labels review.Labels, self string) func(context.Context, string) ([]string, error) {
	return func(ctx context.Context, base string) ([]string, error) {
		fr := followRepo{repo}
		slugs, err := follow.Merged(fr, base)
		if err != nil {
			return nil, err
		}
		var published []*follow.Analysis
		for _, slug := range slugs {
			a, err := follow.Read(fr, base, slug)
			if err != nil {
				return nil, err
			}
			if len(a.Issues) > 0 && len(published) < maxProgressUpdates {
				published = append(published, a)
			}
		}
		if len(published) == 0 {
			return nil, nil
		}
		issues, err := client.IssuesLabeled(ctx, labels.Task)
		if err != nil {
			return nil, err
		}
		var done []string
		for _, a := range published {
			p, err := a.Progress(publish.ClosedTasks(issues, a.Slug, self), grepTests{repo})
			if err != nil {
				return done, err
			}
			o := publish.ProgressOptions{Slug: a.Slug, Labels: labels, Self: self, Commit: base, Lines: p.Lines()}
			if n, ok := strings.CutPrefix(a.Source, "GH-"); ok {
				o.Source, _ = strconv.Atoi(n)
			}
			n, err := publish.UpdateProgress(ctx, client, o)
			if err != nil {
				return done, err
			}
			if n > 0 {
				done = append(done, fmt.Sprintf("build progress of %s on #%d: %s", a.Slug, n, strings.Join(p.Lines()[:1], "")))
			}
		}
		return done, nil
	}
}
