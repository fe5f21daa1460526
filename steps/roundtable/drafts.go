package roundtable

import (
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/stepfile"
)

// A draft is rtgit's (or a model's) text in an answer area, left as it
// was written. It stays a draft, with its note, through every re-render
// of the open step (a depth change, a rebuild, a model refresh) until a
// person edits it. Drafted for the question asked at the file's depth,
// `rtgit next` on it is the person's confirmation, as its note says;
// drafted for another depth's wording of the question, it answers a
// question this depth does not ask, so it is no answer until edited.

// draftedAt returns the depth whose question text in the area of
// question id is still the untouched draft of, preferring d, and false
// when the text is a person's.
func (st *state) draftedAt(s *steps.Step, id, text string, d steps.Depth, f *answers.File) (steps.Depth, bool) {
	t := strings.TrimSpace(text)
	if t == "" || t == answers.Placeholder {
		return "", false
	}
	if f != nil {
		h := answers.TextHash(text)
		for _, m := range f.AI {
			if m.ID == id && m.Text == h && !m.Chosen {
				return d, true // a model's draft is drafted for the file's depth
			}
		}
	}
	var found []steps.Depth
	for _, at := range steps.Depths {
		for _, q := range s.Questions(at) {
			if q.ID == id && q.Draft != "" && t == strings.TrimSpace(stepfile.Expand(q.Draft, st.lookup)) {
				found = append(found, at)
			}
		}
	}
	for _, at := range found {
		if at == d {
			return d, true
		}
	}
	if len(found) > 0 {
		return found[0], true
	}
	return "", false
}

// carryDrafts marks the carried answers of the open step s that are
// still drafts, for the answer file to keep their notes. A finished
// step's answers were confirmed when it completed.
func (st *state) carryDrafts(s *steps.Step, d steps.Depth, carry map[string]string) map[string]string {
	if len(carry) == 0 || st.meta.HasStep(s.ID) {
		return nil
	}
	f, _ := st.answerFile(s)
	out := map[string]string{}
	for _, q := range s.Questions(d) {
		if text, ok := carry[q.ID]; ok {
			if at, ok := st.draftedAt(s, q.ID, text, d, f); ok {
				out[q.ID] = string(at)
			}
		}
	}
	return out
}

// staleDrafts is a "path:line: reason" for each question of the open
// step whose answer is still the draft of another depth's question.
func (st *state) staleDrafts(rel string, s *steps.Step, f *answers.File) []string {
	d := steps.Depth(f.Depth)
	var probs []string
	for _, q := range s.Questions(d) {
		a, ok := f.Answer(q.ID)
		if !ok || !a.Answered {
			continue
		}
		if at, ok := st.draftedAt(s, q.ID, a.Text, d, f); ok && at != d {
			probs = append(probs, fmt.Sprintf("%s:%d: `%s` still holds rtgit's draft for the question asked at %s depth; edit it so it answers this one", rel, a.Line, q.ID, at))
		}
	}
	return probs
}

// passesRules reports whether text meets every rule the step sets for
// question id: a draft that does not is offered as unfinished, never as
// something `rtgit next` would confirm.
func passesRules(s *steps.Step, id, text string) bool {
	for _, r := range s.RulesFor(id) {
		if checkRule(r, text) != "" {
			return false
		}
	}
	return true
}

// stageWithoutStaleNotes stages step s's answer file as the person left
// it, but for the draft notes above answers that are no longer drafts: a
// person wrote them, so "rtgit drafted this answer" (or "until a person
// edits it, it is not an answer") would say what did not happen. A draft
// left as it was keeps its note. extra, when set, rewrites the result
// further (the critic's review notes).
func (st *state) stageWithoutStaleNotes(c *changeset, s *steps.Step, extra func([]byte) []byte) error {
	rel := st.it.answerPath(s)
	data, staged := c.files[rel] // an unedited tasks answer derived again
	if !staged {
		var err error
		if data, err = st.m.readFile(rel); err != nil {
			return err
		}
	}
	out := data
	if f, err := answers.Parse(rel, data); err == nil {
		d := steps.Depth(f.Depth)
		for _, a := range f.Answers {
			if !a.Answered {
				continue
			}
			if _, drafted := st.draftedAt(s, a.ID, a.Text, d, f); drafted {
				continue
			}
			if _, drafted := f.Drafted(a.ID); drafted {
				continue
			}
			out = answers.DropDraftNote(out, a.ID)
		}
	}
	if extra != nil {
		out = extra(out)
	}
	if string(out) == string(data) && !staged {
		c.commitAsIs(rel)
		return nil
	}
	c.put(rel, out)
	c.userOwned[rel] = true
	return nil
}
