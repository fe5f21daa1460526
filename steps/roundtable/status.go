package roundtable

import (
	"errors"
	"fmt"
	"github.com/rtgit/rtgit/plan"
	"os"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/rtgit/rtgit/portfolio"
	"github.com/rtgit/rtgit/signoff"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/artifacts"
	"github.com/rtgit/rtgit/steps/critic"
	"github.com/rtgit/rtgit/steps/meta"
)

// Status is the JSON shape of `rtgit status <slug> --json`.
type Status struct {
	Slug            string      `json:"slug"`
	Description     string      `json:"description"`
	AnalysisStatus  string      `json:"analysis_status"`
	Phase           string      `json:"phase"` // "" once complete
	Depth           string      `json:"depth"`
	PhasesCompleted []string    `json:"phases_completed"`
	StepsCompleted  []string    `json:"steps_completed"`
	StepsTotal      int         `json:"steps_total"`
	Step            *StepStatus `json:"step"`
	Branch          string      `json:"branch"`
	// OpenQuestions are the tracked questions not yet resolved.
	OpenQuestions []meta.OpenQuestion `json:"open_questions,omitempty"`
	// Revised lists the finished steps whose answers were edited since
	// their artifacts were rendered; `rtgit next` applies them.
	Revised []string `json:"revised"`
	// Dangling names, as "path:line: …", answers that refer to a
	// requirement, story, module or decision no step defines any more.
	Dangling []string `json:"dangling"`
	// Staleness is set by callers that compared the analysis with its base
	// branch (Machine.Staleness); Status itself never walks history.
	Staleness *Staleness `json:"staleness,omitempty"`
	// Neighbours are the other analyses that overlap this one, and the
	// merged ones that decided about the same code; set by callers
	// (Machine.Neighbours), like Staleness.
	*Neighbours
	// Library is the step library the analysis follows ("feature", "bug").
	Library string `json:"library"`
	// SignOff is every sign-off area with its state and approvals.
	SignOff []signoff.AreaStatus `json:"signoff"`
	// SourceID and SourceURL name the item the analysis started from,
	// such as GH-7 and its issue's address.
	SourceID  string `json:"source_id,omitempty"`
	SourceURL string `json:"source_url,omitempty"`
	// Plan is the plan of that library, for callers that draw the phases.
	Plan *steps.Plan `json:"-"`
	// Tasks is the build plan's state, count and coverage.
	Tasks *TasksStatus `json:"tasks,omitempty"`
}

// TasksStatus is the build plan in a Status.
type TasksStatus struct {
	State    string        `json:"state"` // see PlanState.State
	Count    int           `json:"count"`
	Summary  string        `json:"summary"` // "22 tasks: 10 tests, …"
	Coverage plan.Coverage `json:"coverage"`
	Errors   int           `json:"errors"`
	Warnings int           `json:"warnings"`
}

// StepStatus is the open step in a Status.
type StepStatus struct {
	ID         string           `json:"id"`
	Title      string           `json:"title"`
	Persona    string           `json:"persona"`
	Depth      string           `json:"depth"`
	AnswerFile string           `json:"answer_file"`
	Questions  []QuestionStatus `json:"questions"`
	// Kept are the answers kept under "Answered earlier": questions this
	// depth does not ask, answered at another (kept.go).
	Kept []QuestionStatus `json:"kept,omitempty"`
}

// QuestionStatus is one question of the open step.
type QuestionStatus struct {
	ID       string `json:"id"`
	Text     string `json:"text"`
	Required bool   `json:"required"`
	Answered bool   `json:"answered"`
}

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
	// State is the open step's id, "ready", or "merged".
	State string
	// Staleness is the staleness level against the base branch.
	Staleness string
	// Tasks counts the build plan's tasks.
	Tasks int
	// SignOff is each area's recorded sign-off state.
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

// Status describes one analysis.
func (m *Machine) Status(slug string) (*Status, error) {
	st, err := m.loadAt(slug, m.source(slug))
	if err != nil {
		return nil, err
	}
	return st.status(), nil
}

func (st *state) status() *Status {
	md := st.meta
	s := &Status{Slug: st.it.slug, Description: md.Description, AnalysisStatus: md.AnalysisStatus,
		PhasesCompleted: md.PhasesCompleted, StepsCompleted: md.StepsCompleted,
		StepsTotal: len(st.plan.Steps()), Branch: st.it.branch(), Revised: []string{}, Dangling: []string{},
		Library: st.plan.Library, Plan: st.plan, SourceID: md.SourceID, SourceURL: md.SourceURL}
	s.OpenQuestions, _ = st.meta.OpenQuestions()
	st.revisionStatus(s)
	s.SignOff = st.signOff()
	st.tasksStatus(s)
	cur, ph := st.current()
	if cur == nil {
		return s
	}
	s.Phase = ph.Phase.Key
	d := st.stepDepth(cur, ph)
	f, err := st.answerFile(cur)
	if err == nil {
		d = steps.Depth(f.Depth)
	}
	s.Depth = string(d)
	v := st.view(cur, ph, d)
	ss := &StepStatus{ID: cur.ID, Title: cur.Title, Persona: cur.Persona, Depth: string(d), AnswerFile: v.AnswerFile, Questions: []QuestionStatus{}}
	for _, q := range v.Questions {
		ss.Questions = append(ss.Questions, QuestionStatus{q.ID, q.Text, q.Required, q.Answered})
	}
	for _, q := range keptIn(cur, f, d) {
		_, wording := askedAt(cur, q.ID)
		ss.Kept = append(ss.Kept, QuestionStatus{ID: q.ID, Text: steps.Expand(wording, st.lookup), Answered: true})
	}
	s.Step = ss
	return s
}

// StatusReply is `/rtgit status` as a conversational reply.
func (m *Machine) StatusReply(slug string) (*Reply, error) {
	st, err := m.loadAt(slug, m.source(slug))
	if err != nil {
		return nil, err
	}
	r := &Reply{}
	s := st.status()
	kind := ""
	if s.Library != steps.DefaultLibrary {
		kind = " (" + s.Library + " analysis)"
	}
	r.say("", fmt.Sprintf("%s%s: %s, %d of %d steps done.", slug, kind, s.AnalysisStatus, len(s.StepsCompleted), s.StepsTotal))
	if cur, ph := st.current(); cur != nil {
		r.Lines = append(r.Lines, st.intro(cur, ph, true)...)
		r.Step = st.view(cur, ph, steps.Depth(s.Depth))
	} else {
		r.Done = true
	}
	return r, nil
}

// List summarises every analysis: each analysis branch, local or only on
// origin, and each analysis already merged into the base branch. Its cost
// has to stay linear in the number of branches: the plan is loaded once,
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
	plans := map[string]*steps.Plan{}
	planFor := func(lib string) (*steps.Plan, error) {
		if p, ok := plans[lib]; ok {
			return p, nil
		}
		p, err := m.plan(lib)
		if err != nil {
			return nil, err
		}
		plans[lib] = p
		return p, nil
	}
	if _, err := planFor(""); err != nil {
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
		st, err := m.loadListed(b.slug, b.rev, b.label, planFor)
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
		st, err := m.loadListed(slug, tip, "the base branch", planFor)
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

// loadListed is loadAt for List: the plan is given, and errors name the
// branch (label) even when rev is its commit.
func (m *Machine) loadListed(slug, rev, label string, planFor func(library string) (*steps.Plan, error)) (*state, error) {
	if err := ValidateSlug(slug); err != nil {
		return nil, err
	}
	it := item{slug}
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
		st.plan, err = planFor(lib)
	}
	if err != nil {
		return nil, err
	}
	return st, nil
}

// Readiness is the result of `rtgit check`.
type Readiness struct {
	Slug           string   `json:"slug"`
	Ready          bool     `json:"ready"`
	AnalysisStatus string   `json:"analysis_status"`
	Missing        []string `json:"missing"`        // expected artifacts that do not exist
	Clarifications []string `json:"clarifications"` // "path:line: [NEEDS CLARIFICATION: …]"
	Outline        []string `json:"outline"`        // "path: the section … is missing"; see outline.go
	// OpenQuestions are the tracked questions nobody has resolved yet.
	OpenQuestions []meta.OpenQuestion `json:"open_questions"`
	// Staleness compares the analysis with its base branch; a warning
	// fails the gate unless the caller allows it (see Stale).
	Staleness *Staleness `json:"staleness"`
	// Handoff is what a build tool reads instead of the markdown.
	*Handoff
	// Neighbours are the open analyses that plan to change the same code
	// (warnings, failing only --strict) and the merged analyses whose
	// decisions concern it.
	*Neighbours
	// Review is what the requirements critic found in the answers: errors
	// make the analysis not ready, warnings only under --strict.
	Review []ReviewNote `json:"review"`
	// Acceptance lists every recorded approval and request for changes,
	// with its state now (current, stale, changes_requested).
	Acceptance []signoff.Approval `json:"acceptance"`
	// SignOff is each area's state; SignOffMissing the required areas
	// the policy (`signoff:` in .rtgit/config.yaml) finds short, which
	// make the analysis not ready.
	SignOff        []signoff.AreaStatus `json:"signoff"`
	SignOffMissing []signoff.Missing    `json:"signoff_missing"`
	// Tasks is the build plan (see Plan); the critic's review covers it.
	Tasks []plan.Task `json:"tasks"`
}

// ReviewNote is one critic finding, with the line the persona says.
type ReviewNote struct {
	critic.Finding
	Text string `json:"text"` // "path:line: Maya Chen: message [rule]"
}

// Check is the build-readiness gate: the analysis is analyzed, every
// expected artifact exists, and none holds a NEEDS CLARIFICATION marker.
func (m *Machine) Check(slug string) (*Readiness, error) {
	st, err := m.loadAt(slug, m.source(slug))
	if err != nil {
		return nil, err
	}
	r := &Readiness{Slug: slug, AnalysisStatus: st.meta.AnalysisStatus, Missing: []string{}, Clarifications: []string{}, Outline: []string{}}
	templateOf := map[string]string{}
	seen := map[string]bool{}
	var files []string
	for _, ph := range st.plan.Phases {
		for _, s := range ph.Steps {
			if !st.expected(s, ph) {
				continue
			}
			for _, o := range s.Outputs {
				found, err := st.resolveOutput(o)
				if err != nil {
					return nil, err
				}
				if len(found) == 0 && !seen[o] {
					r.Missing = append(r.Missing, st.it.outputPath(o))
				}
				seen[o] = true
				for _, f := range found {
					if !contains(files, f) {
						files = append(files, f)
						templateOf[f] = o
					}
				}
			}
		}
	}
	for _, f := range files {
		data, err := st.read(f)
		if err != nil {
			return nil, err
		}
		for _, mk := range artifacts.Clarifications(data, path.Ext(f) == ".md") {
			r.Clarifications = append(r.Clarifications, fmt.Sprintf("%s:%d: %s", f, mk.Line, mk.Text))
		}
		problems, err := st.checkOutline(templateOf[f], data)
		if err != nil {
			return nil, err
		}
		for _, p := range problems {
			r.Outline = append(r.Outline, f+": "+p)
		}
	}
	if r.OpenQuestions, err = st.meta.OpenQuestions(); err != nil {
		return nil, err
	}
	if r.OpenQuestions == nil {
		r.OpenQuestions = []meta.OpenQuestion{}
	}
	cfg, err := st.criticConfig()
	if err != nil {
		return nil, err
	}
	in, err := st.criticAnswers(nil, nil)
	if err != nil {
		return nil, err
	}
	r.Review = []ReviewNote{}
	errs := 0
	ps, err := st.planState()
	if err != nil {
		return nil, err
	}
	r.Tasks = ps.Plan.Tasks
	if r.Tasks == nil {
		r.Tasks = []plan.Task{}
	}
	for _, f := range append(critic.Check(cfg, in), st.planFindings(ps)...) {
		r.Review = append(r.Review, ReviewNote{f, st.sayFinding(f)})
		if f.Severity == critic.Error {
			errs++
		}
	}
	policy, err := m.policy()
	if err != nil {
		return nil, err
	}
	r.SignOff = st.signOff()
	r.Acceptance = acceptanceOf(r.SignOff)
	r.SignOffMissing = policy.Gate(r.SignOff, st.authors())
	if r.SignOffMissing == nil {
		r.SignOffMissing = []signoff.Missing{}
	}
	r.Ready = st.meta.AnalysisStatus == "analyzed" && len(r.Missing) == 0 && len(r.Clarifications) == 0 && len(r.Outline) == 0 && len(r.OpenQuestions) == 0 && errs == 0 &&
		len(r.SignOffMissing) == 0
	if r.Staleness, err = st.staleness(); err != nil {
		return nil, err
	}
	if r.Handoff, err = st.handoff(); err != nil {
		return nil, err
	}
	if r.Neighbours, err = st.neighbours(); err != nil {
		return nil, err
	}
	return r, nil
}

// expected reports whether a step's outputs should exist: steps ruled out
// by skip_if or unmet dependencies produce nothing.
func (st *state) expected(s *steps.Step, ph *steps.PlanPhase) bool {
	if st.meta.HasStep(s.ID) {
		return true
	}
	for _, d := range s.DependsOn {
		if !st.meta.HasStep(d) && !st.meta.HasPhase(ph.Phase.Key) {
			return false
		}
	}
	if s.SkipIf != "" {
		if skip, _ := steps.EvalSkipIf(s.SkipIf, st.facts(s, ph)); skip {
			return false
		}
	}
	return true
}

// resolveOutput lists the files an output key names; a family like
// adr-*.md may name several.
func (st *state) resolveOutput(o string) ([]string, error) {
	rel := st.it.outputPath(o)
	if !strings.Contains(o, "*") {
		if _, err := st.read(rel); err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return nil, nil
			}
			return nil, err
		}
		return []string{rel}, nil
	}
	names, err := st.list(path.Dir(rel))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	var out []string
	for _, n := range names {
		if ok, _ := path.Match(path.Base(rel), n); ok {
			out = append(out, path.Join(path.Dir(rel), n))
		}
	}
	sort.Strings(out)
	return out, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
