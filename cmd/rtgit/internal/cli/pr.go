package cli

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/internal/repofs"
	"github.com/rtgit/rtgit/review"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/roundtable"
	"github.com/rtgit/rtgit/templates"
)

type prOptions struct {
	*globals
	githubTarget
	base string
}

// githubTarget is how a local command finds the GitHub repository, token
// and API: flags first, then the variables a workflow or gh sets, then
// the remote's URL.
type githubTarget struct {
	repo, token, remote string
	getenv              func(string) string
}

func (t *githubTarget) flags(cmd *cobra.Command) {
	cmd.Flags().StringVar(&t.repo, "repo", "", "the GitHub repository as owner/name")
	cmd.Flags().StringVar(&t.token, "token", "", "GitHub token (default: GITHUB_TOKEN, then GH_TOKEN)")
	cmd.Flags().StringVar(&t.remote, "remote", "origin", "the remote whose URL names the repository")
}

// client builds the API client; repo, when set, is the repository an
// issue's URL named, which wins over every other source.
func (t *githubTarget) client(verb string, g *gitops.Repo, repo string) (*review.Client, error) {
	c, _, err := t.clientFor(verb, g, repo)
	return c, err
}

// clientFor is client, and the owner/name it is for.
func (t *githubTarget) clientFor(verb string, g *gitops.Repo, repo string) (*review.Client, string, error) {
	getenv := t.getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	token := firstNonEmpty(t.token, getenv("GITHUB_TOKEN"), getenv("GH_TOKEN"))
	if token == "" {
		return nil, "", usageErr("%s: no token; pass --token, or set GITHUB_TOKEN or GH_TOKEN", verb)
	}
	repo = firstNonEmpty(repo, t.repo, getenv("GITHUB_REPOSITORY"))
	if repo == "" {
		url, err := g.RemoteURL(t.remote)
		if err != nil {
			return nil, "", fmt.Errorf("%s: no --repo, and %w", verb, err)
		}
		match := githubURLRe.FindStringSubmatch(url)
		if match == nil {
			return nil, "", usageErr("%s: cannot tell the GitHub repository from %s's URL; pass --repo owner/name", verb, t.remote)
		}
		repo = match[1]
	}
	client, err := review.NewClient(review.ClientOptions{APIURL: getenv("GITHUB_API_URL"), Token: token, Repo: repo, Sleep: apiSleep})
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", verb, err)
	}
	return client, repo, nil
}

// apiSleep replaces the wait between API retries in tests; nil waits.
var apiSleep review.Sleeper

func newPRCmd(g *globals, s Streams) *cobra.Command {
	o := &prOptions{globals: g, githubTarget: githubTarget{getenv: os.Getenv}}
	cmd := &cobra.Command{
		Use:   "pr [<slug>]",
		Short: "Open the analysis pull request on GitHub, with a dashboard as its body",
		Long: `Open a pull request from rtgit/<slug> into the default branch (or --base) through
the GitHub API. Its description is the analysis dashboard: the phase and step
checklist, the depth, the open questions and a progress diagram, which the
GitHub Action keeps current. Push the branch first (git push -u origin
rtgit/<slug>).

The repository comes from --repo, GITHUB_REPOSITORY or the remote's GitHub URL;
the token from --token, GITHUB_TOKEN or GH_TOKEN; the API from GITHUB_API_URL.`,
		Example:           "  git push -u origin rtgit/invoice-export\n  rtgit pr invoice-export",
		Args:              rangeArgs(0, 1),
		ValidArgsFunction: completeSlugs(g),
		RunE: func(cmd *cobra.Command, args []string) error {
			slug, err := requireSlug(o.dir, "pr", args)
			if err != nil {
				return err
			}
			return runPR(cmd.Context(), o, slug, s)
		},
	}
	cmd.Flags().StringVar(&o.base, "base", "", "the branch to merge into (default: the repository's default branch)")
	o.githubTarget.flags(cmd)
	return cmd
}

// githubURLRe finds owner/name in the usual GitHub remote URLs.
var githubURLRe = lazyre.New(`^(?:https://[^/]+/|git@[^:]+:|ssh://git@[^/]+/)([^/]+/[^/]+?)(?:\.git)?/?$`)

func runPR(ctx context.Context, o *prOptions, slug string, s Streams) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := roundtable.ValidateSlug(slug); err != nil {
		return usageErr("pr: %v", err)
	}
	m, err := machine(o.dir, s)
	if err != nil {
		return err
	}
	repoGit := m.Repo.(gitRepo).Repo
	client, err := o.githubTarget.client("pr", repoGit, "")
	if err != nil {
		return err
	}
	st, err := m.Status(slug)
	if err != nil {
		return err
	}
	route, err := library.Load(templates.FS, repofs.FS(repoGit.Root()))
	if err != nil {
		return err
	}
	base := o.base
	if base == "" {
		if base, err = client.DefaultBranch(ctx); err != nil {
			return fmt.Errorf("pr: %w", err)
		}
	}
	if stale, err := m.Staleness(slug); err == nil {
		st.Staleness = stale // best effort: the action refreshes it on every run
	}
	if n, err := m.Neighbours(slug); err == nil {
		st.Neighbours = n // best effort too
	}
	source := 0
	if n, ok := strings.CutPrefix(st.SourceID, "GH-"); ok {
		source, _ = strconv.Atoi(n)
	}
	pr, err := client.CreatePullRequest(ctx, roundtable.BranchPrefix+slug, base, review.AnalysisTitle(st.Description), review.AnalysisBody(route, st, source))
	if err != nil {
		return fmt.Errorf("pr: %w", err)
	}
	fmt.Fprintf(s.Out, "Opened pull request #%d: %s\n", pr.Number, pr.URL)
	return nil
}
