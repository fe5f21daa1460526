package cli

import (
	"context"
	"fmt"
	"strconv"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/review"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// issueURLRe is an issue's address on GitHub or GitHub Enterprise Server.
var issueURLRe = lazyre.New(`^https?://[^/]+/([^/]+/[^/]+)/issues/([0-9]+)/?(?:[?#].*)?$`)

// parseIssueRef reads --issue: a number ("7", "#7") or an issue's address,
// which also names the repository.
func parseIssueRef(ref string) (repo string, number int, err error) {
	if m := issueURLRe.FindStringSubmatch(ref); m != nil {
		repo, ref = m[1], m[2]
	} else if len(ref) > 1 && ref[0] == '#' {
		ref = ref[1:]
	}
	number, err = strconv.Atoi(ref)
	if err != nil || number <= 0 {
		return "", 0, usageErr("new: --issue %q is not an issue number or an issue's address (https://github.com/owner/name/issues/N)", ref)
	}
	return repo, number, nil
}

// runNewIssue starts an analysis from a GitHub issue. The issue is read
// before anything is written: without a token, offline, or for an issue
// that is not there, nothing is created.
func runNewIssue(ctx context.Context, o *newOptions, s Streams) error {
	if ctx == nil {
		ctx = context.Background()
	}
	repo, number, err := parseIssueRef(o.issue)
	if err != nil {
		return err
	}
	if o.slug != "" {
		if err := roundtable.ValidateSlug(o.slug); err != nil {
			return usageErr("new: %v", err)
		}
	}
	ws, err := openWorkspace(o.dir, true)
	if err != nil {
		return err
	}
	client, err := o.githubTarget.client("new", ws.repo, repo)
	if err != nil {
		return err
	}
	// Local settings are the person's own: the working tree's file.
	cfg, err := review.LoadConfig(ws.root)
	if err != nil {
		return fmt.Errorf("new: %w", err)
	}
	is, err := client.Issue(ctx, number)
	if err != nil {
		return fmt.Errorf("new: %w; nothing was created", err)
	}
	if is.PullRequest {
		return usageErr("new: #%d is a pull request, not an issue", number)
	}
	cmd := review.AnalyzeCommand{Slug: o.slug}
	if o.kindSet {
		cmd.Type = o.kind
	}
	return startAnalysis(o, review.IntakeOptions(is, cfg.Labels, cmd), s)
}
