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
	"github.com/rtgit/rtgit/publish"
	"github.com/rtgit/rtgit/review"
	"github.com/rtgit/rtgit/verify"
)

// prVerifier runs verify on a pull request's range, from the commit its
// branch left the base at to its head, against the analyses the base
// holds. Phantom work needs every task issue's state, one request each,
// so the pull request's run leaves it out (verify says so in a note) and
// the progress after a merge reports it instead.
func prVerifier(repo *gitops.Repo) review.PRVerifier {
	return func(ctx context.Context, base, head string, texts []string) (*review.VerifyReport, error) {
		from, err := repo.MergeBase(base, head)
		if err != nil {
			return nil, err
		}
		in := verify.Input{Change: rangeChange{repo: repo, from: from, head: head, texts: texts},
			Base: mergedBase{repo: repo, rev: base}, Sources: treeTests{repo: repo, rev: head}}
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

// rangeChange is the files and commit messages of from..head, with the
// pull request's own text.
type rangeChange struct {
	repo       *gitops.Repo
	from, head string
	texts      []string
}

func (c rangeChange) ChangedFiles(context.Context) ([]string, error) {
	d, err := c.repo.Drift(c.from, c.head, nil)
	if err != nil {
		return nil, err
	}
	return d.Paths, nil
}

func (c rangeChange) Texts(context.Context) ([]string, error) {
	msgs, err := c.repo.Messages(c.from, c.head)
	return append(slices.Clone(c.texts), msgs...), err
}

// mergedBase is the analyses rev holds.
type mergedBase struct {
	repo *gitops.Repo
	rev  string
}

func (b mergedBase) Analyses(context.Context) ([]verify.Analysis, error) {
	fr := followRepo{b.repo}
	slugs, err := follow.Merged(fr, b.rev)
	if err != nil {
		return nil, err
	}
	var out []verify.Analysis
	for _, slug := range slugs {
		a, err := verify.ReadAnalysis(fr, b.rev, slug, follow.Dir(slug))
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// treeTests hands verify the test files of the tree at rev.
type treeTests struct {
	repo *gitops.Repo
	rev  string
}

func (t treeTests) TestFiles(_ context.Context, visit func(path string, data []byte) error) error {
	fsys, err := t.repo.TreeFS(t.rev)
	if err != nil {
		return err
	}
	return fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !verify.IsTestFile(p) || strings.HasPrefix(p, follow.RequirementsDir+"/") {
			return err
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		return visit(p, data)
	})
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
			p, err := a.Progress(publish.ClosedTasks(issues, a.Slug, self), &verifyTests{repo: repo})
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
