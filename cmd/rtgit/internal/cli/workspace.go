package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/templates"
)

// workspace is the directory tree a command works in.
type workspace struct {
	root string       // worktree root, or the -C directory outside git
	repo *gitops.Repo // nil outside a git repository
	fsys fs.FS        // the tree, for reading overrides
}

// openWorkspace finds the repository at or above dir. Outside git it still
// works on dir, so `rtgit steps` and `rtgit lint` run anywhere.
func openWorkspace(dir string, needRepo bool) (*workspace, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	switch st, err := os.Stat(abs); {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("cannot use directory %s: no such directory", dir)
	case err != nil:
		return nil, fmt.Errorf("cannot use directory %s: %w", dir, err)
	case !st.IsDir():
		return nil, fmt.Errorf("cannot use directory %s: not a directory", dir)
	}
	repo, err := gitops.Open(abs)
	switch {
	case err == nil:
		return &workspace{root: repo.Root(), repo: repo, fsys: steps.RepoFS(repo.Root())}, nil
	case errors.Is(err, gitops.ErrNotRepo) && !needRepo:
		return &workspace{root: abs, fsys: steps.RepoFS(abs)}, nil
	default:
		return nil, err
	}
}

// plan resolves the step plan for the workspace, afresh on every call.
func (w *workspace) plan() (*steps.Plan, error) {
	return steps.Load(templates.FS, w.fsys)
}

// templates resolves templates with the workspace's overrides.
func (w *workspace) templates() templates.Set {
	return templates.Set{Repo: w.fsys}
}
