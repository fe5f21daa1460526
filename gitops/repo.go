package gitops

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	gogit "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/storage"
	"github.com/go-git/go-git/v5/storage/filesystem"
)

// Repo is an opened repository with a worktree.
type Repo struct {
	repo *gogit.Repository
	st   storage.Storer
	root string
	// gitDir holds HEAD and the index; commonDir holds refs, objects and
	// config. They differ only in a linked worktree (git worktree add).
	gitDir    string
	commonDir string

	// beforeRefUpdate runs just before Commit takes the branch ref lock, so
	// tests can move the branch in the window a concurrent writer would.
	beforeRefUpdate func()
	// point, when set, is told each named stage of a multi-step write (see
	// OnPoint).
	point func(string) error

	// eolOnce reads core.autocrlf once; eolIn is whether it normalizes.
	eolOnce sync.Once
	eolIn   bool

	// identity, when set, is who commits (SetIdentity).
	identity [2]string
}

// OnPoint registers f to be called, with a name such as "git: branch moved",
// between the stages of a write that is not a single atomic step: after the
// objects are stored, after the branch moves, after a push lands. Fault
// injection stops the process there, or has f return an error that the
// write then fails with, as a failing disk or network would make it fail
// at that stage.
func (r *Repo) OnPoint(f func(point string) error) { r.point = f }

func (r *Repo) reach(point string) error {
	if r.point != nil {
		return r.point("git: " + point)
	}
	return nil
}

// Open finds the repository at dir or the nearest parent holding .git, the
// way `git -C dir` does.
func Open(dir string) (*Repo, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	// go-git would otherwise climb from a missing directory into whatever
	// repository encloses it.
	if _, err := os.Stat(abs); err != nil {
		return nil, err
	}
	repo, err := gogit.PlainOpenWithOptions(abs, &gogit.PlainOpenOptions{
		DetectDotGit: true,
		// Without this, a linked worktree would look for refs and objects
		// in its private .git/worktrees/<name> directory and find none.
		EnableDotGitCommonDir: true,
	})
	if errors.Is(err, gogit.ErrRepositoryNotExists) {
		return nil, fmt.Errorf("%s: %w", abs, ErrNotRepo)
	}
	if err != nil {
		return nil, fmt.Errorf("open repository at %s: %w", abs, err)
	}
	return wrap(repo)
}

// Init creates a repository in dir whose first branch is main, and opens it.
func Init(dir string) (*Repo, error) {
	repo, err := gogit.PlainInitWithOptions(dir, &gogit.PlainInitOptions{
		InitOptions: gogit.InitOptions{DefaultBranch: plumbing.NewBranchReferenceName("main")},
	})
	if err != nil {
		return nil, fmt.Errorf("init repository at %s: %w", dir, err)
	}
	return wrap(repo)
}

// maxOpenPacks bounds the pack files a Repo keeps open between reads.
const maxOpenPacks = 16

func wrap(repo *gogit.Repository) (*Repo, error) {
	wt, err := repo.Worktree()
	if err != nil {
		return nil, fmt.Errorf("rtgit needs a repository with a worktree: %w", err)
	}
	fsStorage, ok := repo.Storer.(*filesystem.Storage)
	if !ok {
		return nil, errors.New("repository is not stored on disk")
	}
	// By default go-git opens and closes a pack file for every object it
	// reads from it; a tree walk or a push reads hundreds. Keeping a few
	// descriptors open removes that cost without holding every pack open.
	fsStorage = filesystem.NewStorageWithOptions(packIndexFS{fsStorage.Filesystem()}, cache.NewObjectLRUDefault(),
		filesystem.Options{MaxOpenDescriptors: maxOpenPacks})
	if repo, err = gogit.Open(fsStorage, wt.Filesystem); err != nil {
		return nil, err
	}
	if wt, err = repo.Worktree(); err != nil {
		return nil, err
	}
	r := &Repo{
		repo:   repo,
		st:     repo.Storer,
		root:   wt.Filesystem.Root(),
		gitDir: fsStorage.Filesystem().Root(),
	}
	r.commonDir = r.gitDir
	if b, err := os.ReadFile(filepath.Join(r.gitDir, "commondir")); err == nil {
		c := strings.TrimSpace(string(b))
		if !filepath.IsAbs(c) {
			c = filepath.Join(r.gitDir, c)
		}
		r.commonDir = filepath.Clean(c)
	}
	return r, nil
}

// Root is the absolute path of the worktree.
func (r *Repo) Root() string { return r.root }

// GitDir is the absolute path of the git directory holding HEAD and the
// index (.git, or .git/worktrees/<name> in a linked worktree).
func (r *Repo) GitDir() string { return r.gitDir }

// headState is HEAD as read once: the branch it names ("" when detached) and
// that branch's commit (zero on an unborn branch).
type headState struct {
	branch plumbing.ReferenceName
	hash   plumbing.Hash
}

func (r *Repo) head() (headState, error) {
	ref, err := r.st.Reference(plumbing.HEAD)
	if err != nil {
		return headState{}, fmt.Errorf("read HEAD: %w", err)
	}
	if ref.Type() == plumbing.HashReference {
		return headState{hash: ref.Hash()}, nil
	}
	h := headState{branch: ref.Target()}
	tip, err := r.st.Reference(h.branch)
	switch {
	case errors.Is(err, plumbing.ErrReferenceNotFound):
		return h, nil
	case err != nil:
		return headState{}, fmt.Errorf("read %s: %w", h.branch, err)
	}
	h.hash = tip.Hash()
	return h, nil
}

// HeadBranch is the short name of the checked-out branch, e.g. "rtgit/foo".
func (r *Repo) HeadBranch() (string, error) {
	h, err := r.head()
	if err != nil {
		return "", err
	}
	if !h.branch.IsBranch() {
		return "", fmt.Errorf("%w: HEAD is at %s", ErrDetached, ShortHash(h.hash.String()))
	}
	return h.branch.Short(), nil
}

// HeadCommit is the full SHA of HEAD, or "" on a branch with no commits yet.
func (r *Repo) HeadCommit() (string, error) {
	h, err := r.head()
	if err != nil || h.hash.IsZero() {
		return "", err
	}
	return h.hash.String(), nil
}

// ShortHash abbreviates a SHA the way git log --oneline does.
func ShortHash(sha string) string {
	if len(sha) > 7 {
		return sha[:7]
	}
	return sha
}

// commitAt resolves a branch name, "HEAD" or a SHA to a commit.
func (r *Repo) commitAt(rev string) (*object.Commit, error) {
	// A full SHA needs no name resolution, which would try six ref
	// spellings and scan packed-refs for each.
	if len(rev) == 40 && plumbing.IsHash(rev) {
		if c, err := object.GetCommit(r.st, plumbing.NewHash(rev)); err == nil {
			return c, nil
		}
	}
	h, err := r.repo.ResolveRevision(plumbing.Revision(rev))
	if err != nil {
		return nil, fmt.Errorf("revision %q: %w", rev, ErrNoBranch)
	}
	c, err := object.GetCommit(r.st, *h)
	if err != nil {
		return nil, fmt.Errorf("revision %q: %w", rev, err)
	}
	return c, nil
}

// treeAt is the commit rev names and its root tree.
func (r *Repo) treeAt(rev string) (*object.Commit, *object.Tree, error) {
	c, err := r.commitAt(rev)
	if err != nil {
		return nil, nil, err
	}
	t, err := c.Tree()
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", rev, err)
	}
	return c, t, nil
}

// checkPaths validates repo-relative slash paths and returns them in order
// without duplicates. It refuses anything that could escape the worktree or
// reach into .git, since these paths become both file and tree names.
func checkPaths(paths []string) ([]string, error) {
	out := make([]string, 0, len(paths))
	seen := make(map[string]bool, len(paths))
	for _, p := range paths {
		if p == "" || p == "." || path.IsAbs(p) || path.Clean(p) != p ||
			p == ".." || strings.HasPrefix(p, "../") || strings.ContainsAny(p, "\\\x00") {
			return nil, fmt.Errorf("invalid repository path %q: want a clean, relative, slash-separated path", p)
		}
		for _, part := range strings.Split(p, "/") {
			if strings.EqualFold(part, ".git") {
				return nil, fmt.Errorf("invalid repository path %q: it is inside .git", p)
			}
		}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out, nil
}
