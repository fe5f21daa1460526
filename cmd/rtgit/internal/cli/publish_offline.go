package cli

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/review"
	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// hasToken reports whether a GitHub token is at hand, as clientFor finds it.
func (t *githubTarget) hasToken() bool {
	getenv := t.getenv
	if getenv == nil {
		return false
	}
	return firstNonEmpty(t.token, getenv("GITHUB_TOKEN"), getenv("GH_TOKEN")) != ""
}

// runOfflineDryRun is `rtgit publish --dry-run` from the files alone: the
// gate, the plan and the artifacts are all in the repository, so what a
// first publish would write needs no token, no API and no login. What only
// GitHub knows (which issues exist and what they say) is named, not
// guessed.
func runOfflineDryRun(ctx context.Context, o *publishOptions, m *roundtable.Machine, repoGit *gitops.Repo, slug string, s Streams) error {
	cfg, err := review.LoadConfig(repoGit.Root())
	if err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	self := firstNonEmpty(o.login, "rtgit")
	repo := firstNonEmpty(o.repo, o.getenv("GITHUB_REPOSITORY"), "OWNER/REPO")
	pub := &publisher{m: m, git: repoGit, repo: repo, self: self, labels: cfg.Labels,
		serverURL: o.getenv("GITHUB_SERVER_URL"), log: s.Out, offline: true}
	fmt.Fprintln(s.Out, "Offline dry run: from the files alone; GitHub is asked nothing.")
	res, why, err := pub.publish(ctx, slug, true)
	if err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	if why != "" {
		fmt.Fprintln(s.Out, why)
		return silent(ExitIncomplete, fmt.Errorf("%s is not ready to build", slug))
	}
	fmt.Fprintln(s.Out, publishSummary(res, true))
	rel := m.Layout.Meta(slug)
	data, err := repoGit.ReadFileAt(roundtable.BranchPrefix+slug, rel)
	if err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	md, err := meta.Parse(rel, data)
	if err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	if len(md.TaskIssues) > 0 {
		var ids []string
		for id, n := range md.TaskIssues {
			ids = append(ids, fmt.Sprintf("%s (#%d)", id, n))
		}
		slices.Sort(ids)
		fmt.Fprintf(s.Out, "meta.json records issues for %s: with a token, those are updated or left as they are rather than created.\n", strings.Join(ids, ", "))
	}
	return nil
}

// offlineTracker is GitHub as an offline dry run sees it: no issues, no
// comments, and a source issue known only by its number. It is never
// written to, since the run is dry.
type offlineTracker struct{}

var errOffline = errors.New("an offline dry run writes nothing")

func (offlineTracker) Issue(_ context.Context, n int) (*review.Issue, error) {
	return &review.Issue{Number: n, State: "open"}, nil
}
func (offlineTracker) IssuesLabeled(context.Context, string) ([]review.Issue, error) { return nil, nil }
func (offlineTracker) IssueComments(context.Context, int) ([]review.Comment, error)  { return nil, nil }
func (offlineTracker) CreateIssue(context.Context, string, string, []string) (*review.Issue, error) {
	return nil, errOffline
}
func (offlineTracker) EditIssue(context.Context, int, string, string) error     { return errOffline }
func (offlineTracker) AddLabels(context.Context, int, ...string) error          { return errOffline }
func (offlineTracker) CloseIssue(context.Context, int) error                    { return errOffline }
func (offlineTracker) Post(context.Context, int, *review.Comment, string) error { return errOffline }
func (offlineTracker) EditComment(context.Context, int64, string) error         { return errOffline }
