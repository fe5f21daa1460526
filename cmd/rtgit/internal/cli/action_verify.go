package cli

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/rtgit/rtgit/follow"
	"github.com/rtgit/rtgit/gitops"
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
