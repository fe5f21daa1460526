package roundtable

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/library"
)

// summary is the incoming persona's 1–2 sentence digest of what the
// outgoing persona produced (FR-008 AC-008-03), built from the artifacts:
// rtgit has no model to paraphrase with, so it counts and quotes.
func (st *state) summary(prev *library.RoutePhase) string {
	var parts []string
	var outputs []string
	answered := 0
	for _, ph := range st.route.Phases {
		if ph.Persona.Key != prev.Persona.Key {
			continue
		}
		for _, s := range ph.Steps {
			for _, o := range s.Outputs {
				if !slices.Contains(outputs, o) {
					outputs = append(outputs, o)
				}
			}
			if f, err := st.answerFile(s); err == nil {
				for _, a := range f.Answers {
					if a.Answered {
						answered++
					}
				}
			}
		}
	}
	if spec, err := st.read(st.it.outputPath("requirements-spec.md")); err == nil && slices.Contains(outputs, "requirements-spec.md") {
		frs, nfrs := 0, 0
		for _, id := range model.IDs(string(spec)) {
			switch {
			case strings.HasPrefix(id, "FR-"):
				frs++
			case strings.HasPrefix(id, "NFR-"):
				nfrs++
			}
		}
		if frs > 0 {
			parts = append(parts, plural(frs, "functional requirement"))
		}
		if nfrs > 0 {
			parts = append(parts, plural(nfrs, "non-functional requirement"))
		}
	}
	if data, err := st.read(st.it.outputPath("user-stories.json")); err == nil && slices.Contains(outputs, "user-stories.json") {
		var stories []json.RawMessage
		if json.Unmarshal(data, &stories) == nil && len(stories) > 0 {
			parts = append(parts, plural(len(stories), "user story"))
		}
	}
	if names, err := st.list(st.it.dir()); err == nil {
		n := 0
		for _, name := range names {
			if strings.HasPrefix(name, "adr-") && strings.HasSuffix(name, ".md") {
				n++
			}
		}
		if n > 0 && slices.Contains(outputs, "adr-*.md") {
			parts = append(parts, plural(n, "architecture decision record"))
		}
	}
	lead := fmt.Sprintf("%s across %s", plural(answered, "answer"), steps.JoinAnd(outputs))
	if len(parts) > 0 {
		lead = steps.JoinAnd(parts) + ", from " + lead
	}
	out := lead + "."
	if desc := strings.TrimSpace(st.meta.Description); desc != "" {
		out = fmt.Sprintf("%s, for \"%s\".", lead, desc)
	}
	return strings.ToUpper(out[:1]) + out[1:]
}

// plural counts a noun whose plural is regular ("file", "story").
func plural(n int, noun string) string {
	many := noun + "s"
	if strings.HasSuffix(noun, "y") {
		many = strings.TrimSuffix(noun, "y") + "ies"
	}
	return steps.Count(n, noun, many)
}
