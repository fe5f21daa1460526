package roundtable

import (
	"fmt"
	"sort"
	"strings"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/stepfile"
)

// A depth change asks a different set of questions, but what a person
// already answered is theirs: an answer to a question the new depth does
// not ask is kept in the answer file under "Answered earlier", in a block
// of its own, and counts like any answer. When a depth asks the question
// again, the answer is back under it.

// keptAnswers is what an answer file of s at depth d keeps of carry: each
// answer a person gave to a question d does not ask, in the step's
// question order, then answers to ids the step no longer asks at all.
// rtgit's own drafts and a model's drafts nobody changed are not kept:
// they are no one's answer yet, and are drafted again when asked. A
// model's suggestion someone ticked is theirs, and is kept with its
// provenance.
func (st *state) keptAnswers(s *steps.Step, d steps.Depth, carry map[string]string) []answers.Kept {
	if len(carry) == 0 {
		return nil
	}
	asked := map[string]bool{}
	for _, q := range s.Questions(d) {
		asked[q.ID] = true
	}
	f, _ := st.answerFile(s)
	var out []answers.Kept
	known := map[string]bool{}
	for _, q := range s.AllQuestions() {
		known[q.ID] = true
		text, ok := carry[q.ID]
		if !ok || asked[q.ID] || !st.given(s, q.ID, text, f) {
			continue
		}
		depths, wording := askedAt(s, q.ID)
		out = append(out, answers.Kept{ID: q.ID, Text: stepfile.Expand(wording, st.lookup), Body: text, AskedAt: depths})
	}
	var gone []string
	for id, text := range carry {
		if !known[id] && !asked[id] && st.given(s, id, text, f) {
			gone = append(gone, id)
		}
	}
	sort.Strings(gone)
	for _, id := range gone {
		out = append(out, answers.Kept{ID: id, Body: carry[id]})
	}
	return out
}

// given reports whether text, in the area of question id, is a person's
// answer rather than a draft left as it was drafted.
func (st *state) given(s *steps.Step, id, text string, f *answers.File) bool {
	t := strings.TrimSpace(text)
	if t == "" || t == answers.Placeholder {
		return false
	}
	// A question may be drafted at one depth and not at another, so
	// every depth's wording of it is looked at.
	for _, d := range steps.Depths {
		for _, q := range s.Questions(d) {
			if q.ID == id && q.Draft != "" && t == strings.TrimSpace(stepfile.Expand(q.Draft, st.lookup)) {
				return false
			}
		}
	}
	if f != nil {
		h := answers.TextHash(text)
		for _, m := range f.AI {
			if m.ID == id && m.Text == h && !m.Chosen {
				return false
			}
		}
	}
	return true
}

// askedAt names the depths that ask question id ("standard and deep"),
// and its wording at the first of them.
func askedAt(s *steps.Step, id string) (string, string) {
	var names []string
	wording := ""
	for _, d := range steps.Depths {
		for _, q := range s.Questions(d) {
			if q.ID == id {
				names = append(names, string(d))
				if wording == "" {
					wording = q.Text
				}
			}
		}
	}
	return steps.JoinAnd(names), wording
}

// keptIn lists the questions of s that f answers although depth d does
// not ask them: the kept answers, which count like any answer. Blocks
// for ids the step no longer asks are kept in the file but count for
// nothing, as no mapping names them.
func keptIn(s *steps.Step, f *answers.File, d steps.Depth) []steps.Question {
	if f == nil {
		return nil
	}
	asked := map[string]bool{}
	for _, q := range s.Questions(d) {
		asked[q.ID] = true
	}
	var out []steps.Question
	for _, q := range s.AllQuestions() {
		if a, ok := f.Answer(q.ID); ok && a.Answered && !asked[q.ID] {
			out = append(out, q)
		}
	}
	return out
}

// keptReply tells the user, after a depth change to d, which answers the
// file now keeps under "Answered earlier" and which are under their
// questions again.
func (st *state) keptReply(r *Reply, s *steps.Step, before, after *answers.File, d steps.Depth) {
	rel := st.it.answerPath(s)
	wasKept := map[string]bool{}
	for _, q := range keptIn(s, before, steps.Depth(before.Depth)) {
		wasKept[q.ID] = true
	}
	asked := map[string]bool{}
	var back []string
	for _, q := range s.Questions(d) {
		asked[q.ID] = true
		if a, ok := after.Answer(q.ID); ok && a.Answered && wasKept[q.ID] {
			back = append(back, "`"+q.ID+"`")
		}
	}
	switch len(back) {
	case 0:
	case 1:
		r.say("", fmt.Sprintf("Your answer to %s is back under its question in %s.", back[0], rel))
	default:
		r.say("", fmt.Sprintf("Your answers to %s are back under their questions in %s.", steps.JoinAnd(back), rel))
	}
	var kept []string
	for _, a := range after.Answers {
		if a.Answered && !asked[a.ID] {
			kept = append(kept, "`"+a.ID+"`")
		}
	}
	switch len(kept) {
	case 0:
	case 1:
		r.say("", fmt.Sprintf("%s depth does not ask %s, so your answer is kept under \"Answered earlier\" in %s. "+
			"It still goes into this step's documents, and comes back under its question at a depth that asks it.", steps.Capitalise(string(d)), kept[0], rel))
	default:
		r.say("", fmt.Sprintf("%s depth does not ask %s, so your answers are kept under \"Answered earlier\" in %s. "+
			"They still go into this step's documents, and come back under their questions at a depth that asks them.", steps.Capitalise(string(d)), steps.JoinOr(kept), rel))
	}
}
