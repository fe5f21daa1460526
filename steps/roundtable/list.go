package roundtable

import (
	"errors"
	"fmt"
	"os"
	"sort"
	"time"

	"github.com/rtgit/rtgit/portfolio"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/meta"
)

// Summary is one row of `rtgit status` without a slug.
type Summary struct {
	Slug, Status, Phase string
	Library             string
	Done, Total         int
	LastActivity        time.Time
	Err                 error // meta.json unreadable on that branch
	// Remote is the remote ("origin") when the analysis has no local
	// branch yet, only the remote-tracking one a teammate pushed; "" for
	// a local branch.
	Remote string
	// Branch is the branch the row was read from ("" once merged).
	Branch string
	// Merged: the base branch holds the analysis.
	Merged bool
	// State is the open step's id, "ready" (check's gate passes), "not
	// ready" (every step done, but check refuses), or "merged".
	State string
	// Staleness is the staleness level against the base branch.
	Staleness string
	// Tasks counts the build plan's tasks.
	Tasks int
	// SignOff is the state of each area someone gave a verdict on, as
	// check judges it (signoff.State*: verified approvals only).
	SignOff map[string]string
	// Owner is the author of the analysis's first commit.
	Owner string
	// Overlaps lists the open analyses planning to change the same code.
	Overlaps []string
}

// OriginRemote is the remote whose analysis branches List shows beside
// the local ones.
const OriginRemote = "origin"

// RemoteLister is what List needs, beyond Repo, to show the analyses a
// teammate pushed that this clone has no branch for yet.
type RemoteLister interface {
	// RemoteBranches lists remote's remote-tracking branches whose
	// names there (rtgit/x) start with prefix.
	RemoteBranches(remote, prefix string) ([]Branch, error)
}

// RemoteOnly lists the analysis branches origin has and this clone has no
// local branch for, named as on origin (rtgit/x). A Repo without
// remote-tracking branches has none.
func (m *Machine) RemoteOnly() ([]Branch, error) {
	rl, ok := m.Repo.(RemoteLister)
	if !ok {
		return nil, nil
	}
	remote, err := rl.RemoteBranches(OriginRemote, BranchPrefix)
	if err != nil || len(remote) == 0 {
		return nil, err
	}
	local, err := m.Repo.Branches(BranchPrefix)
	if err != nil {
		return nil, err
	}
	have := map[string]bool{}
	for _, b := range local {
		have[b.Name] = true
	}
	var out []Branch
	for _, b := range remote {
		if !have[b.Name] {
			out = append(out, b)
		}
	}
	return out, nil
}

// List summarises every analysis: each analysis branch, local or only on
// origin, and each analysis already merged into the base branch. Its cost
// has to stay linear in the number of branches: the route is loaded once,
// each branch is read at the commit Branches already resolved (looking a
// name up again scans packed-refs from the top every time), and overlaps
// are found through one index of every footprint, not pair by pair.
func (m *Machine) List() ([]Summary, error) {
	branches, err := m.analysisBranches()
	if err != nil {
		return nil, err
	}
	tip, merged, err := m.mergedSlugs()
	if err != nil {
		return nil, err
	}
	if len(branches)+len(merged) == 0 {
		return nil, nil
	}
	routes := map[string]*library.Route{}
	routeFor := func(lib string) (*library.Route, error) {
		if p, ok := routes[lib]; ok {
			return p, nil
		}
		p, err := m.loadRoute(lib)
		if err != nil {
			return nil, err
		}
		routes[lib] = p
		return p, nil
	}
	if _, err := routeFor(""); err != nil {
		return nil, err
	}
	var shared Tracker
	if tr, ok := m.Repo.(Tracker); ok {
		shared = &tipOnce{Tracker: tr}
	}
	isMerged := map[string]bool{}
	for _, s := range merged {
		isMerged[s] = true
	}
	var out []Summary
	var open []portfolio.Analysis
	total := len(branches) + len(merged)
	listed := map[string]bool{}
	for i, b := range branches {
		if m.Progress != nil {
			m.Progress(i, total)
		}
		row := Summary{Slug: b.slug, LastActivity: b.branch.Time, Remote: b.remote, Branch: b.label}
		listed[b.slug] = true
		st, err := m.loadListed(b.slug, b.rev, b.label, routeFor)
		if err != nil {
			row.Err = err
			out = append(out, row)
			continue
		}
		st.tr = shared
		row.Merged = isMerged[b.slug]
		a, err := st.summarise(&row)
		if err != nil {
			row.Err = err
		} else if !row.Merged {
			open = append(open, a)
		}
		out = append(out, row)
	}
	for i, slug := range merged {
		if m.Progress != nil {
			m.Progress(len(branches)+i, total)
		}
		if listed[slug] {
			continue
		}
		row := Summary{Slug: slug, Merged: true}
		st, err := m.loadListed(slug, tip, "the base branch", routeFor)
		if err == nil {
			st.tr = shared
			_, err = st.summarise(&row)
		}
		row.Err = err
		out = append(out, row)
	}
	overlaps := portfolio.AllOverlaps(open)
	for i := range out {
		for _, o := range overlaps[out[i].Slug] {
			out[i].Overlaps = append(out[i].Overlaps, o.Slug)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Slug < out[j].Slug })
	return out, nil
}

// loadListed is loadAt for List: the route is given, and errors name the
// branch (label) even when rev is its commit.
func (m *Machine) loadListed(slug, rev, label string, routeFor func(library string) (*library.Route, error)) (*state, error) {
	if err := ValidateSlug(slug); err != nil {
		return nil, err
	}
	it := m.item(slug)
	st := &state{m: m, it: it, files: map[string]*answers.File{}, rev: rev}
	name := it.metaPath()
	if rev != "" {
		name = label + ":" + name
	}
	data, err := st.read(it.metaPath())
	if err == nil {
		st.meta, err = meta.Parse(name, data)
	}
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w %q: %s does not exist on branch %s", ErrNoAnalysis, slug, it.metaPath(), label)
	}
	if err != nil {
		return nil, err
	}
	lib, err := st.meta.Library(name)
	if err == nil {
		st.route, err = routeFor(lib)
	}
	if err != nil {
		return nil, err
	}
	return st, nil
}
