package roundtable

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/critic"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/stepfile"
)

// state is one analysis as read from the worktree at the start of a verb.
type state struct {
	// rebuilding: the verb is rebuild, which restores damage it can
	// restore without losing a person's text (changeset.keepEdits).
	rebuilding bool
	m          *Machine
	it         item
	route      *library.Route
	meta       *meta.Meta
	// files caches parsed answer files by step id; nil entries are missing.
	files map[string]*answers.File
	// rev is the branch the analysis is read from; "" is the worktree.
	rev string
	// scanned caches the quick scan for this verb (quickscan.go).
	scanned *scanCache
	// visible, while a full render replays the steps (build.go), names
	// the steps rendered before the one being replayed, replaying.
	visible   map[string]bool
	replaying string
	// notes are the critic's warnings on the step being completed.
	notes []critic.Finding
	// draftPlan caches the derived plan's text for the tasks draft, and
	// draftFiles the derived rows' for the affected_files draft.
	draftPlan, draftFiles *string
	// draft drafts the first question of the step opened next (New's
	// Draft); the answer file, once written, carries it on.
	draft string
	// tr, when set, is the Tracker to use instead of the Repo's own
	// (List shares one that resolves the base tip once).
	tr Tracker
}

// sees reports whether step id's answers may be looked up: always, except
// during a replay, where a step sees itself and the steps rendered before
// it, as when it was first completed.
func (st *state) sees(id string) bool {
	return st.visible == nil || st.visible[id] || id == st.replaying
}

// before reports whether step id was completed before the step being
// replayed (every completed step, outside a replay).
func (st *state) before(id string) bool {
	return st.meta.HasStep(id) && (st.visible == nil || st.visible[id])
}

// read returns a repo-relative file from the worktree or from st.rev.
func (st *state) read(rel string) ([]byte, error) {
	if st.rev == "" {
		return st.m.readFile(rel)
	}
	return st.m.Repo.ReadFileAt(st.rev, rel)
}

// list returns the file names in a repo-relative directory.
func (st *state) list(dir string) ([]string, error) {
	if st.rev != "" {
		return st.m.Repo.ListFiles(st.rev, dir)
	}
	entries, err := os.ReadDir(st.m.abs(dir))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out, nil
}

// load reads an existing analysis. meta.json must parse: a corrupt file is
// an error naming it, never replaced.
func (m *Machine) load(slug string) (*state, error) {
	return m.loadAt(slug, "")
}

// loadAt reads an analysis from branch rev, or the worktree when rev is "".
func (m *Machine) loadAt(slug, rev string) (*state, error) {
	if err := ValidateSlug(slug); err != nil {
		return nil, err
	}
	it := m.item(slug)
	st := &state{m: m, it: it, files: map[string]*answers.File{}, rev: rev}
	data, err := st.read(it.metaPath())
	var md *meta.Meta
	if err == nil {
		name := it.metaPath()
		if rev != "" {
			name = rev + ":" + name
		}
		md, err = meta.Parse(name, data)
		if err == nil {
			err = meta.CheckMeaning(name, data, md, slug)
		}
	}
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w %q: %s does not exist (is branch %s checked out?)", ErrNoAnalysis, slug, it.metaPath(), it.branch())
	}
	if err != nil {
		return nil, err
	}
	lib, err := md.Library(it.metaPath())
	if err != nil {
		return nil, err
	}
	p, err := m.loadRoute(lib)
	var unknown *library.UnknownLibraryError
	if errors.As(err, &unknown) {
		// The library is named in meta.json: say where.
		if line, col, ok := meta.KeyPosition(data, "library"); ok {
			return nil, fmt.Errorf("%s:%d:%d: library: %w", it.metaPath(), line, col, err)
		}
	}
	if err != nil {
		return nil, err
	}
	st.route, st.meta = p, md
	return st, nil
}

// abs turns a repo-relative slash path into an OS path under the root.
func (m *Machine) abs(rel string) string {
	return filepath.Join(m.Repo.Root(), filepath.FromSlash(rel))
}

// onBranch refuses to work unless the analysis branch is checked out: the
// answer files being edited live there.
func (st *state) onBranch() error {
	b, err := st.m.Repo.HeadBranch()
	if err != nil {
		return err
	}
	if b != st.it.branch() {
		return fmt.Errorf("%w: analysis %s lives on branch %s, but %s is checked out; run: git switch %s", ErrWrongBranch, st.it.slug, st.it.branch(), b, st.it.branch())
	}
	return nil
}

func (st *state) quickScan() *library.QuickScanFacts {
	qs := st.meta.QuickScan
	if qs == nil || qs.Scope == "" {
		return nil
	}
	return &library.QuickScanFacts{Scope: qs.Scope, Complexity: qs.Complexity, FileCount: qs.EstimatedFiles}
}

// phaseDepth is the depth chosen for a phase and where it came from.
func (st *state) phaseDepth(ph *library.RoutePhase) (steps.Depth, string) {
	return library.DetermineDepth(ph.Phase.Key, st.meta.DepthOverrides[ph.Phase.Key], st.quickScan())
}

// stepDepth applies the seed's chain: an override or a quick-scan depth
// covers the whole phase; otherwise each step keeps its own default.
func (st *state) stepDepth(s *steps.Step, ph *library.RoutePhase) steps.Depth {
	d, source := st.phaseDepth(ph)
	if source == "default" {
		return s.Depth
	}
	return d
}

func (st *state) facts(s *steps.Step, ph *library.RoutePhase) stepfile.Facts {
	f := stepfile.Facts{Depth: st.stepDepth(s, ph)}
	if qs := st.meta.QuickScan; qs != nil {
		f.Scope, f.Complexity, f.FileCount, f.HasFileCount = qs.Scope, qs.Complexity, qs.EstimatedFiles, true
	}
	return f
}

// eligible says whether s still has to run, and why not if it doesn't.
func (st *state) eligible(s *steps.Step, ph *library.RoutePhase, warn bool) bool {
	return st.eligibleIf(s, ph, warn, st.meta.HasStep)
}

// eligibleIf is eligible with done deciding which dependencies count as
// met, so callers can look ahead as if the steps before s were completed.
func (st *state) eligibleIf(s *steps.Step, ph *library.RoutePhase, warn bool, done func(id string) bool) bool {
	if st.meta.HasStep(s.ID) || st.meta.HasPhase(ph.Phase.Key) {
		return false
	}
	return st.runnable(s, ph, warn, done)
}

// runnable applies a step's own conditions, depends_on and skip_if, without
// asking whether it or its phase is already done.
func (st *state) runnable(s *steps.Step, ph *library.RoutePhase, warn bool, done func(id string) bool) bool {
	for _, d := range s.DependsOn {
		if !done(d) {
			if warn {
				st.m.warn(fmt.Sprintf("%s: step %s depends on %s, which is not completed; skipping it", s.Source, s.ID, d))
			}
			return false
		}
	}
	if s.SkipIf != "" {
		skip, err := stepfile.EvalSkipIf(s.SkipIf, st.facts(s, ph))
		if err != nil && warn {
			st.m.warn(fmt.Sprintf("%s:%d: skip_if %q does not parse (%v); treating it as false", s.Source, s.FieldLine("skip_if"), s.SkipIf, err))
		}
		if skip {
			return false
		}
	}
	return true
}

// current returns the first step that still has to run, or nils when the
// analysis is complete.
func (st *state) current() (*steps.Step, *library.RoutePhase) {
	for _, ph := range st.route.Phases {
		for _, s := range ph.Steps {
			if st.eligible(s, ph, false) {
				return s, ph
			}
		}
	}
	return nil, nil
}

// lastInPhase reports whether no step will follow s in its phase once s
// and the steps before it are completed.
func (st *state) lastInPhase(s *steps.Step, ph *library.RoutePhase) bool {
	for _, o := range st.laterInPhase(s, ph) {
		if st.eligibleIf(o, ph, false, st.doneBefore(o)) {
			return false
		}
	}
	return true
}

// laterInPhase lists the steps after s in its phase.
func (st *state) laterInPhase(s *steps.Step, ph *library.RoutePhase) []*steps.Step {
	for i, o := range ph.Steps {
		if o == s {
			return ph.Steps[i+1:]
		}
	}
	return nil
}

// doneBefore counts a dependency of o as met when it is completed or runs
// before o in the route: looking ahead, those steps will be done by then.
func (st *state) doneBefore(o *steps.Step) func(string) bool {
	return func(id string) bool {
		if st.meta.HasStep(id) {
			return true
		}
		for _, s := range st.route.Steps() {
			if s == o {
				return false
			}
			if s.ID == id {
				return true
			}
		}
		return false
	}
}

// nextPhase returns the phase after ph in the route, or nil.
func (st *state) nextPhase(ph *library.RoutePhase) *library.RoutePhase {
	for i, p := range st.route.Phases {
		if p == ph && i+1 < len(st.route.Phases) {
			return st.route.Phases[i+1]
		}
	}
	return nil
}

// previousPhase returns the phase before ph, or nil.
func (st *state) previousPhase(ph *library.RoutePhase) *library.RoutePhase {
	for i, p := range st.route.Phases {
		if p == ph && i > 0 {
			return st.route.Phases[i-1]
		}
	}
	return nil
}

// completedInPhase lists the phase's completed steps in route order.
func (st *state) completedInPhase(ph *library.RoutePhase) []*steps.Step {
	var out []*steps.Step
	for _, s := range ph.Steps {
		if st.meta.HasStep(s.ID) {
			out = append(out, s)
		}
	}
	return out
}

// answerFile parses a step's answer file from the worktree, cached.
func (st *state) answerFile(s *steps.Step) (*answers.File, error) {
	if f, ok := st.files[s.ID]; ok {
		if f == nil {
			return nil, os.ErrNotExist
		}
		return f, nil
	}
	rel := st.it.answerPath(s)
	data, err := st.read(rel)
	if errors.Is(err, os.ErrNotExist) {
		st.files[s.ID] = nil
		return nil, err
	}
	if err != nil {
		return nil, err
	}
	f, err := st.m.parsed().Parse(rel, data)
	if err != nil {
		return nil, err
	}
	if f.StepID != s.ID || f.Slug != st.it.slug {
		// A file copied from another step or analysis would otherwise have
		// its answers recorded under this one.
		line := 1 + bytes.Count(data[:max(0, bytes.Index(data, []byte("<!-- rtgit:file")))], []byte("\n"))
		return nil, fmt.Errorf("%s:%d: the file marker names step %s of %q, but this is the answer file of step %s of %q; restore the marker <!-- rtgit:file step=%s depth=%s slug=%s -->",
			rel, line, f.StepID, f.Slug, s.ID, st.it.slug, s.ID, f.Depth, st.it.slug)
	}
	st.files[s.ID] = f
	return f, nil
}

// lookup resolves a placeholder for prose and drafts.
func (st *state) lookup(name string) (string, bool) {
	switch name {
	case "description":
		return st.meta.Description, true
	case "slug":
		return st.it.slug, true
	case "scope", "complexity", "file_count", "file_range", "scope_record", "keywords", "candidate_files":
		return st.scanLookup(name)
	case TasksQuestion:
		return st.tasksDraft()
	case model.FilesQuestion:
		return st.filesDraft()
	}
	stepID, qid, ok := stepfile.SplitRef(name)
	if !ok {
		return "", false
	}
	s, _ := st.route.Step(stepID)
	if s == nil || !st.sees(s.ID) {
		return "", false
	}
	f, err := st.answerFile(s)
	if err != nil {
		return "", false
	}
	a, ok := f.Answer(qid)
	if !ok {
		return refAnswer(s, f, qid)
	}
	return a.Text, a.Answered
}

// source picks where an analysis is read from: the worktree when its
// branch is checked out, its branch tip otherwise.
func (m *Machine) source(slug string) string {
	if b, err := m.Repo.HeadBranch(); err == nil && b == BranchPrefix+slug {
		return ""
	}
	if ok, _ := m.Repo.BranchExists(BranchPrefix + slug); ok {
		return BranchPrefix + slug
	}
	return ""
}
