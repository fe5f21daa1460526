package cli

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/review"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/roundtable"
	"github.com/rtgit/rtgit/templates"
)

type prOptions struct {
	*globals
	base, repo, token, remote string
	getenv                    func(string) string
}

func newPRCmd(g *globals, s Streams) *cobra.Command {
	o := &prOptions{globals: g, getenv: os.Getenv}
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
	cmd.Flags().StringVar(&o.repo, "repo", "", "the GitHub repository as owner/name")
	cmd.Flags().StringVar(&o.token, "token", "", "GitHub token (default: GITHUB_TOKEN, then GH_TOKEN)")
	cmd.Flags().StringVar(&o.remote, "remote", "origin", "the remote whose URL names the repository")
	return cmd
}

// githubURLRe finds owner/name in the usual GitHub remote URLs.
var githubURLRe = regexp.MustCompile(`^(?:https://[^/]+/|git@[^:]+:|ssh://git@[^/]+/)([^/]+/[^/]+?)(?:\.git)?/?$`)

func runPR(ctx context.Context, o *prOptions, slug string, s Streams) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := roundtable.ValidateSlug(slug); err != nil {
		return usageErr("pr: %v", err)
	}
	token := firstNonEmpty(o.token, o.getenv("GITHUB_TOKEN"), o.getenv("GH_TOKEN"))
	if token == "" {
		return usageErr("pr: no token; pass --token, or set GITHUB_TOKEN or GH_TOKEN")
	}
	m, err := machine(o.dir, s)
	if err != nil {
		return err
	}
	repoGit := m.Repo.(gitRepo).Repo
	repo := firstNonEmpty(o.repo, o.getenv("GITHUB_REPOSITORY"))
	if repo == "" {
		url, err := repoGit.RemoteURL(o.remote)
		if err != nil {
			return fmt.Errorf("pr: no --repo, and %w", err)
		}
		match := githubURLRe.FindStringSubmatch(url)
		if match == nil {
			return usageErr("pr: cannot tell the GitHub repository from %s's URL; pass --repo owner/name", o.remote)
		}
		repo = match[1]
	}
	st, err := m.Status(slug)
	if err != nil {
		return err
	}
	plan, err := steps.Load(templates.FS, steps.RepoFS(repoGit.Root()))
	if err != nil {
		return err
	}
	client, err := review.NewClient(review.ClientOptions{APIURL: o.getenv("GITHUB_API_URL"), Token: token, Repo: repo})
	if err != nil {
		return fmt.Errorf("pr: %w", err)
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
	body := "Requirements analysis of **" + strings.ReplaceAll(st.Description, "<!--", "&lt;!--") + "**, run by rtgit.\n\n" +
		"Answer the open questions by commenting here (`/rtgit help` lists the commands), by commenting on a line of the answer file, " +
		"or by editing it on the branch.\n\n" + review.Dashboard(plan, st)
	title := "rtgit: " + strings.Join(strings.Fields(st.Description), " ")
	if r := []rune(title); len(r) > 200 {
		title = string(r[:200])
	}
	pr, err := client.CreatePullRequest(ctx, roundtable.BranchPrefix+slug, base, title, body)
	if err != nil {
		return fmt.Errorf("pr: %w", err)
	}
	fmt.Fprintf(s.Out, "Opened pull request #%d: %s\n", pr.Number, pr.URL)
	return nil
}
