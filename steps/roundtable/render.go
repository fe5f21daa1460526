package roundtable

import (
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/stepfile"
)

// AnswerTemplate is the template every answer file is rendered from.
const AnswerTemplate = "answer-file.md.tmpl"

// header is the seed's step header format.
func header(p steps.Persona, s *steps.Step) string {
	return fmt.Sprintf("%s (%s) -- Step %s: %s", p.Name, p.Role, s.ID, s.Title)
}

// greeting is the new-session greeting of interface-spec §5.6.
func greeting(p steps.Persona, ph steps.Phase) string {
	return fmt.Sprintf("Hi, I'm %s, your %s. I'll be guiding you through %s. Let's get started.", p.First(), p.Role, ph.Description)
}

// recovery is the resumed-session greeting of interface-spec §5.6.
func recovery(done []*steps.Step, next *steps.Step) string {
	titles := make([]string, len(done))
	for i, s := range done {
		titles[i] = s.Title
	}
	return fmt.Sprintf("Welcome back. Last time we completed %s. Let's pick up from %s.", steps.JoinAnd(titles), next.Title)
}

// phaseBoundary is the line of interface-spec §6 after a phase's last step.
func phaseBoundary(ph *library.RoutePhase, next *library.RoutePhase, slug string) string {
	if next == nil {
		return fmt.Sprintf("Phase %s (%s) complete. Analysis complete.", ph.Phase.Number, ph.Phase.Name)
	}
	return fmt.Sprintf("Phase %s (%s) complete. Continue to Phase %s (%s).", ph.Phase.Number, ph.Phase.Name, next.Phase.Number, next.Phase.Name)
}

// intro is what the persona says before a step's questions. A step in the
// middle of a phase needs no introduction unless the user is coming back.
func (st *state) intro(s *steps.Step, ph *library.RoutePhase, resume bool) []Line {
	p := st.route.PersonaOf(s)
	done := st.completedInPhase(ph)
	if len(done) > 0 {
		if resume {
			lines := []Line{{p.Name, recovery(done, s)}}
			if recall := st.elaborationRecall(ph); recall != "" {
				lines = append(lines, Line{p.Name, recall})
			}
			return lines
		}
		return nil
	}
	var lines []Line
	if prev := st.previousPhase(ph); prev != nil && prev.Persona.Key != ph.Persona.Key && st.meta.HasPhase(prev.Phase.Key) {
		lines = append(lines, Line{"", fmt.Sprintf("%s has finished %s. Handing off to %s (%s) who will %s.",
			prev.Persona.Name, prev.Phase.Description, ph.Persona.Name, ph.Persona.Role, ph.Phase.Activity)})
		lines = append(lines, Line{p.Name, fmt.Sprintf("I've reviewed %s's %s. Here's what I'm working with: %s",
			prev.Persona.First(), prev.Phase.Artifact, st.handoffSummary(prev, ph))})
	}
	lines = append(lines, Line{p.Name, greeting(p, ph.Phase)})
	if d, source := st.phaseDepth(ph); source == "quick-scan" {
		if a := library.Announcement(d); a != "" {
			lines = append(lines, Line{p.Name, a})
		}
	}
	return lines
}

// menu is the step menu of interface-spec §5.2.
func (st *state) menu(s *steps.Step, ph *library.RoutePhase) []answers.MenuItem {
	items := []answers.MenuItem{{Key: "E", Label: "Elaboration Mode -- bring all perspectives to discuss this topic"}}
	if !st.lastInPhase(s, ph) {
		return append(items,
			answers.MenuItem{Key: "C", Label: "Continue -- move to the next step"},
			answers.MenuItem{Key: "S", Label: "Skip remaining steps in this phase"})
	}
	if next := st.nextPhase(ph); next != nil {
		return append(items, answers.MenuItem{Key: "C", Label: fmt.Sprintf("Continue to Phase %s (%s)", next.Phase.Number, next.Phase.Name)})
	}
	return append(items, answers.MenuItem{Key: "C", Label: "Complete analysis"})
}

// view builds the open step's view at depth d.
func (st *state) view(s *steps.Step, ph *library.RoutePhase, d steps.Depth) *StepView {
	p := st.route.PersonaOf(s)
	v := &StepView{ID: s.ID, Title: s.Title, Header: header(p, s), Persona: p, Phase: ph.Phase, Depth: d,
		AnswerFile: st.it.answerPath(s), Menu: st.menu(s, ph)}
	for _, pr := range s.Prose(d) {
		v.Prose = append(v.Prose, stepfile.Expand(withoutSpeaker(pr, p), st.lookup))
	}
	for _, c := range s.Criteria {
		v.Criteria = append(v.Criteria, stepfile.Expand(c.Text, st.lookup))
	}
	for _, c := range library.Contributors(st.route.Personas, s) {
		ac := answers.Contributor{Name: c.Persona.Name, Role: c.Persona.Role}
		for _, pr := range c.Prompts {
			ac.Prompts = append(ac.Prompts, stepfile.Expand(pr, st.lookup))
		}
		v.Contributors = append(v.Contributors, ac)
	}
	f, _ := st.answerFile(s)
	for _, q := range s.Questions(d) {
		qv := QuestionView{ID: q.ID, Text: stepfile.Expand(q.Text, st.lookup), Required: !s.Optional(q.ID)}
		if f != nil {
			if a, ok := f.Answer(q.ID); ok {
				qv.Answered, qv.Line = a.Answered, a.Line
				if at, ok := st.draftedAt(s, q.ID, a.Text, d, f); ok && a.Answered && !st.meta.HasStep(s.ID) {
					qv.DraftedAt, qv.Answered = string(at), at == d
					qv.Unfinished = !passesRules(s, q.ID, a.Text)
				}
			}
		}
		v.Questions = append(v.Questions, qv)
	}
	return v
}

// renderAnswerFile renders s at depth d, keeping answers from carry.
func (st *state) renderAnswerFile(s *steps.Step, ph *library.RoutePhase, d steps.Depth, intro []Line, carry map[string]string, feedback string) ([]byte, error) {
	intro = append(intro, st.priorContext(s)...)
	return st.renderView(st.answerView(s, ph, d, intro, carry, feedback))
}

// answerView is what an answer file of s at depth d is rendered from.
func (st *state) answerView(s *steps.Step, ph *library.RoutePhase, d steps.Depth, intro []Line, carry map[string]string, feedback string) answers.View {
	v := st.view(s, ph, d)
	av := answers.View{StepID: s.ID, Slug: st.it.slug, Depth: string(d), DepthWhy: st.depthWhy(ph), Header: v.Header,
		Prose: v.Prose, Menu: v.Menu, Carry: carry, Feedback: feedback, CarryAI: st.carryAI(s, carry), CarryDraft: st.carryDrafts(s, d, carry)}
	av.Criteria, av.Contributors = v.Criteria, v.Contributors
	av.Kept = st.keptAnswers(s, d, carry)
	drafts := st.aiDrafts(s, d, carry)
	if len(drafts) > 0 {
		av.Withheld = st.withheldFiles()
	}
	for _, l := range intro {
		av.Intro = append(av.Intro, l.Text)
	}
	for i, q := range s.Questions(d) {
		aq := answers.Question{ID: q.ID, Text: stepfile.Expand(q.Text, st.lookup), Optional: s.Optional(q.ID)}
		if q.Draft != "" {
			aq.Prefill = stepfile.Expand(q.Draft, st.lookup)
		}
		if i == 0 && st.draft != "" {
			aq.Prefill = st.draft
		}
		aq.Unfinished = aq.Prefill != "" && !passesRules(s, q.ID, aq.Prefill)
		aq.AI = drafts[q.ID]
		av.Questions = append(av.Questions, aq)
	}
	return av
}

// renderView renders an answer file through the answer-file template.
// A model's drafts are the one part of the view nobody checked: when the
// file does not render with them, it is rendered without them, with a
// warning, so a model's reply can never stop a step.
func (st *state) renderView(av answers.View) ([]byte, error) {
	tmpl, source, err := st.m.Templates.Read(AnswerTemplate)
	if err != nil {
		return nil, err
	}
	out, err := st.m.parsed().Render(source, string(tmpl), av)
	if err != nil {
		plain, dropped := withoutDrafts(av)
		if len(dropped) == 0 {
			return nil, err
		}
		var err2 error
		if out, err2 = st.m.parsed().Render(source, string(tmpl), plain); err2 != nil {
			return nil, err
		}
		st.m.warn(fmt.Sprintf("the model's drafts of %s broke step %s's answer file (%v); asking the questions plainly",
			steps.JoinAnd(dropped), av.StepID, err))
	}
	return st.withResolved(av.StepID, out)
}

// withoutDrafts is av with no model drafts or suggestions, and the ids
// of the questions that had one.
func withoutDrafts(av answers.View) (answers.View, []string) {
	var dropped []string
	qs := make([]answers.Question, len(av.Questions))
	for i, q := range av.Questions {
		if q.AI != nil {
			dropped = append(dropped, "`"+q.ID+"`")
			q.AI = nil
		}
		qs[i] = q
	}
	av.Questions = qs
	return av, dropped
}

// withoutSpeaker drops a leading "Maya Chen:" from prose written in the
// seed's style: the header already says who is speaking.
func withoutSpeaker(prose string, p steps.Persona) string {
	t := strings.TrimLeft(prose, " ")
	for _, name := range []string{p.Name, p.First()} {
		for _, label := range []string{"**" + name + ":**", "**" + name + "**:", name + ":"} {
			if name != "" && strings.HasPrefix(t, label) {
				return strings.TrimSpace(t[len(label):])
			}
		}
	}
	return prose
}
