// Package roundtable is rtgit's step machine: it decides which step an
// analysis is on, renders its answer file, checks the answers, writes the
// artifacts and meta.json, and asks the repository to commit the result.
//
// Every entry point (the CLI verbs, `rtgit comment` and the GitHub Action)
// goes through this package, so a step completes the same way everywhere.
// It reaches git only through the small Repo interface below.
package roundtable

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/rtgit/rtgit/internal/repofs"
	"github.com/rtgit/rtgit/layout"
	"github.com/rtgit/rtgit/signoff"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/assist"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/meta"
)

// Repo is what the machine needs from version control.
type Repo interface {
	Root() string
	HeadBranch() (string, error)
	HeadCommit() (string, error)
	BranchExists(name string) (bool, error)
	CreateBranch(name string) error
	// UndoCreateBranch switches back to prev (a branch, or a commit) and
	// deletes name, if name has no commit of its own yet.
	UndoCreateBranch(name, prev string) error
	Dirty(paths []string) ([]string, error)
	Commit(paths []string, message string) (string, error)
	ReadFileAt(rev, path string) ([]byte, error)
	Lock(name string, wait time.Duration) (func(), error)
	// Branches lists local branches whose names start with prefix.
	Branches(prefix string) ([]Branch, error)
	// ListFiles lists the file names directly inside dir at rev.
	ListFiles(rev, dir string) ([]string, error)
}

// Branch is a local branch, its tip commit's SHA ("" if unknown) and the
// time of that commit.
type Branch struct {
	Name   string
	Commit string
	Time   time.Time
}

// Templates resolves a template by name, repo override first.
type Templates interface {
	Read(name string) (data []byte, source string, err error)
}

// Errors the caller maps to exit codes.
var (
	// ErrIncomplete: the current step's answers are missing or invalid.
	ErrIncomplete = errors.New("answers incomplete")
	// ErrNoAnalysis: no analysis with that slug.
	ErrNoAnalysis = errors.New("no such analysis")
	// ErrExists: an analysis with that slug already exists.
	ErrExists = errors.New("analysis already exists")
	// ErrWrongBranch: the analysis branch is not checked out.
	ErrWrongBranch = errors.New("wrong branch")
	// ErrDirty: a file rtgit must write has uncommitted changes.
	ErrDirty = errors.New("uncommitted changes")
	// ErrComplete: the analysis has no open step.
	ErrComplete = errors.New("analysis complete")
)

// LockWait is how long a second process waits for an item's lock.
const LockWait = 3 * time.Second

// Machine runs analyses in one repository.
type Machine struct {
	Repo Repo
	// Layout is where analyses live (.rtgit/config.yaml's analyses
	// section, read from the default branch); the zero value is the seed
	// framework's docs/requirements and docs/common.
	Layout    layout.Layout
	Templates Templates
	Embedded  fs.FS // the embedded defaults (steps, personas)
	// Overrides is the tree the repository's step files, libraries and
	// personas are read from (.rtgit/steps, .rtgit/libraries,
	// .rtgit/personas.yaml). Nil reads the worktree, as local commands
	// do; the Action sets the default branch's commit, so an analysis
	// branch cannot change the rules its own answers are checked by.
	Overrides fs.FS
	// OverridesWhere names Overrides in messages when it is not the
	// worktree ("on main at 1a2b3c4d"), so a broken file is looked for
	// where it is.
	OverridesWhere string
	Now            func() time.Time
	// Warn receives non-fatal problems: invalid step files, skip_if errors.
	Warn func(string)
	// Assist holds the optional helpers (a model); nil keeps every
	// behaviour deterministic.
	Assist *assist.Set
	// Actor is who the machine acts for ("@login" in the action, the git
	// author's name locally), when known: it names who confirmed a
	// model's draft.
	Actor string
	// LinkHost is the repository's web host ("github.com"): links to it
	// in a model's text stay links, links anywhere else are shown as
	// text (see internal/quiet). "" leaves no absolute link a link.
	LinkHost string
	// Progress, when set, hears how far List has got (done of total
	// analyses read), for a progress display.
	Progress func(done, total int)
	// Settings, when set, returns .rtgit/config.yaml as policy allows it
	// to be read (the Action: the default branch's commit, see package
	// settings), or an error wrapping fs.ErrNotExist when there is none.
	// Nil reads the working tree's, as local commands do.
	Settings func() ([]byte, error)

	// Policy, when set, is the sign-off policy Check applies; the action
	// sets it from the default branch. Nil reads .rtgit/config.yaml in
	// the worktree.
	Policy func() (signoff.Policy, error)
	// Verify, when set, is the part of the acceptance log of the analysis
	// slug that counts, for judging and for what the artifacts say (the
	// traceability matrix's Status): the Action keeps the entries GitHub's
	// own reviews and comments back (signoff.Verify). The log itself is
	// left as it is. It takes the slug because one Machine lists many
	// analyses.
	Verify func(slug string, list []meta.Acceptance) []meta.Acceptance
	// Judge, when set, replaces Verify for judging only: check, status,
	// the list and the verdict that closes an analysis count what it
	// keeps, while artifacts are rendered as without it. Local commands
	// set it (entries whose commit a listed key signed): a local rebuild
	// must not rewrite as Draft what the Action, which asks GitHub,
	// rendered as Approved.
	Judge func(slug string, list []meta.Acceptance) []meta.Acceptance

	recorded assist.Usage // helper use already written to meta.json
	// CoAuthor ("Name <email>"), when set, is credited on every commit
	// with a Co-authored-by trailer: the person whose comment it applies.
	CoAuthor string
	// comment is the key ("ic-1002") of the pull-request comment being
	// applied, for the length of CommentFrom. Whatever the comment commits
	// records it in meta.json as processed and names it in an
	// Rtgit-Comment trailer, so the comment and its bookkeeping are one
	// commit rather than two.
	comment string
	// answerFiles keeps the answer files this Machine has parsed, so one
	// run reads each version of a file once, however many verbs and
	// replies look at it (see answers.Cache).
	answerFiles *answers.Cache
}

// ParseAnswers parses an answer file through the Machine's cache, for a
// caller reading a file the run's verbs read too.
func (m *Machine) ParseAnswers(name string, data []byte) (*answers.File, error) {
	return m.parsed().Parse(name, data)
}

// parsed is the Machine's cache of parsed answer files.
func (m *Machine) parsed() *answers.Cache {
	if m.answerFiles == nil {
		m.answerFiles = &answers.Cache{}
	}
	return m.answerFiles
}

func (m *Machine) now() time.Time {
	if m.Now != nil {
		return m.Now()
	}
	return time.Now()
}

func (m *Machine) warn(s string) {
	if m.Warn != nil {
		m.Warn(s)
	}
}

// RouteFor loads the route of library name ("" for the feature library),
// as the verbs will run it.
func (m *Machine) RouteFor(name string) (*library.Route, error) { return m.loadRoute(name) }

// loadRoute loads the route afresh; step-file problems become warnings.
func (m *Machine) loadRoute(name string) (*library.Route, error) {
	p, err := library.LoadLibrary(m.Embedded, m.overrides(), name)
	if err != nil {
		if m.OverridesWhere != "" {
			err = fmt.Errorf("overrides %s: %w", m.OverridesWhere, err)
		}
		return nil, err
	}
	for _, pr := range p.Problems {
		if pr.Severity == steps.Error && strings.HasPrefix(pr.Path, "embedded:") {
			m.warn(pr.String() + " (step skipped)")
		}
	}
	return p, nil
}

// overrides is the tree step files and personas are read from.
func (m *Machine) overrides() fs.FS {
	if m.Overrides != nil {
		return m.Overrides
	}
	return repofs.FS(m.Repo.Root())
}

// ErrBrokenSteps: a step file in the repository does not parse.
var ErrBrokenSteps = errors.New("broken step file")

// runnableRoute refuses to run anything while a repository step file is
// broken: running the embedded step it was meant to replace would answer
// questions the maintainer took out.
func (m *Machine) runnableRoute(p *library.Route) error {
	errs := p.RepoErrors()
	if len(errs) == 0 {
		return nil
	}
	lines := make([]string, len(errs))
	for i, pr := range errs {
		lines[i] = pr.String()
	}
	where := ""
	if m.OverridesWhere != "" {
		where = " " + m.OverridesWhere
	}
	return fmt.Errorf("%w%s: %s\nfix or remove the file before going on (rtgit lint lists every problem)", ErrBrokenSteps, where, strings.Join(lines, "\n"))
}

// SetActor names who the next verbs act for (see Actor).
func (m *Machine) SetActor(who string) { m.Actor = who }

// SetVerify sets Verify to f, for the one analysis a run drives.
func (m *Machine) SetVerify(f func([]meta.Acceptance) []meta.Acceptance) {
	m.Verify = func(_ string, list []meta.Acceptance) []meta.Acceptance { return f(list) }
}
