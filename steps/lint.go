package steps

import "strings"

// Lint returns every problem in the plan's step files: those that made a
// step invalid at load time, plus checks that only matter to maintainers
// (skip_if expressions that do not parse, elaboration prompts naming
// unknown personas). At run time a bad skip_if only warns.
func Lint(p *Plan) Problems {
	probs := append(Problems{}, p.Problems...)
	for _, s := range p.Steps() {
		if s.SkipIf != "" {
			if _, err := ParseSkipIf(s.SkipIf); err != nil {
				probs = append(probs, Problem{Path: s.Source, Line: s.FieldLine("skip_if"), Severity: Error,
					Msg: "skip_if does not parse: " + err.Error()})
			}
		}
		for _, pr := range s.Elaboration {
			if _, ok := FindPersona(p.Personas, pr.Persona); !ok {
				probs = append(probs, Problem{Path: s.Source, Line: pr.Line, Severity: Error,
					Msg: "elaboration prompt names unknown persona " + pr.Persona + " (known: " + strings.Join(p.personaKeys(), ", ") + ")"})
			}
		}
	}
	probs.Sort()
	return probs
}
