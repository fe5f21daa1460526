package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/internal/repofs"
	"github.com/rtgit/rtgit/layout"
	"github.com/rtgit/rtgit/settings"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/templates"
)

// workspace is the directory tree a command works in.
type workspace struct {
	root string       // worktree root, or the -C directory outside git
	repo *gitops.Repo // nil outside a git repository
	fsys fs.FS        // the tree overrides are read from
	// where names fsys in messages when it is not the worktree ("on
	// main at 1a2b3c4d").
	where string
	// trusted, when set, is the settings file policy allows (the
	// Action's, read from the default branch's commit); otherwise the
	// layout is read from the default branch as this clone knows it.
	trusted *settings.File
	lay     *layout.Layout // read once, by analysesLayout
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
		return &workspace{root: repo.Root(), repo: repo, fsys: repofs.FS(repo.Root())}, nil
	case errors.Is(err, gitops.ErrNotRepo) && !needRepo:
		return &workspace{root: abs, fsys: repofs.FS(abs)}, nil
	default:
		return nil, err
	}
}

// overridesFrom makes the commit the trusted settings were read from the
// one place the repository's overrides come from: step files, libraries,
// personas and every template under .rtgit/templates/ (answer file,
// artifacts, prompts, exports). The Action calls it because its working
// tree holds the analysis branch, which a pull request controls; locally
// the working tree is the user's and stays the source.
func (w *workspace) overridesFrom(f settings.File) error {
	if f.Commit == "" {
		return fmt.Errorf("%s was not read from a commit; overrides are read only from the default branch's", f.Source)
	}
	fsys, err := w.repo.TreeFS(f.Commit)
	if err != nil {
		return fmt.Errorf("overrides %s: %w", f.Where(), err)
	}
	w.fsys, w.where = fsys, f.Where()
	return nil
}

// overridePaths are where a repository's overrides live: what
// overridesFrom reads from the default branch's commit in the Action.
var overridePaths = []string{
	library.RepoStepsDir,
	library.RepoLibrariesDir,
	".rtgit/personas.yaml",
	library.RepoPersonaDir,
	templates.OverrideDir,
}

// noticedPaths are the files under .rtgit/ the Action reads from the
// default branch and not from the analysis branch, whose changes on that
// branch it names as not used: the overrides and the settings.
var noticedPaths = append([]string{settings.Path}, overridePaths...)

// route resolves the step route for the workspace, afresh on every call.
func (w *workspace) route() (*library.Route, error) {
	return library.Load(templates.FS, w.fsys)
}

// templates resolves templates with the workspace's overrides.
func (w *workspace) templates() templates.Set {
	return templates.Set{Repo: w.fsys, Where: w.where}
}

// analysesLayout is where the repository keeps its analyses: the
// analyses section of .rtgit/config.yaml on the default branch (the
// trusted file in the Action), never the working tree's, so that no
// analysis branch moves the folders it is looked for in. A repository
// with no default branch yet, or outside git, has the default layout.
func (w *workspace) analysesLayout() (layout.Layout, error) {
	if w.lay != nil {
		return *w.lay, nil
	}
	f := settings.File{}
	switch {
	case w.trusted != nil:
		f = *w.trusted
	case w.repo != nil:
		var err error
		f, err = defaultBranchSettings(w.repo)
		if errors.Is(err, gitops.ErrNoBranch) {
			f, err = settings.File{}, nil
		}
		if err != nil {
			return layout.Layout{}, err
		}
	}
	l, err := layout.Parse(f.Source, f.Data)
	if err != nil {
		return layout.Layout{}, err
	}
	w.lay = &l
	return l, nil
}
