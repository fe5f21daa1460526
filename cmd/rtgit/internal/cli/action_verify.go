package cli

import (
	"context"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"github.com/rtgit/rtgit/follow"
	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/layout"
	"github.com/rtgit/rtgit/publish"
	"github.com/rtgit/rtgit/review"
	"github.com/rtgit/rtgit/verify"
)

// prVerifier runs verify on a pull request's range, from the commit its
// branch left the base at to its head, against the analyses the base
// holds, at the levels the default branch's .rtgit/config.yaml sets
// (never the pull request's own). Phantom work is checked with tracker:
// a task issue closed on GitHub that no merged change did, nor this one.
func prVerifier(repo *gitops.Repo, lay layout.Layout, levels verify.Levels, tracker *taskTracker) review.PRVerifier {
	return func(ctx context.Context, base, head string, texts []string) (*review.VerifyReport, error) {
		// The range is what head has and base has not, as verify reads a
		// change locally; the pull request's title and body name tasks too.
		snap, err := repo.Snapshot()
		if err != nil {
			return nil, err
		}
		defer snap.Close()
		in, err := verifyInput(snap, lay, base, head)
		if err != nil {
			return nil, err
		}
		in.Change = withTexts{in.Change, texts}
		in.Levels = levels
		if tracker != nil {
			in.Issues, in.History = tracker, &mergedHistory{repo: repo, lay: lay, base: base}
		}
		rep, err := verify.Run(ctx, in)
		if err != nil {
			return nil, err
		}
		out := &review.VerifyReport{Summary: verifySummary(rep, gitops.ShortHash(base))}
		for _, f := range rep.Findings {
			out.Findings = append(out.Findings, review.Finding{Level: string(f.Level), Path: f.Path, Line: f.Line, Title: f.Rule, Message: f.Message})
		}
		return out, nil
	}
}

// verifySummary says what the change advances, and what verify left out.
func verifySummary(rep verify.Report, base string) string {
	var adv []string
	bySlug := map[string][]string{}
	for _, t := range rep.Advances {
		if bySlug[t.Analysis] == nil {
			adv = append(adv, t.Analysis)
		}
		bySlug[t.Analysis] = append(bySlug[t.Analysis], t.Task)
	}
	var b strings.Builder
	if len(adv) == 0 {
		fmt.Fprintf(&b, "The change (%d files) advances no task of the analyses %s holds.", len(rep.Files), base)
	} else {
		var parts []string
		for _, slug := range adv {
			parts = append(parts, fmt.Sprintf("`%s` %s", slug, strings.Join(bySlug[slug], ", ")))
		}
		fmt.Fprintf(&b, "Advances %s.", strings.Join(parts, "; "))
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(&b, "\n\n_%s_", n)
	}
	return b.String()
}

// withTexts adds the pull request's own text to a change's commit messages.
type withTexts struct {
	verify.Change
	texts []string
}

func (c withTexts) Texts(ctx context.Context) ([]string, error) {
	msgs, err := c.Change.Texts(ctx)
	return append(slices.Clone(c.texts), msgs...), err
}

// treeTestPaths lists the test files of the tree at rev, outside the
// analyses' folders: build progress counts every criterion a test names,
// not only those of one change.
func treeTestPaths(repo *gitops.Repo, lay layout.Layout, rev string) ([]string, error) {
	fsys, err := repo.TreeFS(rev)
	if err != nil {
		return nil, err
	}
	var out []string
	err = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !verify.IsTestFile(p) || lay.Holds(p) {
			return err
		}
		out = append(out, p)
		return nil
	})
	return out, err
}

// maxProgressUpdates bounds the analyses one merge updates the issues of.
const maxProgressUpdates = 50

// afterMerge shows, on the issue of every merged analysis with published
// tasks, its build progress at base, counting a closed task issue as done
// only when a merged change did the task.
func afterMerge(repo *gitops.Repo, lay layout.Layout, client *review.Client, labels review.Labels, self string) func(context.Context, string) ([]string, error) {
	return func(ctx context.Context, base string) ([]string, error) {
		fr := followRepo{repo}
		slugs, err := follow.Merged(fr, lay, base)
		if err != nil {
			return nil, err
		}
		var published []*follow.Analysis
		for _, slug := range slugs {
			a, err := follow.Read(fr, lay, base, slug)
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
			p, err := a.Progress(publish.ClosedTasks(issues, a.Slug, self), &verifyTests{repo: repo, lay: lay})
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
