package plan

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rtgit/rtgit/model"
)

// Severities of a Problem. Errors make a plan wrong (it names what does
// not exist, or can never be finished); warnings say it leaves work out.
const (
	Error   = "error"
	Warning = "warning"
)

// The rules Check applies.
const (
	RuleUnknownID         = "task-unknown-id"
	RuleUnknownDependency = "task-unknown-dependency"
	RuleUnknownQuestion   = "task-unknown-question"
	RuleCycle             = "task-cycle"
	RuleMustUncovered     = "task-must-uncovered"
	RuleCriterionUntested = "task-criterion-untested"
	RuleFileUntouched     = "task-file-untouched"
	RuleCodeUntraced      = "task-code-untraced"
)

// Problem is one thing wrong with a plan. Line is the line of the task it
// is about, 0 when it is about the plan as a whole (a gap in coverage).
type Problem struct {
	Line     int
	Task     string
	Rule     string
	Severity string
	Msg      string
}

func (p Problem) String() string {
	return fmt.Sprintf("line %d: %s: %s [%s]", p.Line, p.Severity, p.Msg, p.Rule)
}

// Analysis is what a plan is checked against.
type Analysis struct {
	// IDs are the requirement, criterion, story, NFR and constraint ids
	// the analysis defines.
	IDs []string
	// MustHave are the requirements prioritised Must Have.
	MustHave []string
	// Criteria are the acceptance criteria, except those of a Won't Have
	// requirement, which is not built.
	Criteria []string
	// Affected are the Directly Affected Files.
	Affected []string
	// Questions are the ids of the analysis's questions, open or resolved.
	Questions []string
}

// AnalysisOf reads what a plan is checked against from the same sources
// it is derived from.
func AnalysisOf(src Sources) Analysis {
	var a Analysis
	prio := src.Priorities
	for _, r := range src.Requirements {
		a.IDs = append(a.IDs, r.ID)
		if strings.EqualFold(prio.Of[r.ID], "Must Have") {
			a.MustHave = append(a.MustHave, r.ID)
		}
		for _, c := range r.Criteria {
			a.IDs = append(a.IDs, c.ID)
			if !wontHave(prio.Of[r.ID]) {
				a.Criteria = append(a.Criteria, c.ID)
			}
		}
	}
	for _, s := range src.Stories {
		a.IDs = append(a.IDs, s.ID)
	}
	for _, n := range src.NFRs {
		a.IDs = append(a.IDs, n.ID)
	}
	// The constraints have no list of their own: a CON id the
	// requirements, the NFRs or another answer names is one the analysis
	// defines.
	for _, t := range append([]string{src.RequirementsText, src.NFRsText}, src.Other...) {
		for _, id := range model.IDs(t) {
			if strings.HasPrefix(id, "CON-") {
				a.IDs = append(a.IDs, id)
			}
		}
	}
	a.IDs = dedupe(a.IDs)
	a.Affected = slices.Clone(src.Affected)
	for _, q := range src.Questions {
		a.Questions = append(a.Questions, q.ID)
	}
	return a
}

// Check reports what is wrong with a plan: ids it traces that the
// analysis does not define, dependencies on tasks that do not exist, a
// cycle of dependencies (errors), and a Must Have requirement no task
// traces, a criterion no test task traces, an affected file no task
// touches (warnings). With a nil Analysis only the plan's own consistency
// is checked.
func Check(p Plan, a *Analysis) []Problem {
	var out []Problem
	ids := map[string]bool{}
	for _, t := range p.Tasks {
		ids[t.ID] = true
	}
	for _, t := range p.Tasks {
		for _, dep := range t.DependsOn {
			if !ids[dep] {
				out = append(out, Problem{t.Line, t.ID, RuleUnknownDependency, Error, fmt.Sprintf("%s waits for %s, which is not a task of the plan", t.ID, dep)})
			}
		}
		if a == nil {
			continue
		}
		for _, id := range t.Traces {
			if !slices.Contains(a.IDs, id) {
				out = append(out, Problem{t.Line, t.ID, RuleUnknownID, Error, fmt.Sprintf("%s traces %s, which the analysis does not define", t.ID, id)})
			}
		}
		for _, q := range t.BlockedBy {
			if !slices.Contains(a.Questions, q) {
				out = append(out, Problem{t.Line, t.ID, RuleUnknownQuestion, Error, fmt.Sprintf("%s is blocked by %s, which is not a question of the analysis", t.ID, q)})
			}
		}
	}
	out = append(out, cycles(p)...)
	if a == nil {
		return out
	}
	traced := func(id string, kind string) bool {
		return slices.ContainsFunc(p.Tasks, func(t Task) bool { return (kind == "" || t.Kind == kind) && slices.Contains(t.Traces, id) })
	}
	for _, id := range a.MustHave {
		if !traced(id, "") {
			out = append(out, Problem{0, "", RuleMustUncovered, Warning, fmt.Sprintf("the Must Have %s has no task", id)})
		}
	}
	// A criterion of a requirement about documentation is met by the
	// docs task that traces it, not by a test.
	for _, id := range a.Criteria {
		if !traced(id, KindTest) && !traced(id, KindDocs) {
			out = append(out, Problem{0, "", RuleCriterionUntested, Warning, fmt.Sprintf("the criterion %s has no test task", id)})
		}
	}
	// A code task should say why it exists. Only an analysis with
	// requirements can say so.
	if slices.ContainsFunc(a.IDs, func(id string) bool { return strings.HasPrefix(id, "FR-") }) {
		for _, t := range p.Tasks {
			if t.Kind == KindCode && len(t.Traces) == 0 {
				out = append(out, Problem{t.Line, t.ID, RuleCodeUntraced, Warning,
					fmt.Sprintf("%s traces no requirement: none names its module, its files or its interfaces", t.ID)})
			}
		}
	}
	for _, f := range a.Affected {
		if !slices.ContainsFunc(p.Tasks, func(t Task) bool { return slices.Contains(t.Files, f) }) {
			out = append(out, Problem{0, "", RuleFileUntouched, Warning, fmt.Sprintf("no task touches %s, a Directly Affected File", f)})
		}
	}
	return out
}

// cycles reports each cycle of dependencies once, at the line of the task
// in it that comes first in the plan.
func cycles(p Plan) []Problem {
	index := map[string]int{}
	for i, t := range p.Tasks {
		index[t.ID] = i
	}
	const (
		unseen = iota
		onPath
		done
	)
	state := make([]int, len(p.Tasks))
	var out []Problem
	var path []int
	var visit func(i int)
	visit = func(i int) {
		state[i] = onPath
		path = append(path, i)
		for _, dep := range p.Tasks[i].DependsOn {
			j, ok := index[dep]
			if !ok {
				continue
			}
			switch state[j] {
			case unseen:
				visit(j)
			case onPath:
				start := slices.Index(path, j)
				loop := slices.Clone(path[start:])
				first := slices.Min(loop)
				var names []string
				k := slices.Index(loop, first)
				for n := range loop {
					names = append(names, p.Tasks[loop[(k+n)%len(loop)]].ID)
				}
				names = append(names, p.Tasks[first].ID)
				t := p.Tasks[first]
				out = append(out, Problem{t.Line, t.ID, RuleCycle, Error, "the tasks wait for each other in a cycle: " + strings.Join(names, " after ")})
			}
		}
		path = path[:len(path)-1]
		state[i] = done
	}
	for i := range p.Tasks {
		if state[i] == unseen {
			visit(i)
		}
	}
	return out
}
