package roundtable

import (
	"errors"
	"fmt"
	"os"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/meta"
)

// NewOptions describe an analysis to start.
type NewOptions struct {
	Description string
	Slug        string // derived from Description when empty
	Source      string // github | jira | manual
	SourceID    string
	// SourceURL is the address of the item at its source, such as the
	// GitHub issue the analysis starts from.
	SourceURL string
	// Draft, when set, drafts the answer to the first step's first
	// question: an issue's own account of the change, for the person to
	// confirm or rewrite.
	Draft   string
	Library string // the step library: "feature" (the default), "bug", …
	// Depth, when set, is the depth of every phase, as if set with
	// `rtgit depth` in each.
	Depth steps.Depth
	// Base is the full SHA of the commit the analysis branch starts at;
	// empty means HEAD's commit.
	Base string
}

// baseStarter is a Repo that can start a branch at another commit than
// HEAD's, switching the worktree to it the way git switch does.
type baseStarter interface {
	CheckoutAt(branch, sha string) error
}

// New starts an analysis: it creates branch rtgit/<slug> at HEAD, writes
// meta.json and the first step's answer file, and commits them.
func (m *Machine) New(o NewOptions) (*Reply, error) {
	if o.Slug == "" {
		o.Slug = DeriveSlug(o.Description)
		if o.Slug == "" {
			return nil, fmt.Errorf("cannot derive a slug from %q; pass --slug", o.Description)
		}
	}
	if err := ValidateSlug(o.Slug); err != nil {
		return nil, err
	}
	switch o.Source {
	case "":
		o.Source = "manual"
	case "github", "jira", "manual":
	default:
		return nil, fmt.Errorf("source %q must be github, jira or manual", o.Source)
	}
	it := m.item(o.Slug)
	unlock, err := m.Repo.Lock(o.Slug, LockWait)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if exists, err := m.Repo.BranchExists(it.branch()); err != nil {
		return nil, err
	} else if exists {
		return nil, fmt.Errorf("%w: branch %s already exists", ErrExists, it.branch())
	}
	if _, err := os.Stat(m.abs(it.metaPath())); err == nil {
		return nil, fmt.Errorf("%w: %s already exists", ErrExists, it.metaPath())
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	head, err := m.Repo.HeadCommit()
	if err != nil {
		return nil, err
	}
	if head == "" {
		return nil, errors.New("the repository has no commits yet; make a first commit, then start the analysis")
	}
	if o.Library == "" {
		o.Library = library.DefaultLibrary
	}
	if o.Depth != "" && !o.Depth.Valid() {
		return nil, fmt.Errorf("depth %q must be brief, standard or deep", o.Depth)
	}
	p, err := m.loadRoute(o.Library)
	if err == nil {
		err = m.runnableRoute(p)
	}
	if err != nil {
		return nil, err
	}
	md := meta.New(o.Description, o.Source, o.SourceID, m.now())
	base := head
	if o.Base != "" {
		base = o.Base
	}
	starter, canStart := m.Repo.(baseStarter)
	if base != head && !canStart {
		return nil, fmt.Errorf("cannot start branch %s at %s: this repository can only branch from HEAD", it.branch(), o.Base)
	}
	md.BaseCommit = base
	md.SourceURL = o.SourceURL
	if o.Depth != "" {
		for _, ph := range p.Phases {
			md.DepthOverrides[ph.Phase.Key] = string(o.Depth)
		}
	}
	md.SetLibrary(o.Library)
	md.Slug = o.Slug
	st := &state{m: m, it: it, route: p, meta: md, files: map[string]*answers.File{}, draft: o.Draft}
	c := m.changes()
	r := &Reply{}
	if err := st.openNext(c, r); err != nil {
		return nil, err
	}
	if err := st.stageMeta(c); err != nil {
		return nil, err
	}
	// Check before switching branches, so a refusal changes nothing.
	if err := c.check(); err != nil {
		return nil, err
	}
	prev, err := m.Repo.HeadBranch()
	if err != nil {
		prev = head // detached: go back to the commit
	}
	if base == head {
		err = m.Repo.CreateBranch(it.branch())
	} else {
		err = starter.CheckoutAt(it.branch(), base)
	}
	if err != nil {
		return nil, err
	}
	sha, err := c.commit(fmt.Sprintf("rtgit: start analysis %s\n\n%s", o.Slug, o.Description))
	if err != nil {
		// With its files put back, the branch is all that is left; without
		// this, the next `rtgit new` would find it and refuse.
		if base != head {
			return nil, fmt.Errorf("%w (branch %s stays checked out at the base it started from; git switch - goes back)", err, it.branch())
		}
		if now, herr := m.Repo.HeadCommit(); herr == nil && now == head {
			if uerr := m.Repo.UndoCreateBranch(it.branch(), prev); uerr != nil {
				return nil, fmt.Errorf("%w (and branch %s stays checked out: %v)", err, it.branch(), uerr)
			}
		}
		return nil, err
	}
	r.Commit, r.Changed = sha, c.order
	return r, nil
}
