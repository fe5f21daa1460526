package steps

import (
	"regexp"
	"strings"
)

// Contribution is what one contributing persona brings to one step: the
// topics it matched on and the prompts drawn from its principles.
type Contribution struct {
	Persona Persona
	Topics  []string
	Prompts []string
}

// Topic reports whether the step is about topic: the step lists it under
// topics in its frontmatter, or the word appears in its title or in any of
// its questions (case-insensitively, as a whole word or its plural).
func (s *Step) Topic(topic string) bool {
	t := strings.ToLower(strings.TrimSpace(topic))
	if t == "" {
		return false
	}
	for _, st := range s.Topics {
		if strings.EqualFold(st, t) {
			return true
		}
	}
	re, err := regexp.Compile(`(?i)\b` + regexp.QuoteMeta(t) + `(?:s|es)?\b`)
	if err != nil {
		return false
	}
	if re.MatchString(s.Title) {
		return true
	}
	for _, q := range s.AllQuestions() {
		if re.MatchString(q.Text) {
			return true
		}
	}
	return false
}

// Contributors lists the contributing personas whose topics the step is
// about, in the order the personas are defined, each with its prompts:
// the step's own elaboration prompts for it, then one per principle.
func Contributors(personas []Persona, s *Step) []Contribution {
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
func PrinciplePrompts(p Persona, s *Step) []string {
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
