package library

import (
	"strings"

	"github.com/rtgit/rtgit/steps"
)

// Contribution is what one contributing persona brings to one step: the
// topics it matched on and the prompts drawn from its principles.
type Contribution struct {
	Persona steps.Persona
	Topics  []string
	Prompts []string
}

// Contributors lists the contributing personas whose topics the step is
// about, in the order the personas are defined, each with its prompts:
// the step's own elaboration prompts for it, then one per principle.
func Contributors(personas []steps.Persona, s *steps.Step) []Contribution {
	var out []Contribution
	for _, p := range personas {
		if !p.Contributes {
			continue
		}
		var hit []string
		for _, t := range p.Topics {
			if s.Topic(t) {
				hit = append(hit, t)
			}
		}
		if len(hit) == 0 {
			continue
		}
		out = append(out, Contribution{Persona: p, Topics: hit, Prompts: PrinciplePrompts(p, s)})
	}
	return out
}

// PrinciplePrompts are what a contributing persona asks of a step: any
// prompt the step file gives it under ## Elaboration, then each of its
// principles put to this step.
func PrinciplePrompts(p steps.Persona, s *steps.Step) []string {
	var out []string
	for _, pr := range s.Elaboration {
		if pr.Persona == p.Key {
			out = append(out, pr.Text)
		}
	}
	for _, pr := range p.Principles {
		text := strings.TrimSpace(pr.Text)
		switch {
		case pr.Title != "" && text != "":
			out = append(out, pr.Title+": "+text+" How does that hold for "+strings.ToLower(s.Title)+"?")
		case text != "":
			out = append(out, text)
		}
	}
	return out
}
