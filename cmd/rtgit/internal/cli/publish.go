package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/plan"
	"github.com/rtgit/rtgit/publish"
	"github.com/rtgit/rtgit/review"
	"github.com/rtgit/rtgit/settings"
	"github.com/rtgit/rtgit/signoff"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/roundtable"
)

type publishOptions struct {
	*globals
	githubTarget
	dryRun  bool
	offline bool
	login   string
}

func newPublishCmd(g *globals, s Streams) *cobra.Command {
	o := &publishOptions{globals: g, githubTarget: githubTarget{getenv: os.Getenv}}
	cmd := &cobra.Command{
		Use:   "publish [<slug>] [--dry-run]",
		Short: "Turn the build plan into GitHub issues, one per task",
		Long: `Publish the analysis's build plan: one GitHub issue per task, titled
"<slug>: T001 <title>", with what to do, the requirement ids it traces linked
to their lines in the artifacts at the analysis commit, the files and the
tasks it depends on, labelled rtgit:task. The issue the analysis started from
(or a tracking issue rtgit opens) gets the label ready-to-build and one
comment with the task list and the counts, kept current. meta.json records
each task's issue, committed on the analysis branch.

It runs only when rtgit check passes, under the sign-off policy and labels of
the default branch (never the working tree's), opens at most
issues.max_per_publish issues (100), and again creates nothing that exists:
rtgit finds its own issues by a hidden marker, edits what changed, and closes
the issue of a task no longer in the plan, noting once which tasks took over
its files or requirements. --dry-run
prints every create and update it would make and writes nothing. Without a
token, or with --offline, the dry run reads the files alone and asks GitHub
nothing: it shows what a first publish would write, and names the tasks
meta.json records issues for, which a run with a token would update or leave
as they are instead.

The repository, token and API are found as rtgit pr finds them; the account
the token belongs to must be the one that opened the earlier issues.`,
		Example:           "  rtgit publish --dry-run\n  rtgit publish invoice-export && git push",
		Args:              rangeArgs(0, 1),
		ValidArgsFunction: completeSlugs(g),
		RunE: func(cmd *cobra.Command, args []string) error {
			slug, err := requireSlug(o.dir, "publish", args)
			if err != nil {
				return err
			}
			return runPublish(cmd.Context(), o, slug, s)
		},
	}
	cmd.Flags().BoolVar(&o.dryRun, "dry-run", false, "print what would be created and updated; write nothing")
	cmd.Flags().BoolVar(&o.offline, "offline", false, "with --dry-run: read the files alone, asking GitHub nothing (the default without a token)")
	cmd.Flags().StringVar(&o.login, "login", "", "the account the token acts as (default: asked from the API)")
	o.githubTarget.flags(cmd)
	return cmd
}

func runPublish(ctx context.Context, o *publishOptions, slug string, s Streams) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := roundtable.ValidateSlug(slug); err != nil {
		return usageErr("publish: %v", err)
	}
	m, err := machine(o.dir, s)
	if err != nil {
		return err
	}
	repoGit := m.Repo.(gitRepo).Repo
	if !o.dryRun {
		// meta.json's record of the issues is committed on the branch.
		if head, _ := repoGit.HeadBranch(); head != roundtable.BranchPrefix+slug {
			return usageErr("publish: check out %s%s first (git switch %s%s), or pass --dry-run", roundtable.BranchPrefix, slug, roundtable.BranchPrefix, slug)
		}
	}
	if o.offline && !o.dryRun {
		return usageErr("publish: --offline needs --dry-run: publishing writes to GitHub")
	}
	if o.dryRun && (o.offline || !o.hasToken()) {
		return runOfflineDryRun(ctx, o, m, repoGit, slug, s)
	}
	client, repo, err := o.githubTarget.clientFor("publish", repoGit, "")
	if err != nil {
		return err
	}
	self := o.login
	if self == "" {
		if self, err = client.Login(ctx); err != nil {
			return fmt.Errorf("publish: %w; pass --login", err)
		}
	}
	// Publish runs with the analysis branch checked out; whoever can push
	// it must not choose the policy it is judged by, nor the labels and
	// bounds of the issues opened for it. Both come from the default
	// branch, as in the Action.
	trusted, err := defaultBranchSettings(repoGit)
	if err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	cfg, err := review.ParseConfig(trusted.Source, trusted.Data)
	if err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	policy := signoff.Policy{MinApprovers: 1}
	if !trusted.Absent() {
		if policy, err = signoff.ParsePolicy(trusted.Source, trusted.Data); err != nil {
			return fmt.Errorf("publish: %w", err)
		}
	}
	m.Policy = func() (signoff.Policy, error) { return policy, nil }
	pub := &publisher{m: m, git: repoGit, client: client, repo: repo, self: self, labels: cfg.Labels, max: cfg.MaxPerPublish,
		serverURL: o.getenv("GITHUB_SERVER_URL"), log: s.Out}
	res, why, err := pub.publish(ctx, slug, o.dryRun)
	if err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	if why != "" {
		fmt.Fprintln(s.Out, why)
		return silent(ExitIncomplete, fmt.Errorf("%s was not published", slug))
	}
	fmt.Fprintln(s.Out, publishSummary(res, o.dryRun))
	if o.dryRun {
		return nil
	}
	sha, err := m.RecordTaskIssues(slug, res.Issues)
	if err != nil {
		return fmt.Errorf("publish: the issues are open, but recording them in meta.json failed: %w; run rtgit publish again", err)
	}
	if sha != "" {
		fmt.Fprintf(s.Out, "Recorded each task's issue in meta.json (%s); push the branch to share it.\n", gitops.ShortHash(sha))
	}
	return nil
}

func publishSummary(res *publish.Result, dry bool) string {
	verb := "Published"
	if dry {
		verb = "Would publish"
	}
	where := fmt.Sprintf(" on #%d", res.Target)
	if res.Target == 0 {
		where = " on a new tracking issue"
	}
	return fmt.Sprintf("%s %d tasks%s: %d new, %d updated, %d unchanged, %d no longer in the plan; %d writes.", verb,
		len(res.Created)+len(res.Updated)+len(res.Unchanged), where, len(res.Created), len(res.Updated), len(res.Unchanged), len(res.Removed), res.Writes)
}

// publisher gathers what publish.Publish needs from the analysis, the
// repository and GitHub. The command and the Action's /rtgit publish share
// it.
type publisher struct {
	m         *roundtable.Machine
	git       *gitops.Repo
	client    *review.Client
	repo      string
	self      string
	labels    review.Labels
	max       int // issues one publish opens at most; 0: the default
	serverURL string
	log       io.Writer
	pause     review.Sleeper // nil: apiPause
	// offline: a dry run from the files alone; client is nil and GitHub
	// is asked nothing.
	offline bool
}

// reply publishes for /rtgit publish in the Action, and words the reply.
func (p *publisher) reply(ctx context.Context, slug string, dry bool) (map[string]int, string, error) {
	res, why, err := p.publish(ctx, slug, dry)
	if err != nil || why != "" {
		return nil, why, err
	}
	text := publishSummary(res, dry)
	if dry {
		text += " Nothing was written; comment `/rtgit publish` to publish."
		return nil, text, nil
	}
	return res.Issues, text + " The task list is on #" + strconv.Itoa(res.Target) + ".", nil
}

// publish runs the gate, then publishes the plan at the analysis
// branch's tip. why, when set, says why the analysis may not be
// published; nothing was.
func (p *publisher) publish(ctx context.Context, slug string, dry bool) (res *publish.Result, why string, err error) {
	r, err := p.m.Check(slug)
	if err != nil {
		return nil, "", err
	}
	if !r.Ready || r.Staleness.Stale() {
		return nil, fmt.Sprintf("%s is not ready to build, so nothing was published: `rtgit check %s` says what is left.", slug, slug), nil
	}
	branch := roundtable.BranchPrefix + slug
	tip, err := p.git.ResolveCommit(branch)
	if err != nil {
		return nil, "", err
	}
	// Links point at the commit where the analysis's documents last
	// changed, not at the tip: publishing commits meta.json, and a second
	// publish of the same plan must find every issue as it left it.
	commit, err := p.git.LastChanged(tip, p.m.Layout.Dir(slug), "meta.json")
	if err != nil {
		return nil, "", err
	}
	tasks, err := p.planAt(commit, slug)
	if err != nil {
		return nil, "", err
	}
	if len(tasks) == 0 {
		return nil, fmt.Sprintf("%s's build plan has no tasks, so nothing was published.", slug), nil
	}
	st, err := p.m.Status(slug)
	if err != nil {
		return nil, "", err
	}
	o := publish.Options{Slug: slug, Dir: p.m.Layout.Dir(slug), Description: st.Description, Tasks: tasks, Commit: commit, Labels: p.labels, Self: p.self,
		DryRun: dry, Log: p.log, BlobURL: strings.TrimRight(firstNonEmpty(p.serverURL, "https://github.com"), "/") + "/" + p.repo + "/blob",
		Pause: apiPause, MaxCreates: p.max}
	if p.pause != nil {
		o.Pause = p.pause
	}
	if n, ok := strings.CutPrefix(st.SourceID, "GH-"); ok {
		o.Source, _ = strconv.Atoi(n)
	}
	if p.offline {
		// No pull request is known without asking GitHub.
	} else if pr, err := p.client.PullRequestFor(ctx, branch); err != nil {
		return nil, "", err
	} else if pr != nil {
		o.PR = pr.Number
	}
	dir := p.m.Layout.Dir(slug)
	names, err := p.git.ListFiles(commit, dir)
	if err != nil {
		return nil, "", err
	}
	for _, name := range names {
		// The documents, and the stories' JSON, where a story is defined.
		if path.Ext(name) != ".md" && name != "user-stories.json" {
			continue
		}
		data, err := p.git.ReadFileAt(commit, dir+"/"+name)
		if err != nil {
			return nil, "", err
		}
		o.Artifacts = append(o.Artifacts, publish.File{Path: dir + "/" + name, Content: string(data)})
	}
	var tracker publish.Tracker = p.client
	if p.offline {
		tracker = offlineTracker{}
	}
	res, err = publish.Publish(ctx, tracker, o)
	var tooMany *publish.TooManyError
	if errors.As(err, &tooMany) {
		return nil, "Nothing was published: " + tooMany.Error() + ".", nil
	}
	return res, "", err
}

// defaultBranchSettings reads .rtgit/config.yaml from the default branch
// as this clone knows it (origin/HEAD's branch once fetched, else main or
// master), never from the working tree.
func defaultBranchSettings(g *gitops.Repo) (settings.File, error) {
	branch, err := g.DefaultBranch()
	if err != nil {
		return settings.File{}, err
	}
	return settings.FromBranch(g, branch)
}

// apiPause waits between creates; tests swap the wait out with apiSleep.
func apiPause(ctx context.Context, d time.Duration) error {
	if apiSleep != nil {
		return apiSleep(ctx, d)
	}
	return review.Sleep(ctx, d)
}

// planAt reads the build plan at commit: the answer to the tasks
// question, in the plan's line format.
func (p *publisher) planAt(commit, slug string) ([]plan.Task, error) {
	dir := p.m.Layout.Dir(slug) + "/answers"
	names, err := p.git.ListFiles(commit, dir)
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		rel := dir + "/" + name
		data, err := p.git.ReadFileAt(commit, rel)
		if err != nil {
			return nil, err
		}
		f, err := answers.Parse(rel, data)
		if err != nil {
			continue // not an answer file
		}
		if a, ok := f.Answer("tasks"); ok && a.Answered {
			pl, err := plan.Parse(a.Text)
			var errs plan.Errors
			if errors.As(err, &errs) {
				return nil, fmt.Errorf("%s: the build plan: %w", rel, err)
			}
			return pl.Tasks, err
		}
	}
	return nil, fmt.Errorf("%s has no build plan yet: answer the tasks question of the design review", slug)
}
