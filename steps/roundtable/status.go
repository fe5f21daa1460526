package roundtable

import (
	"fmt"

	"github.com/rtgit/rtgit/plan"

	"github.com/rtgit/rtgit/signoff"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/stepfile"
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
	// Branch is the analysis branch it is read from; "" when that branch
	// is gone (as once merged) and the analysis is read from the
	// worktree, which Worktree then names.
	Branch string `json:"branch"`
	// Worktree is the branch (or, detached, the commit) checked out where
	// the analysis was read, when that is not its own branch.
	Worktree string `json:"worktree,omitempty"`
	// Merged: the base branch, Base, holds the analysis; MergedIn is the
	// commit that brought it there, as the prior analyses name it.
	Merged   bool   `json:"merged,omitempty"`
	Base     string `json:"base,omitempty"`
	MergedIn string `json:"merged_in,omitempty"`
	// OpenQuestions are the tracked questions not yet resolved.
	OpenQuestions []meta.OpenQuestion `json:"open_questions,omitempty"`
	// Closed says the analysis was abandoned or deferred, and why.
	Closed *meta.Closed `json:"closed,omitempty"`
	// ReviewItems are the finished steps a refresh asked a person to check
	// against changed code, until they revise the step or mark it reviewed.
	ReviewItems []meta.ReviewItem `json:"review_items,omitempty"`
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
	// Route is the route of that library, for callers that draw the phases.
	Route *library.Route `json:"-"`
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
	DepthWhy   string           `json:"depth_from"` // where the depth came from, and how to change it
	AnswerFile string           `json:"answer_file"`
	Questions  []QuestionStatus `json:"questions"`
	// Kept are the answers kept under "Answered earlier": questions this
	// depth does not ask, answered at another (kept.go).
	Kept []QuestionStatus `json:"kept,omitempty"`
	// Menu is the step's menu, which `rtgit status` names the commands of.
	Menu []answers.MenuItem `json:"-"`
}

// QuestionStatus is one question of the open step.
type QuestionStatus struct {
	ID       string `json:"id"`
	Text     string `json:"text"`
	Required bool   `json:"required"`
	Answered bool   `json:"answered"`
}

// Status describes one analysis.
func (m *Machine) Status(slug string) (*Status, error) {
	src := m.source(slug)
	st, err := m.loadAt(slug, src)
	if err != nil {
		return nil, err
	}
	s := st.status()
	if src == "" {
		m.whereRead(s)
	}
	return s, nil
}

// whereRead says where an analysis read from the worktree comes from when
// the worktree is not on its branch: that branch is gone, and the
// analysis is the one the base branch holds (merged, as the list calls
// it) or whatever the checked-out branch has.
func (m *Machine) whereRead(s *Status) {
	head, err := m.Repo.HeadBranch()
	if err == nil && head == s.Branch {
		return
	}
	if err != nil || head == "" {
		c, _ := m.Repo.HeadCommit()
		head = shortHash(c)
	}
	s.Branch, s.Worktree = "", head
	tr, ok := m.Repo.(Tracker)
	if !ok {
		return
	}
	base, tip, err := tr.BaseTip()
	if err != nil {
		return
	}
	it := m.item(s.Slug)
	data, err := m.Repo.ReadFileAt(tip, it.metaPath())
	if err != nil {
		return
	}
	if md, err := meta.Parse(tip+":"+it.metaPath(), data); err != nil || md.Slug != s.Slug {
		return // another tool's folder, not this analysis merged
	}
	s.Merged, s.Base, s.MergedIn = true, base, tip
	if ch, ok := m.Repo.(Chronicler); ok {
		if o, err := ch.FirstCommit(tip, it.metaPath()); err == nil {
			s.MergedIn = o.Hash
		}
	}
}

func (st *state) status() *Status {
	md := st.meta
	s := &Status{Slug: st.it.slug, Description: md.Description, AnalysisStatus: md.AnalysisStatus,
		PhasesCompleted: md.PhasesCompleted, StepsCompleted: md.StepsCompleted,
		StepsTotal: len(st.route.Steps()), Branch: st.it.branch(), Revised: []string{}, Dangling: []string{},
		Library: st.route.Library, Route: st.route, SourceID: md.SourceID, SourceURL: md.SourceURL}
	s.Closed, _ = md.ClosedRecord(st.it.metaPath()) // a malformed record: check reports it
	s.ReviewItems, _ = md.ReviewItems(st.it.metaPath())
	s.OpenQuestions, _ = st.meta.OpenQuestions()
	st.revisionStatus(s)
	s.SignOff = st.signOff()
	st.tasksStatus(s)
	st.filesStatus(s)
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
	ss := &StepStatus{ID: cur.ID, Title: cur.Title, Persona: cur.Persona, Depth: string(d), DepthWhy: st.depthWhy(ph), AnswerFile: v.AnswerFile, Questions: []QuestionStatus{}, Menu: v.Menu}
	for _, q := range v.Questions {
		ss.Questions = append(ss.Questions, QuestionStatus{q.ID, q.Text, q.Required, q.Answered})
	}
	for _, q := range keptIn(cur, f, d) {
		_, wording := askedAt(cur, q.ID)
		ss.Kept = append(ss.Kept, QuestionStatus{ID: q.ID, Text: stepfile.Expand(wording, st.lookup), Answered: true})
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
	if s.Library != library.DefaultLibrary {
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
