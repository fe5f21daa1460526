package roundtable

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"strings"

	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/plan"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
)

// TasksQuestion is the id of the question whose answer is the build plan.
const TasksQuestion = "tasks"

// tasksOutput is the build plan's artifact, in the item's folder.
const tasksOutput = "tasks.md"

// tasksStep is the step that asks the tasks question at some depth, nil
// when the analysis's steps have none.
func (st *state) tasksStep() *steps.Step { return st.stepAsking(TasksQuestion) }

// stepAsking is the first step that asks question id at some depth, nil
// when none does.
func (st *state) stepAsking(id string) *steps.Step {
	for _, s := range st.route.Steps() {
		for _, d := range steps.Depths {
			for _, q := range s.Questions(d) {
				if q.ID == id {
					return s
				}
			}
		}
	}
	return nil
}

// planSources gathers what the plan is derived from (plan.SourcesOf):
// the model of the finished steps' answers, with the Directly Affected
// Files of impactDoc, the open questions and the names at the root of the
// repository at the analysis's base commit.
func (st *state) planSources(impactDoc []byte) (plan.Sources, error) {
	var affected []model.AffectedFile
	for _, p := range model.ImpactFiles(impactDoc) {
		affected = append(affected, model.AffectedFile{Path: p})
	}
	// The read-only rows go along, marked, so that no task touches them.
	for _, p := range model.ImpactReadOnlyFiles(impactDoc) {
		affected = append(affected, model.AffectedFile{Path: p, Change: model.ChangeReadOnly})
	}
	a, err := st.readModel(affected, st.baseRoot())
	if err != nil {
		return plan.Sources{}, err
	}
	return plan.SourcesOf(a), nil
}

// changelog is the repository's changelog at the analysis's base commit,
// "" when it keeps none there.
func (st *state) changelog() string {
	for _, n := range st.baseRoot() {
		if plan.IsChangelog(n) {
			return n
		}
	}
	return ""
}

// baseRoot lists the names at the repository's root at the analysis's
// base commit, nil when there is none or it cannot be read.
func (st *state) baseRoot() []string {
	if st.meta.BaseCommit == "" {
		return nil
	}
	names, err := st.m.Repo.ListFiles(st.meta.BaseCommit, ".")
	if err != nil {
		names, err = st.m.Repo.ListFiles(st.meta.BaseCommit, "")
	}
	if err != nil {
		return nil
	}
	return names
}

// PlanState is an analysis's build plan as the commands show it.
type PlanState struct {
	Plan plan.Plan
	// Path is the answer file holding the confirmed tasks answer, and
	// Line the line its text starts on; "" and 0 for a derived plan.
	Path string
	Line int
	// Asked is false when the analysis's steps ask no tasks question, so
	// the derived plan is all there is.
	Asked bool
	// Edited is true when the confirmed answer is not the draft rtgit
	// last derived: a person changed it, so rtgit never rewrites it.
	Edited bool
	// Pending is true when the plan is the tasks answer of the open step
	// as the working tree has it, edited by a person and not confirmed
	// until the step is completed: what `check` would read, so a person
	// can check an edited plan before `next`.
	Pending bool
	// Problems are the plan's problems, their lines in Path.
	Problems []plan.Problem
	// Coverage is how much of the analysis the plan covers.
	Coverage plan.Coverage
}

// State is the plan's state in a word: "confirmed" (the tasks answer, as
// derived), "edited" (the tasks answer, changed by a person), "draft"
// (derived; the tasks question is not answered yet) or "unconfirmed"
// (derived; the steps ask no tasks question).
func (ps *PlanState) State() string {
	switch {
	case ps.Pending:
		return "editing"
	case ps.Path != "" && ps.Edited:
		return "edited"
	case ps.Path != "":
		return "confirmed"
	case ps.Asked:
		return "draft"
	}
	return "unconfirmed"
}

// currentPlan is the analysis's plan: the tasks answer of a finished step
// when there is one, otherwise the plan derived from the answers, not
// confirmed. impactDoc is impact-analysis.md as it stands.
func (st *state) currentPlan(impactDoc []byte) (*PlanState, error) {
	src, err := st.planSources(impactDoc)
	if err != nil {
		return nil, err
	}
	return st.planFrom(src)
}

// planFrom is currentPlan from the sources the caller already read: a
// render reads the analysis once and derives, checks and writes the plan
// from that one reading.
func (st *state) planFrom(src plan.Sources) (*PlanState, error) {
	derived := plan.Derive(src)
	ps := &PlanState{Plan: derived}
	a := plan.AnalysisOf(src)
	s := st.tasksStep()
	ps.Asked = s != nil
	if s != nil && !st.meta.HasStep(s.ID) {
		if err := st.pendingPlan(ps, s, derived); err != nil {
			return nil, err
		}
	} else if s != nil {
		f, err := st.answerFile(s)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
		if ans, ok := answerOf(f, TasksQuestion); ok && strings.TrimSpace(ans.Text) != notKnownYet {
			rel := st.it.answerPath(s)
			data, err := st.read(rel)
			if err != nil {
				return nil, err
			}
			p, perr := plan.Parse(ans.Text)
			ps.Plan, ps.Path = p.Confirm(), rel
			ps.Line = firstTextLine(bytes.Split(data, []byte("\n")), ans.Line)
			// The answer is the person's own when it is not the draft
			// rtgit last derived (meta.json's plan_draft).
			prev, err := st.meta.PlanDraft()
			if err != nil {
				return nil, err
			}
			ps.Edited = planDigest(ans.Text) != prev
			var lineErrs plan.Errors
			if errors.As(perr, &lineErrs) {
				for _, e := range lineErrs {
					ps.Problems = append(ps.Problems, plan.Problem{Line: e.Line, Rule: "task-syntax", Severity: plan.Error, Msg: e.Msg})
				}
			}
		}
	}
	ps.Problems = append(ps.Problems, plan.Check(ps.Plan, &a)...)
	ps.Coverage = plan.CoverageOf(ps.Plan, a)
	if ps.Edited {
		ps.Problems = append(ps.Problems, upstreamChanges(ps.Plan, derived)...)
	}
	for i := range ps.Problems {
		if ps.Path != "" {
			if ps.Problems[i].Line > 0 {
				ps.Problems[i].Line += ps.Line - 1
			} else {
				ps.Problems[i].Line = ps.Line
			}
		}
	}
	return ps, nil
}

// pendingPlan makes ps the tasks answer of the open step when a person
// has edited it away from the derived draft: the plan as it stands in the
// working tree, checked like a confirmed one but not confirmed.
func (st *state) pendingPlan(ps *PlanState, s *steps.Step, derived plan.Plan) error {
	if cur, _ := st.current(); cur != s {
		return nil
	}
	f, err := st.answerFile(s)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil
		}
		return err
	}
	ans, ok := answerOf(f, TasksQuestion)
	if !ok || strings.TrimSpace(ans.Text) == notKnownYet || strings.TrimSpace(ans.Text) == strings.TrimSpace(plan.Format(derived)) {
		return nil
	}
	rel := st.it.answerPath(s)
	data, err := st.read(rel)
	if err != nil {
		return err
	}
	p, perr := plan.Parse(ans.Text)
	ps.Plan, ps.Path, ps.Pending, ps.Edited = p, rel, true, true
	ps.Line = firstTextLine(bytes.Split(data, []byte("\n")), ans.Line)
	var lineErrs plan.Errors
	if errors.As(perr, &lineErrs) {
		for _, e := range lineErrs {
			ps.Problems = append(ps.Problems, plan.Problem{Line: e.Line, Rule: "task-syntax", Severity: plan.Error, Msg: e.Msg})
		}
	}
	return nil
}

// RuleUpstream is the review item for an edited plan that no longer
// covers what the answers now say.
const RuleUpstream = "task-upstream-change"

// upstreamChanges lists what the derived plan traces that an edited plan
// does not: a requirement, criterion or NFR added after the edit. The
// edit stands; a person decides what to do about each.
func upstreamChanges(edited, derived plan.Plan) []plan.Problem {
	have := map[string]bool{}
	for _, t := range edited.Tasks {
		for _, id := range t.Traces {
			have[id] = true
		}
	}
	var out []plan.Problem
	seen := map[string]bool{}
	for _, t := range derived.Tasks {
		for _, id := range t.Traces {
			if have[id] || seen[id] || !strings.HasPrefix(id, "FR-") && !strings.HasPrefix(id, "NFR-") {
				continue
			}
			seen[id] = true
			out = append(out, plan.Problem{Rule: RuleUpstream, Severity: plan.Warning,
				Msg: id + " is in the answers but no task of the edited plan traces it; the derived plan has it in \"" + t.Title + "\""})
		}
	}
	return out
}

func answerOf(f *answers.File, id string) (answers.Answer, bool) {
	if f == nil {
		return answers.Answer{}, false
	}
	a, ok := f.Answer(id)
	return a, ok && a.Answered
}

// planDigest is the digest meta.json records of a derived plan's text.
func planDigest(text string) string {
	sum := sha256.Sum256([]byte(strings.TrimSpace(text)))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// tasksDraft is the {{tasks}} placeholder: the plan derived from the
// answers given so far, in the line format.
func (st *state) tasksDraft() (string, bool) {
	if st.draftPlan == nil {
		impact, err := st.read(st.it.outputPath("impact-analysis.md"))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return "", false
		}
		src, err := st.planSources(impact)
		if err != nil {
			return "", false
		}
		text := strings.TrimSpace(plan.Format(plan.Derive(src)))
		st.draftPlan = &text
	}
	return *st.draftPlan, *st.draftPlan != ""
}
