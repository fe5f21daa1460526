package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/layout"
	"github.com/rtgit/rtgit/review"
	"github.com/rtgit/rtgit/settings"
	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// actionGit adapts gitops to review.Workspace for one remote and token.
//
// The workflow checks out a shallow clone, and each fetch here brings a
// branch's tip alone: that is all a comment needs to be applied, committed
// and pushed. Deeper history is fetched only when something asks for it: a
// staleness check or a refresh reaching past the base branch's fetched
// history (deepenBase), a line comment on an older commit of the analysis
// branch (ReadAt).
type actionGit struct {
	ctx    context.Context
	repo   *gitops.Repo
	remote string
	token  string
	base   *string // the machine's base branch for staleness (gitRepo.base)
	// baseBranch and branch are the pull request's base and head
	// branches, once fetched.
	baseBranch, branch string
	// overrides is the default branch's commit the run's step files,
	// personas and templates come from (workspace.overridesFrom).
	overrides settings.File
	// lay is where analyses live, as that commit sets it.
	lay layout.Layout
}

// FetchBase brings the pull request's base branch into its
// remote-tracking ref and points staleness at it.
func (g *actionGit) FetchBase(ctx context.Context, branch string) error {
	if _, err := g.repo.Fetch(ctx, g.remote, branch, g.token); err != nil {
		return err
	}
	g.baseBranch = branch
	if g.base != nil {
		*g.base = g.remote + "/" + branch
	}
	return nil
}

// deepenBase fetches more of the base branch until try stops failing for
// want of history. When even the whole history does not hold the commit
// (a rewritten branch), try's error stands and staleness reads unknown.
func (g *actionGit) deepenBase(try func() error) error {
	last := try()
	if g.baseBranch == "" || !errors.Is(last, gitops.ErrMissingHistory) {
		return last
	}
	_, err := g.repo.DeepenUntil(g.ctx, g.remote, g.baseBranch, g.token, func() bool {
		last = try()
		return !errors.Is(last, gitops.ErrMissingHistory)
	})
	if err != nil {
		return fmt.Errorf("%w; fetching more of %s's history failed: %v", last, g.baseBranch, err)
	}
	return last
}

func (g *actionGit) Root() string { return g.repo.Root() }

// FetchAnalyses brings the other analysis branches in as remote-tracking
// branches, their tips only in a shallow clone (review.AnalysesFetcher).
func (g *actionGit) FetchAnalyses(ctx context.Context) error {
	return g.repo.FetchPrefix(ctx, g.remote, roundtable.BranchPrefix, g.token)
}

func (g *actionGit) Fetch(ctx context.Context, branch string) (string, error) {
	tip, err := g.repo.Fetch(ctx, g.remote, branch, g.token)
	if err == nil {
		g.branch = branch
	}
	if errors.Is(err, gitops.ErrNoBranch) {
		err = fmt.Errorf("%w: %v", review.ErrNoBranch, err)
	}
	return tip, err
}

func (g *actionGit) CheckoutAt(branch, sha string) error {
	if err := g.repo.CheckoutAt(branch, sha); err != nil {
		return err
	}
	return g.analysisClean(branch)
}

// analysisClean refuses a workspace whose analysis folder differs from the
// commit just checked out. A run stopped part-way in this folder leaves its
// answer and meta.json behind, and the next run would take them for the
// branch: it would find the comment already recorded as processed and
// drop it without a word.
func (g *actionGit) analysisClean(branch string) error {
	root := g.repo.Root()
	dir := filepath.Join(root, filepath.FromSlash(g.lay.Dir(strings.TrimPrefix(branch, roundtable.BranchPrefix))))
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(root, p)
		paths = append(paths, filepath.ToSlash(rel))
		return err
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	dirty, err := g.repo.Dirty(paths)
	if err != nil || len(dirty) == 0 {
		return err
	}
	return fmt.Errorf("%w in %s: they are not on %s, perhaps left by a run stopped part-way in this folder; the action works from the remote branch, so run it in a clean checkout",
		gitops.ErrDirty, strings.Join(dirty, ", "), branch)
}

// IgnoredOverrides lists the settings and overrides the analysis branch's
// commit sha holds otherwise than the default branch's commit the run
// reads them from (review.OverridesChecker). Only what the branch itself
// changed since the commit it was cut from is named: a file the default
// branch added or changed afterwards differs too, but that one is used,
// and there is nothing to merge. When that commit cannot be had, every
// difference is named.
func (g *actionGit) IgnoredOverrides(sha string) (*review.IgnoredOverrides, error) {
	paths, err := g.repo.ChangedUnder(g.overrides.Commit, sha, noticedPaths)
	if err != nil {
		return nil, err
	}
	if base := g.analysisBase(sha); base != "" && len(paths) > 0 {
		own, err := g.repo.ChangedUnder(base, sha, noticedPaths)
		if err != nil {
			return nil, err
		}
		paths = slices.DeleteFunc(paths, func(p string) bool {
			_, found := slices.BinarySearch(own, p)
			return !found
		})
	}
	return &review.IgnoredOverrides{Paths: paths, Branch: g.overrides.Branch, Commit: g.overrides.Commit}, nil
}

// analysisBase is the commit the analysis at sha was cut from, as its
// meta.json records it, with more of the default branch's history fetched
// when the clone lacks it; "" when it cannot be had. Staleness needs the
// same history later in the run.
func (g *actionGit) analysisBase(sha string) string {
	slug := strings.TrimPrefix(g.branch, roundtable.BranchPrefix)
	if slug == g.branch {
		return ""
	}
	path := g.lay.Meta(slug)
	data, err := g.repo.ReadFileAt(sha, path)
	if err != nil {
		return ""
	}
	md, err := meta.Parse(path, data)
	if err != nil || md.BaseCommit == "" {
		return ""
	}
	base := md.BaseCommit
	if !g.repo.HasCommit(base) {
		ok, err := g.repo.DeepenUntil(g.ctx, g.remote, g.overrides.Branch, g.token, func() bool { return g.repo.HasCommit(base) })
		if err != nil || !ok {
			return ""
		}
	}
	return base
}

func (g *actionGit) Commit(paths []string, msg string) (string, error) {
	return g.repo.Commit(paths, msg)
}

// beforePush lets tests land another writer's push in the window between
// this run's fetch and its push.
var beforePush func()

func (g *actionGit) Push(ctx context.Context, branch, expect string) error {
	if beforePush != nil {
		beforePush()
	}
	err := g.repo.Push(ctx, g.remote, branch, expect, g.token)
	if errors.Is(err, gitops.ErrPushRejected) {
		return fmt.Errorf("%w: %v", review.ErrRejected, err)
	}
	return err
}

// ReadAt reads path at a commit of the analysis branch. A commit the
// shallow clone lacks, such as the one an older line comment was written
// on, is fetched by deepening the branch; one the branch no longer has
// stays an error.
func (g *actionGit) ReadAt(sha, path string) ([]byte, error) {
	data, err := g.repo.ReadFileAt(sha, path)
	if err == nil || g.branch == "" || g.repo.HasCommit(sha) {
		return data, err
	}
	ok, ferr := g.repo.DeepenUntil(g.ctx, g.remote, g.branch, g.token, func() bool { return g.repo.HasCommit(sha) })
	if ferr != nil || !ok {
		return data, err
	}
	return g.repo.ReadFileAt(sha, path)
}
