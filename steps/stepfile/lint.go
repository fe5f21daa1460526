package stepfile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rtgit/rtgit/steps"
)

// Lint returns the checks of one parsed step that only matter to
// maintainers: the dialect a repository's file is written in and what
// rtgit made of it (info), skip_if expressions that do not parse and
// elaboration prompts naming none of personas. At run time a bad skip_if
// only warns.
func Lint(s *steps.Step, personas []steps.Persona) steps.Problems {
	var probs steps.Problems
	if !strings.HasPrefix(s.Source, "embedded:") {
		probs = append(probs, steps.Problem{Path: s.Source, Line: 1, Severity: steps.Info, Msg: DialectSummary(s)})
	}
	if s.SkipIf != "" {
		if _, err := ParseSkipIf(s.SkipIf); err != nil {
			probs = append(probs, steps.Problem{Path: s.Source, Line: s.FieldLine("skip_if"), Severity: steps.Error,
				Msg: "skip_if does not parse: " + err.Error()})
		}
	}
	for _, pr := range s.Elaboration {
		if _, ok := steps.FindPersona(personas, pr.Persona); !ok {
			keys := make([]string, len(personas))
			for i, ps := range personas {
				keys[i] = ps.Key
			}
			probs = append(probs, steps.Problem{Path: s.Source, Line: pr.Line, Severity: steps.Error,
				Msg: "elaboration prompt names unknown persona " + pr.Persona + " (known: " + strings.Join(keys, ", ") + ")"})
		}
	}
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
