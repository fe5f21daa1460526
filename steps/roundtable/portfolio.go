package roundtable

import (
	"errors"
	"fmt"
	"os"
	"path"
	"strings"
	"time"

	"github.com/rtgit/rtgit/portfolio"
	"github.com/rtgit/rtgit/signoff"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/meta"
)

// HistoryStart is the commit a file's current run of history started at: the
// commit that started an analysis on its branch, or that merged it on the
// base branch.
type HistoryStart struct {
	Hash   string
	Author string
	Time   time.Time
}

// Chronicler is what the view across analyses needs beyond Repo and
// Tracker. It is optional: without it, analyses have no owner and no
// merged analyses are found.
type Chronicler interface {
	// FirstCommit walks rev's first-parent history back while path
	// exists and returns the oldest commit of that run.
	FirstCommit(rev, path string) (HistoryStart, error)
	// ListDirs lists the folder names directly inside dir at rev.
	ListDirs(rev, dir string) ([]string, error)
}

// Neighbours is what other analyses say about one: the open ones that
// plan to change the same code, and the merged ones that decided about it.
type Neighbours struct {
	Overlaps []portfolio.Overlap `json:"overlaps"`
	Prior    []portfolio.Prior   `json:"prior"`
}

// Lines describes the neighbours for people, one line each.
func (n *Neighbours) Lines() []string {
	var out []string
	for _, o := range n.Overlaps {
		out = append(out, "overlap: "+o.Line())
	}
	for _, p := range n.Prior {
		out = append(out, "prior: "+PriorLine(p))
		for _, d := range p.Decisions {
			out = append(out, "  "+DecisionLine(d))
		}
	}
	return out
}

// PriorLine says which merged analysis touched the same code, and where.
func PriorLine(p portfolio.Prior) string {
	var what []string
	if len(p.Files) > 0 {
		what = append(what, "the same "+nounFor(len(p.Files), "file")+" "+strings.Join(p.Files, ", "))
	}
	if len(p.Modules) > 0 {
		what = append(what, "the same "+nounFor(len(p.Modules), "module")+" "+strings.Join(p.Modules, ", "))
	}
	s := p.Slug + " (merged in " + shortHash(p.Commit) + ") named " + strings.Join(what, " and ")
	if len(p.Decisions) == 0 {
		s += "; it recorded no decisions"
	}
	return s
}

// DecisionLine is one recorded ADR: its id, title, date and decision.
func DecisionLine(d portfolio.Decision) string {
	s := d.ID + " " + d.Title
	if d.Date != "" {
		s += " (" + d.Date + ")"
	}
	if d.Decision != "" {
		s += ": " + d.Decision
	}
	return s
}

// repoReader reads for package portfolio; rev "" is the worktree.
type repoReader struct{ m *Machine }

func (r repoReader) ReadFileAt(rev, p string) ([]byte, error) {
	if rev == "" {
		return r.m.readFile(p)
	}
	return r.m.Repo.ReadFileAt(rev, p)
}

func (r repoReader) ListFiles(rev, dir string) ([]string, error) {
	st := &state{m: r.m, rev: rev}
	return st.list(dir)
}

// footprint reads what the analysis plans to touch.
func (st *state) footprint() (portfolio.Footprint, error) {
	return portfolio.ReadFootprint(repoReader{st.m}, st.rev, st.it.dir())
}

// stateLabel is the open step's id; once every step is done, "ready"
// when check's gate passes, else "not ready" (`rtgit check` says why).
// Staleness is shown in a column of its own.
func (st *state) stateLabel() string {
	if cur, _ := st.current(); cur != nil {
		return cur.ID
	}
	if st.meta.AnalysisStatus != "analyzed" {
		return st.meta.AnalysisStatus
	}
	if r, err := st.gate(); err == nil && r.Ready {
		return "ready"
	}
	return NotReady
}

// NotReady is the state of an analysis whose steps are all done but
// which `rtgit check` refuses.
const NotReady = "not ready"

// owner is the author of the analysis's first commit, or "" when that
// cannot be told (no history, or a Repo without it).
func (st *state) owner() string {
	ch, ok := st.m.Repo.(Chronicler)
	if !ok {
		return ""
	}
	rev := st.rev
	if rev == "" {
		rev = "HEAD"
	}
	o, err := ch.FirstCommit(rev, st.it.metaPath())
	if err != nil {
		return ""
	}
	return o.Author
}

// openAnalysis is one analysis branch to read: a local branch, or a
// remote-tracking one this clone has no local branch for.
type openAnalysis struct {
	slug, rev, label, remote string
	branch                   Branch
}

// analysisBranches lists every analysis branch, local ones first, each
// with the revision it is read at (the worktree for the checked-out one).
func (m *Machine) analysisBranches() ([]openAnalysis, error) {
	branches, err := m.Repo.Branches(BranchPrefix)
	if err != nil {
		return nil, err
	}
	remote, err := m.RemoteOnly()
	if err != nil {
		return nil, err
	}
	head, _ := m.Repo.HeadBranch()
	out := make([]openAnalysis, 0, len(branches)+len(remote))
	for i, b := range append(branches, remote...) {
		a := openAnalysis{slug: strings.TrimPrefix(b.Name, BranchPrefix), rev: b.Commit, label: b.Name, branch: b}
		switch {
		case i >= len(branches):
			// Read at the remote-tracking tip, never the worktree.
			a.remote, a.label = OriginRemote, OriginRemote+"/"+b.Name
			if a.rev == "" {
				a.rev = a.label
			}
		case b.Name == head:
			a.rev = "" // checked out: the worktree is the analysis
		case a.rev == "":
			a.rev = b.Name
		}
		out = append(out, a)
	}
	return out, nil
}

// mergedSlugs lists the analyses the base branch already holds: folders
// under the analyses' folder whose meta.json names that folder as its slug.
// Folders another tool wrote (a different slug, or no meta.json) are not
// rtgit's and are left out. It returns the base's tip too.
func (m *Machine) mergedSlugs() (tip string, slugs []string, err error) {
	tr, ok := m.Repo.(Tracker)
	ch, ok2 := m.Repo.(Chronicler)
	if !ok || !ok2 {
		return "", nil, nil
	}
	if _, tip, err = tr.BaseTip(); err != nil {
		return "", nil, nil // no base branch: nothing is merged
	}
	dirs, err := ch.ListDirs(tip, m.Layout.Root())
	if errors.Is(err, os.ErrNotExist) {
		return tip, nil, nil
	}
	if err != nil {
		return "", nil, err
	}
	for _, d := range dirs {
		if ValidateSlug(d) != nil {
			continue
		}
		it := m.item(d)
		data, err := m.Repo.ReadFileAt(tip, it.metaPath())
		if err != nil {
			continue
		}
		if md, err := meta.Parse(tip+":"+it.metaPath(), data); err == nil && md.Slug == d {
			slugs = append(slugs, d)
		}
	}
	return tip, slugs, nil
}

// Neighbours finds the open analyses that overlap slug's and the merged
// ones that touched the same files or modules. Only the other analyses'
// impact analysis, plan and contract blobs are read.
func (m *Machine) Neighbours(slug string) (*Neighbours, error) {
	st, err := m.loadAt(slug, m.source(slug))
	if err != nil {
		return nil, err
	}
	return st.neighbours()
}

func (st *state) neighbours() (*Neighbours, error) {
	m := st.m
	n := &Neighbours{Overlaps: []portfolio.Overlap{}, Prior: []portfolio.Prior{}}
	self, err := st.footprint()
	if err != nil {
		return nil, err
	}
	tip, merged, err := m.mergedSlugs()
	if err != nil {
		return nil, err
	}
	isMerged := map[string]bool{}
	for _, s := range merged {
		isMerged[s] = true
	}
	branches, err := m.analysisBranches()
	if err != nil {
		return nil, err
	}
	var others []portfolio.Analysis
	if !self.Empty() {
		for _, b := range branches {
			if b.slug == st.it.slug || isMerged[b.slug] || ValidateSlug(b.slug) != nil {
				continue
			}
			o := &state{m: m, it: m.item(b.slug), rev: b.rev}
			fp, err := o.footprint()
			if err != nil || fp.Empty() {
				continue // an unreadable branch is reported by status, not here
			}
			a := portfolio.Analysis{Slug: b.slug, Branch: b.label, Footprint: fp}
			if full, err := m.loadAt(b.slug, b.rev); err == nil {
				a.State, a.Owner = full.stateLabel(), full.owner()
			}
			others = append(others, a)
		}
	}
	n.Overlaps = portfolio.Overlaps(portfolio.Analysis{Slug: st.it.slug, Footprint: self}, others)
	if n.Prior, err = st.priors(self, tip, merged); err != nil {
		return nil, err
	}
	return n, nil
}

// priors lists the merged analyses (merged, read at the base's tip) that
// share files or modules with self, with the decisions they recorded.
func (st *state) priors(self portfolio.Footprint, tip string, merged []string) ([]portfolio.Prior, error) {
	m := st.m
	ch, ok := m.Repo.(Chronicler)
	if len(merged) == 0 || self.Empty() || !ok {
		return []portfolio.Prior{}, nil
	}
	var ms []portfolio.Merged
	for _, s := range merged {
		if s == st.it.slug {
			continue
		}
		fp, err := (&state{m: m, it: m.item(s), rev: tip}).footprint()
		if err != nil {
			return nil, err
		}
		ms = append(ms, portfolio.Merged{Slug: s, Dir: m.item(s).dir(), Rev: tip, Footprint: fp})
	}
	return portfolio.Priors(repoReader{m}, self, ms, func(p portfolio.Merged) string {
		o, err := ch.FirstCommit(tip, path.Join(p.Dir, "meta.json"))
		if err != nil {
			return tip
		}
		return o.Hash
	})
}

// priorContext is what the solutions architect is told when one of its
// steps opens: the decisions merged analyses recorded about the files this
// one touches. Before the impact analysis names any file, the quick
// scan's candidates stand in for them, as they seed that table.
func (st *state) priorContext(s *steps.Step) []Line {
	p := st.route.PersonaOf(s)
	if p.Key != architectKey {
		return nil
	}
	self, err := st.footprint()
	if err != nil {
		return nil
	}
	if len(self.Files) == 0 {
		files := st.candidateFiles()
		if files == nil {
			if r, _ := st.scan(); r != nil {
				files = candidates(r, CandidateCount)
			}
		}
		self.Files = portfolio.Sorted(files)
	}
	tip, merged, err := st.m.mergedSlugs()
	if err != nil {
		return nil
	}
	prior, err := st.priors(self, tip, merged)
	if err != nil || len(prior) == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteString("Earlier decisions about these files, as the merged analyses recorded them:\n")
	for _, pr := range prior {
		fmt.Fprintf(&b, "\n- %s", inert(PriorLine(pr)))
		for _, d := range pr.Decisions {
			fmt.Fprintf(&b, "\n  - %s", inert(DecisionLine(d)))
		}
	}
	return []Line{{p.Name, b.String()}}
}

// architectKey is the persona whose steps hear of earlier decisions.
const architectKey = "solutions-architect"

// summarise fills a list row from the analysis and returns it as the
// portfolio sees it.
func (st *state) summarise(row *Summary) (portfolio.Analysis, error) {
	row.Status, row.Done, row.Total = st.meta.AnalysisStatus, len(st.meta.StepsCompleted), len(st.route.Steps())
	row.Library = st.route.Library
	if cur, ph := st.current(); cur != nil {
		row.Phase = ph.Phase.Key
	}
	row.State, row.Owner = st.stateLabel(), st.owner()
	row.SignOff = st.listedSignOff()
	if row.Merged {
		row.State = "merged"
	}
	fp, err := st.footprint()
	if err != nil {
		return portfolio.Analysis{}, err
	}
	row.Tasks = fp.Tasks
	if !row.Merged {
		stale, err := st.staleness()
		if err != nil {
			return portfolio.Analysis{}, err
		}
		row.Staleness = stale.Level
		// check fails on a staleness warning: a stale analysis is
		// not "ready", whatever its own files say.
		if row.State == "ready" && stale.Stale() {
			row.State = NotReady
		}
	}
	return portfolio.Analysis{Slug: st.it.slug, Branch: row.Branch, State: row.State, Owner: row.Owner, Footprint: fp}, nil
}

// inert keeps text another analysis recorded from opening an HTML block or
// comment (and so a marker) in the answer file it is quoted into.
func inert(s string) string { return strings.ReplaceAll(s, "<", "&lt;") }

func nounFor(n int, one string) string {
	if n == 1 {
		return one
	}
	return one + "s"
}

// listedSignOff is each area someone gave a verdict on, with its state
// as `rtgit status <slug>` and `rtgit check` judge it: the approvals that
// count are the verified ones (Machine.Verify), an area fewer people
// approved than the policy asks is partly approved, and an approval whose
// documents changed since is stale even before that is recorded. An
// analysis nobody signed off costs nothing here.
func (st *state) listedSignOff() map[string]string {
	out := map[string]string{}
	if len(st.meta.Acceptance) == 0 {
		return out
	}
	for _, a := range st.signOff() {
		if len(a.Approvals) > 0 {
			out[a.Area] = a.State
		}
	}
	return out
}

// SignOffSummary says a row's sign-off in a few words: how many areas are
// approved, and how many are approved by fewer people than the policy
// asks, approved only in entries nobody could verify, lapsed, or wait for
// changes.
func SignOffSummary(areas map[string]string) string {
	n := map[string]int{}
	for _, state := range areas {
		n[state]++
	}
	var parts []string
	for _, k := range []struct{ state, words string }{
		{signoff.StateApproved, "approved"},
		{signoff.StatePartly, "short of approvers"},
		{signoff.StateUnverified, "unverified"},
		{signoff.StateStale, "stale"},
		{signoff.StateChangesRequested, "changes requested"},
	} {
		if c := n[k.state]; c > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c, k.words))
		}
	}
	return strings.Join(parts, ", ")
}
