package cli

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/ai"
	"github.com/rtgit/rtgit/review"
	"github.com/rtgit/rtgit/settings"
	"github.com/rtgit/rtgit/signoff"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/verify"
)

type actionOptions struct {
	*globals
	token, remote string
	login         string // the account rtgit posts as; "" to learn it
	getenv        func(string) string
	sleep         review.Sleeper // nil: really wait
}

func newActionCmd(g *globals, s Streams) *cobra.Command {
	o := &actionOptions{globals: g, getenv: os.Getenv}
	cmd := &cobra.Command{
		Use:   "action",
		Short: "Handle a GitHub event in a workflow: answer PR comments, commit and push",
		Long: `Run as a GitHub Actions step. rtgit reads the event from GITHUB_EVENT_NAME and
GITHUB_EVENT_PATH and the repository from GITHUB_REPOSITORY, GITHUB_WORKSPACE
and GITHUB_API_URL. It fetches and checks out the pull request's branch
rtgit/<slug> itself, applies every comment from a user with write access that
it has not processed yet (recorded in meta.json), commits each one, pushes with
compare-and-swap, and replies in the persona's voice. The token comes from
--token, INPUT_TOKEN or GITHUB_TOKEN and is masked in the log.

Handled events: issue_comment and pull_request_review_comment (created),
pull_request_review (submitted) and pushes to rtgit/**; on an issue,
"/rtgit analyze" commented and the analyze label added (docs/issues.md).`,
		Example: `  # in a workflow step
  rtgit action
  # a local simulation against a fake API (see docs/github-action.md)
  GITHUB_EVENT_NAME=issue_comment GITHUB_EVENT_PATH=event.json GITHUB_REPOSITORY=you/demo \
    GITHUB_API_URL=http://127.0.0.1:8080/api/v3 GITHUB_TOKEN=... rtgit action -C clone`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !cmd.Flags().Changed("directory") {
				if ws := o.getenv("GITHUB_WORKSPACE"); ws != "" {
					o.dir = ws
				}
			}
			return runAction(cmd.Context(), o, s)
		},
	}
	cmd.Flags().StringVar(&o.token, "token", "", "GitHub token (default: INPUT_TOKEN, then GITHUB_TOKEN)")
	cmd.Flags().StringVar(&o.remote, "remote", "origin", "the git remote to fetch from and push to")
	cmd.Flags().StringVar(&o.login, "login", "", "the account rtgit's comments are posted as (default: INPUT_LOGIN, github-actions[bot] for the workflow's token, else asked from the API)")
	return cmd
}

func runAction(ctx context.Context, o *actionOptions, s Streams) (err error) {
	if ctx == nil {
		ctx = context.Background()
	}
	token := firstNonEmpty(o.token, o.getenv("INPUT_TOKEN"), o.getenv("GITHUB_TOKEN"))
	var res *review.Result
	defer func() { err = finishAction(o, s, res, err, token) }()
	if token != "" {
		// The runner hides every later occurrence of a masked value.
		fmt.Fprintf(s.Out, "::add-mask::%s\n", token)
	}
	name, path, repo := o.getenv("GITHUB_EVENT_NAME"), o.getenv("GITHUB_EVENT_PATH"), o.getenv("GITHUB_REPOSITORY")
	for k, v := range map[string]string{"GITHUB_EVENT_NAME": name, "GITHUB_EVENT_PATH": path, "GITHUB_REPOSITORY": repo} {
		if v == "" {
			return usageErr("action: %s is not set; run this inside a GitHub Actions workflow", k)
		}
	}
	if token == "" {
		return usageErr("action: no token; pass --token or set GITHUB_TOKEN")
	}
	data, err := readLimited(path, review.MaxPayloadBytes)
	if err != nil {
		return fmt.Errorf("action: event payload: %w", err)
	}
	ev, err := review.ParseEvent(name, data)
	if err != nil {
		return fmt.Errorf("action: %w", err)
	}
	client, err := review.NewClient(review.ClientOptions{APIURL: o.getenv("GITHUB_API_URL"), Token: token, Repo: repo, Sleep: o.sleep,
		BadComment: func(err error) { fmt.Fprintf(s.Out, "::warning::%s\n", review.EscapeData(err.Error())) }})
	if err != nil {
		return fmt.Errorf("action: %w", err)
	}
	self, err := selfLogin(ctx, o, token, client)
	if err != nil {
		return fmt.Errorf("action: %s", strings.ReplaceAll(err.Error(), token, "***"))
	}
	// The model's key, like the token, is masked before anything can
	// print it.
	if key := o.getenv(ai.EnvAPIKey); key != "" {
		fmt.Fprintf(s.Out, "::add-mask::%s\n", key)
	}
	ws, err := openWorkspace(o.dir, true)
	if err != nil {
		return err
	}
	trusted, err := trustedSettings(ctx, ev, client, ws, o.remote, token)
	if err != nil {
		return fmt.Errorf("action: %w", err)
	}
	aiCfg, err := ai.ParseConfig(trusted.Source, trusted.Data, o.getenv)
	if err != nil {
		return fmt.Errorf("action: %w", err)
	}
	if aiCfg.APIKey != "" && aiCfg.APIKey != o.getenv(ai.EnvAPIKey) {
		fmt.Fprintf(s.Out, "::add-mask::%s\n", aiCfg.APIKey)
	}
	// Step files, personas and templates come from the same commit: a
	// pull request cannot relax the rules its answers are checked by,
	// nor change what the model is told.
	if err := ws.overridesFrom(trusted); err != nil {
		return fmt.Errorf("action: %w", err)
	}
	ws.trusted = &trusted
	m, err := machineFor(ws, s)
	if err != nil {
		return fmt.Errorf("action: %w", err)
	}
	m.Settings = trusted.Read
	m.LinkHost = webHost(o.getenv("GITHUB_SERVER_URL"))
	if err := wireAIConfig(m, ws, aiCfg, s); err != nil {
		return err
	}
	// The runner's git identity confirms nothing: each comment (or push)
	// names who does (roundtable.Origin, review.Actor).
	m.Actor = ""
	repoGit := m.Repo.(gitRepo).Repo
	base := m.Repo.(gitRepo).base
	// Commits are rtgit's account's; each credits its commenter with a
	// Co-authored-by trailer (review.run.apply).
	repoGit.SetIdentity(self, botUser(self).NoreplyEmail())
	cfg, err := review.ParseConfig(trusted.Source, trusted.Data)
	if err != nil {
		return fmt.Errorf("action: %w", err)
	}
	// The sign-off policy too, from the same commit: a pull request
	// cannot relax its own.
	policy := signoff.Policy{MinApprovers: 1}
	if !trusted.Absent() {
		if policy, err = signoff.ParsePolicy(trusted.Source, trusted.Data); err != nil {
			return fmt.Errorf("action: %w", err)
		}
	}
	m.Policy = func() (signoff.Policy, error) { return policy, nil }
	ag := &actionGit{ctx: ctx, repo: repoGit, remote: o.remote, token: token, base: base, overrides: trusted, lay: m.Layout}
	// The workflow checks out shallow; comparisons fetch the history
	// they need (see actionGit.deepenBase).
	if h := m.Repo.(gitRepo).hist; h != nil {
		h.deepen = ag.deepenBase
	}
	a := &review.Action{
		Event:   ev,
		Repo:    repo,
		Self:    self,
		GitHub:  client,
		Tracker: client,
		Git:     ag,
		Machine: m,
		Route:   ws.route,
		Config:  cfg,
		Log:     s.Out,
		Sleep:   o.sleep,
	}
	pub := &publisher{m: m, git: repoGit, client: client, repo: repo, self: self, labels: cfg.Labels, max: cfg.MaxPerPublish,
		serverURL: o.getenv("GITHUB_SERVER_URL"), log: s.Out, pause: o.sleep}
	a.Publish = pub.reply
	// verify's levels too, from the same commit: a pull request cannot
	// relax the rules it is judged by.
	levels, err := verify.ParseConfig(trusted.Source, trusted.Data)
	if err != nil {
		return fmt.Errorf("action: %w", err)
	}
	tracker := &taskTracker{list: client.IssuesLabeled, label: cfg.Labels.Task, self: self}
	a.Verify, a.Checks = prVerifier(repoGit, cfg.Layout, levels, tracker), client
	a.AfterMerge = afterMerge(repoGit, cfg.Layout, client, cfg.Labels, self)
	if res, err = a.Run(ctx); err != nil {
		return fmt.Errorf("action: %w", err)
	}
	return nil
}

// trustedSettings reads .rtgit/config.yaml for the run from the default
// branch's commit (settings.FromDefaultBranch): whatever the event, and
// whatever the workflow checked out, an analysis branch never sets where
// rtgit sends data or whom it trusts. The payload names the default
// branch; an older payload without it costs one API call.
func trustedSettings(ctx context.Context, ev *review.Event, client *review.Client, ws *workspace, remote, token string) (settings.File, error) {
	branch := ev.DefaultBranch
	if branch == "" {
		var err error
		if branch, err = client.DefaultBranch(ctx); err != nil {
			return settings.File{}, err
		}
	}
	return settings.FromDefaultBranch(ctx, ws.repo, remote, branch, token)
}

// finishAction reports every run, failed or not, in the log and the job
// summary; a failure is also an error annotation, so a run that stopped
// never reads as one that had nothing to do.
func finishAction(o *actionOptions, s Streams, res *review.Result, err error, token string) error {
	if err != nil {
		err = masked{err, token}
		if res == nil {
			res = &review.Result{}
		}
		res.Failed = strings.TrimPrefix(err.Error(), "action: ")
	}
	if res == nil {
		return err
	}
	if werr := writeSummary(o.getenv("GITHUB_STEP_SUMMARY"), res); werr != nil {
		fmt.Fprintf(s.Err, "rtgit: warning: job summary: %v\n", werr)
	}
	reportResult(s, res)
	return err
}

// workflowBot is the account a workflow's GITHUB_TOKEN posts as.
const workflowBot = "github-actions[bot]"

// selfLogin learns, once per run, the account rtgit posts as: only that
// account's comments speak for rtgit. The workflow's own token cannot ask
// the API who it is, and needs not.
func selfLogin(ctx context.Context, o *actionOptions, token string, client *review.Client) (string, error) {
	if login := firstNonEmpty(o.login, o.getenv("INPUT_LOGIN")); login != "" {
		return login, review.ValidLogin(login)
	}
	if token == o.getenv("GITHUB_TOKEN") {
		return workflowBot, nil
	}
	return client.Login(ctx)
}

// masked hides the token in an error's text and keeps what it wraps, so
// the exit code is decided as before.
type masked struct {
	err   error
	token string
}

func (m masked) Error() string {
	if m.token == "" {
		return m.err.Error()
	}
	return strings.ReplaceAll(m.err.Error(), m.token, "***")
}

func (m masked) Unwrap() error { return m.err }

func reportResult(s Streams, res *review.Result) {
	if res.Failed != "" {
		fmt.Fprintf(s.Out, "::error::rtgit failed: %s\n", review.EscapeData(res.Failed))
	}
	if res.Skipped != "" {
		fmt.Fprintf(s.Out, "Nothing to do: %s.\n", res.Skipped)
		return
	}
	for _, d := range res.Done {
		fmt.Fprintln(s.Out, d)
	}
	if res.Failed == "" && len(res.Handled) == 0 && len(res.Outsiders) == 0 && len(res.LateReplies) == 0 && len(res.Done) == 0 {
		fmt.Fprintf(s.Out, "No new comments to process on #%d.\n", res.PR)
	}
	for _, h := range res.Handled {
		status := "done"
		if h.Err != nil {
			status = h.Err.Error()
		}
		fmt.Fprintf(s.Out, "%s: %s (%s)\n", h.Key, status, steps.Count(len(h.Commits), "commit", "commits"))
	}
	for _, key := range res.LateReplies {
		fmt.Fprintf(s.Out, "%s: already applied by an earlier run, which stopped before replying; replied now\n", key)
	}
	for _, c := range res.Outsiders {
		fmt.Fprintf(s.Out, "%s: @%s has no write access; nothing changed\n", c.Key(), c.User.Login)
	}
}

// writeSummary appends to $GITHUB_STEP_SUMMARY, which the runner renders
// on the run's page.
func writeSummary(path string, res *review.Result) error {
	if path == "" {
		return nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	return review.WriteSummary(f, res)
}

func readLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() || st.Size() > limit {
		return nil, fmt.Errorf("%s is not a regular file of at most %d bytes", filepath.Base(path), limit)
	}
	return os.ReadFile(path)
}

func firstNonEmpty(vs ...string) string {
	for _, v := range vs {
		if v != "" {
			return v
		}
	}
	return ""
}

// botUser is rtgit's own account as a review.User, with the id GitHub
// attributes github-actions[bot]'s commits to.
func botUser(login string) review.User {
	u := review.User{Login: login}
	if login == workflowBot {
		u.ID = review.ActionsBotID
	}
	return u
}

// webHost is the host of the GitHub server the workflow runs against
// (GITHUB_SERVER_URL), github.com when unset: links to it in a model's
// text stay links.
func webHost(serverURL string) string {
	if serverURL == "" {
		return "github.com"
	}
	u, err := url.Parse(serverURL)
	if err != nil {
		return ""
	}
	return u.Hostname()
}
