package library

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rtgit/rtgit/steps"
)

// Lint returns every problem in the plan's step files: those that made a
// step invalid at load time, plus checks that only matter to maintainers
// (skip_if expressions that do not parse, elaboration prompts naming
// unknown personas). At run time a bad skip_if only warns.
func Lint(p *Route) steps.Problems {
	probs := append(steps.Problems{}, p.Problems...)
	for _, s := range p.Steps() {
		if !strings.HasPrefix(s.Source, "embedded:") {
			probs = append(probs, steps.Problem{Path: s.Source, Line: 1, Severity: steps.Info, Msg: DialectSummary(s)})
		}
		if s.SkipIf != "" {
			if _, err := steps.ParseSkipIf(s.SkipIf); err != nil {
				probs = append(probs, steps.Problem{Path: s.Source, Line: s.FieldLine("skip_if"), Severity: steps.Error,
					Msg: "skip_if does not parse: " + err.Error()})
			}
		}
		for _, pr := range s.Elaboration {
			if _, ok := steps.FindPersona(p.Personas, pr.Persona); !ok {
				probs = append(probs, steps.Problem{Path: s.Source, Line: pr.Line, Severity: steps.Error,
					Msg: "elaboration prompt names unknown persona " + pr.Persona + " (known: " + strings.Join(p.personaKeys(), ", ") + ")"})
			}
		}
	}
	probs.Sort()
	return probs
}

// DialectSummary says which dialect a step is written in and what rtgit
// made of it: its questions, its prose criteria and where answers go.
func DialectSummary(s *steps.Step) string {
	var ids []string
	for _, q := range s.AllQuestions() {
		ids = append(ids, q.ID)
	}
	var targets []string
	for _, m := range s.Mappings {
		t := m.Output
		if m.Section != "" {
			t += "#" + m.Section
		}
		if m.Transform != "" {
			t += " as " + m.Transform
		}
		if !slices.Contains(targets, t) {
			targets = append(targets, t)
		}
	}
	msg := fmt.Sprintf("%s dialect: questions %s", s.Dialect, strings.Join(ids, ", "))
	if len(s.Criteria) > 0 {
		msg += fmt.Sprintf("; %d prose validation criteria", len(s.Criteria))
	}
	if len(targets) > 0 {
		msg += "; answers go to " + strings.Join(targets, ", ")
	}
	return msg
}
