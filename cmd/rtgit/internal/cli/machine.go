package cli

import (
	"errors"
	"os"

	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/layout"
	"github.com/rtgit/rtgit/steps/quickscan"
	"github.com/rtgit/rtgit/steps/roundtable"
	"github.com/rtgit/rtgit/templates"
)

// gitRepo adapts gitops to the machine's Repo interface.
type gitRepo struct {
	*gitops.Repo
	// base is the branch staleness compares with; "" is the default
	// branch. The action sets it to the pull request's remote-tracking
	// base once fetched, so it is shared by pointer.
	base *string
	// hist fetches more history when a comparison reaches the edge of a
	// shallow clone; shared by pointer like base, and armed only by the
	// action.
	hist *history
	// lay is where analyses live: the quick scan's search leaves them out.
	lay layout.Layout
}

// history brings in more of the base branch's history. deepen calls try,
// fetching deeper between calls, until try no longer fails for want of
// history or there is nothing more to fetch, and returns try's last
// error. Only the action sets it: elsewhere rtgit never reaches for the
// network on its own.
type history struct {
	deepen func(try func() error) error
}

func (g gitRepo) Branches(prefix string) ([]roundtable.Branch, error) {
	return machineBranches(g.Repo.Branches(prefix))
}

// RemoteBranches lists remote's remote-tracking branches (see
// roundtable.RemoteLister).
func (g gitRepo) RemoteBranches(remote, prefix string) ([]roundtable.Branch, error) {
	return machineBranches(g.Repo.RemoteBranches(remote, prefix))
}

func machineBranches(bs []gitops.Branch, err error) ([]roundtable.Branch, error) {
	if err != nil {
		return nil, err
	}
	out := make([]roundtable.Branch, len(bs))
	for i, b := range bs {
		out[i] = roundtable.Branch{Name: b.Name, Commit: b.Hash, Time: b.Time}
	}
	return out, nil
}

// Search runs the quick scan's search through gitops.Grep (see
// roundtable.Searcher).
func (g gitRepo) Search(rev string, keywords []string) ([]quickscan.Hit, int, error) {
	return search(g.Repo, g.lay, rev, keywords)
}

func search(r *gitops.Repo, lay layout.Layout, rev string, keywords []string) ([]quickscan.Hit, int, error) {
	res, err := r.Grep(scanGrepOptions(lay, rev, keywords))
	if err != nil {
		return nil, 0, err
	}
	return scanHits(res), res.Searched, nil
}

// machine opens the repository at dir and wires the step machine to it.
func machine(dir string, s Streams) (*roundtable.Machine, error) {
	return machineEnv(dir, s, os.Getenv)
}

// machineEnv is machine with the environment the model layer's settings
// are read from.
func machineEnv(dir string, s Streams, getenv func(string) string) (*roundtable.Machine, error) {
	ws, err := openWorkspace(dir, true)
	if err != nil {
		return nil, err
	}
	return machineWithAI(ws, s, getenv)
}

// machineWithAI is machineFor for a local command: sign-off judged by the
// default branch's policy and verified (wireLocalSignOff), and the
// optional model layer wired in when it is configured; getenv (nil: the
// process environment) supplies the RTGIT_AI_* overrides. The Action
// builds on machineFor and verifies through GitHub instead.
func machineWithAI(ws *workspace, s Streams, getenv func(string) string) (*roundtable.Machine, error) {
	m, err := machineFor(ws, s)
	if err != nil {
		return nil, err
	}
	wireLocalSignOff(m)
	if _, err := wireAI(m, ws, getenv, s); err != nil {
		return nil, err
	}
	return m, nil
}

// machineFor wires the step machine to an opened workspace, in the
// layout the default branch sets.
func machineFor(ws *workspace, s Streams) (*roundtable.Machine, error) {
	lay, err := ws.analysesLayout()
	if err != nil {
		return nil, err
	}
	// git's own stages are write points too, for the fault-injection tests.
	ws.repo.OnPoint(roundtable.GitPoint)
	m := &roundtable.Machine{
		Layout:         lay,
		Repo:           gitRepo{Repo: ws.repo, base: new(string), hist: new(history), lay: lay},
		Templates:      ws.templates(),
		Embedded:       templates.FS,
		Overrides:      ws.fsys,
		OverridesWhere: ws.where,
		Warn:           s.warn,
	}
	// Who changed an approved answer is recorded by name (see
	// roundtable.Machine.Actor).
	if name, _ := ws.repo.Author(); name != "" {
		m.Actor = name
	}
	return m, nil
}

// codeFor maps the machine's outcomes to exit codes.
func codeFor(err error) error {
	if errors.Is(err, roundtable.ErrIncomplete) {
		return &codedError{code: ExitIncomplete, err: err}
	}
	return err
}
