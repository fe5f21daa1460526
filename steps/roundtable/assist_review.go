package roundtable

import (
	"context"
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/assist"
	"github.com/rtgit/rtgit/steps/library"
)

// reviewPath sits beside the step's answer file.
func (st *state) reviewPath(s *steps.Step) string {
	return strings.TrimSuffix(st.it.answerPath(s), ".md") + ".review.md"
}

// review asks the reviewer to read a completed step's answers against the
// step's own validation criteria. Its notes are warnings in the lead
// persona's voice: they are said in the reply and committed beside the
// answer file, and they never stop the step.
func (st *state) review(c *changeset, r *Reply, cur *steps.Step, ph *library.RoutePhase, f *answers.File) {
	h := st.m.helpers()
	if h == nil || h.Reviewer == nil || st.inQuickScan(cur) {
		return
	}
	p := st.route.PersonaOf(cur)
	req := assist.ReviewRequest{Slug: st.it.slug, Description: st.meta.Description, Persona: p,
		Step: st.assistStep(cur, steps.Depth(f.Depth)), Answers: st.answersOf(cur)}
	notes, err := h.Reviewer.Review(context.Background(), req)
	if err != nil {
		st.m.helperFailed("review step "+cur.ID, err)
		return
	}
	var kept []assist.Text
	for _, n := range notes {
		if n = st.m.cleaned("review note", n); !n.Empty() {
			kept = append(kept, n)
		}
	}
	if len(kept) == 0 {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Review notes: Step %s: %s\n\n", cur.ID, cur.Title)
	fmt.Fprintf(&b, "_%s (%s) read the answers against the step's validation criteria. These notes are warnings to consider, never blockers._\n", p.Name, p.Role)
	for _, n := range kept {
		fmt.Fprintf(&b, "\n- %s\n\n  %s\n", indentRest(n.Text), provenanceNote(n.Prov))
		r.say(p.Name, "Review note: "+n.Text)
	}
	c.put(st.reviewPath(cur), []byte(b.String()))
}

// indentRest indents every line after the first, so a multi-line note
// stays inside its list item.
func indentRest(s string) string {
	return strings.ReplaceAll(s, "\n", "\n  ")
}

// handoffSummary is the incoming persona's summary of the previous phase's
// artifacts: the model's words when it can, else rtgit's own count.
func (st *state) handoffSummary(prev, ph *library.RoutePhase) string {
	h := st.m.helpers()
	if h == nil || h.Summariser == nil {
		return st.summary(prev)
	}
	arts := map[string]string{}
	for _, s := range prev.Steps {
		for _, o := range s.Outputs {
			rel := st.it.outputPath(o)
			if _, ok := arts[rel]; ok || strings.Contains(o, "*") {
				continue
			}
			if data, err := st.read(rel); err == nil {
				arts[rel] = string(data)
			}
		}
	}
	t, err := h.Summariser.Summarise(context.Background(), assist.HandoffRequest{Slug: st.it.slug, Description: st.meta.Description,
		From: prev.Persona, To: ph.Persona, Artifacts: arts})
	if err != nil || t.Empty() {
		st.m.helperFailed("summarise "+prev.Phase.Name, err)
		return st.summary(prev)
	}
	t = st.m.cleaned("handoff summary", t)
	return strings.Join(strings.Fields(t.Text), " ") + " " + provenanceNote(t.Prov)
}

// respond asks the responder for the lead persona's reply to a comment. A
// question it cannot answer from the analysis stays open: the reply says
// so and rtgit's own acknowledgment follows.
func (st *state) respond(cur *steps.Step, ph *library.RoutePhase, text string, q bool) ([]Line, bool) {
	h := st.m.helpers()
	if h == nil || h.Responder == nil {
		return nil, false
	}
	p := st.route.PersonaOf(cur)
	var all []assist.Answer
	for _, s := range st.route.Steps() {
		all = append(all, st.answersOf(s)...)
	}
	rep, err := h.Responder.Respond(context.Background(), assist.RespondRequest{Slug: st.it.slug, Description: st.meta.Description,
		Persona: p, Step: st.assistStep(cur, st.stepDepth(cur, ph)), Comment: text, Question: q, Answers: all})
	if err != nil || rep.Empty() {
		st.m.helperFailed("reply to the comment", err)
		return nil, false
	}
	rep.Text = st.m.cleaned("reply", rep.Text)
	if q && !rep.Answered {
		return []Line{{p.Name, rep.Text.Text + "\n\n" + provenanceNote(rep.Prov)}}, false
	}
	return []Line{{p.Name, rep.Text.Text + "\n\n" + provenanceNote(rep.Prov)}}, true
}
