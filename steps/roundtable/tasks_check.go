package roundtable

import (
	"errors"
	"fmt"
	"os"

	"github.com/rtgit/rtgit/plan"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/critic"
)

// Plan returns an analysis's build plan as it stands on its branch (the
// worktree when the branch is checked out): the tasks answer of the
// finished step that asks for it, confirmed, or else the plan derived
// from the answers so far, not confirmed. This is how every command and
// the Action obtain the plan; see docs/tasks.md.
func (m *Machine) Plan(slug string) (*PlanState, error) {
	st, err := m.loadAt(slug, m.source(slug))
	if err != nil {
		return nil, err
	}
	return st.planState()
}

// planState reads the plan with impact-analysis.md as it stands.
func (st *state) planState() (*PlanState, error) {
	impact, err := st.read(st.it.outputPath("impact-analysis.md"))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	return st.currentPlan(impact)
}

// planFindings turns the plan's problems into the critic's findings: at
// their line of the tasks answer, or of tasks.md for a plan nobody
// confirmed. Jordan Park, who owns the design, says them.
func (st *state) planFindings(ps *PlanState) []critic.Finding {
	path := ps.Path
	if path == "" {
		path = st.it.outputPath(tasksOutput)
	}
	var out []critic.Finding
	for _, p := range ps.Problems {
		sev := critic.Warning
		if p.Severity == plan.Error {
			sev = critic.Error
		}
		line := p.Line
		if line == 0 {
			line = 1
		}
		out = append(out, critic.Finding{Path: path, Line: line, Rule: p.Rule, Severity: sev, Persona: "system-designer", Message: p.Msg})
	}
	return out
}

// tasksStatus adds the plan to a Status: its state, count and coverage,
// and, under Dangling, the tasks that name what no longer exists and the
// requirements added after a person edited the plan. A plan that cannot
// be read leaves the status without it; `rtgit check` reports why.
func (st *state) tasksStatus(s *Status) {
	ps, err := st.planState()
	if err != nil || len(ps.Plan.Tasks) == 0 && !ps.Asked {
		return
	}
	ts := &TasksStatus{State: ps.State(), Count: len(ps.Plan.Tasks), Summary: plan.Summary(ps.Plan), Coverage: ps.Coverage}
	for _, f := range st.planFindings(ps) {
		if f.Severity == critic.Error {
			ts.Errors++
		} else {
			ts.Warnings++
		}
		switch f.Rule {
		case plan.RuleUnknownID, plan.RuleUnknownDependency, plan.RuleUnknownQuestion, RuleUpstream:
			s.Dangling = append(s.Dangling, fmt.Sprintf("%s:%d: %s", f.Path, f.Line, f.Message))
		}
	}
	s.Tasks = ts
}

// planErrors are the build plan's errors when s is the step that asks for
// the plan, said as rtgit check says them: `next`, a revision and `check`
// decide on one reading of the plan, so they report the same problems.
// The plan's syntax errors are left out; validate names them, at the
// same lines.
func (st *state) planErrors(s *steps.Step) ([]string, error) {
	if ts := st.tasksStep(); ts == nil || ts != s {
		return nil, nil
	}
	ps, err := st.planState()
	if err != nil {
		return nil, err
	}
	var out []string
	for _, f := range st.planFindings(ps) {
		if f.Severity == critic.Error && f.Rule != "task-syntax" {
			out = append(out, st.sayFinding(f))
		}
	}
	return out, nil
}
