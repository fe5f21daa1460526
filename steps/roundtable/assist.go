package roundtable

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/internal/quiet"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/assist"
	"github.com/rtgit/rtgit/steps/critic"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/stepfile"
)

// The optional helpers (see package assist) are asked at a few points of a
// step's life. Each call here has the same shape: ask, clean the result,
// check it like a person's answer, and on any failure warn and do what
// rtgit does without a helper. Nothing a helper says can block a step.

func (m *Machine) helpers() *assist.Set {
	if m.Assist.Enabled() {
		return m.Assist
	}
	return nil
}

// helperFailed warns about a helper's failure, except a deliberate
// decline (the helper already said why, once).
func (m *Machine) helperFailed(what string, err error) {
	if err != nil && !errors.Is(err, assist.ErrDeclined) {
		m.warn(fmt.Sprintf("the model could not %s (%v); carrying on without it", what, err))
	}
}

// cleaned applies assist.Clean and quiet.Markdown, the quieting quoted
// comments get, and warns about what it had to change. Every model text
// passes here before it is written to a file or said in a reply.
func (m *Machine) cleaned(what string, t assist.Text) assist.Text {
	text, changed := assist.Clean(t.Text)
	if q := quiet.Markdown(text, m.LinkHost); q != text {
		text = q
		changed = append(changed, "mentions, images and outside links quieted")
	}
	if len(changed) > 0 {
		m.warn(fmt.Sprintf("the model's %s needed cleaning: %s", what, strings.Join(changed, ", ")))
	}
	t.Text = text
	return t
}

// assistStep describes s at depth d for a helper.
func (st *state) assistStep(s *steps.Step, d steps.Depth) assist.Step {
	as := assist.Step{ID: s.ID, Title: s.Title, Depth: d}
	for _, p := range s.Prose(d) {
		as.Prose = append(as.Prose, stepfile.Expand(p, st.lookup))
	}
	for _, r := range s.Rules {
		as.Validation = append(as.Validation, ruleText(r))
	}
	as.Validation = append(as.Validation, st.proseCriteria(s)...)
	for _, mp := range s.Mappings {
		target := mp.Output
		if mp.Section != "" {
			target += "#" + mp.Section
		}
		if mp.Transform != "" {
			target += " as " + mp.Transform
		}
		as.Artifacts = append(as.Artifacts, fmt.Sprintf("%s -> %s", mp.Question, target))
	}
	return as
}

// ruleText says a validation rule in words, as the step file does.
func ruleText(r steps.Rule) string {
	t := fmt.Sprintf("`%s` %s", r.Question, r.Kind)
	for _, a := range r.Args {
		t += fmt.Sprintf(" %q", a)
	}
	if r.Hint != "" {
		t += " -- " + r.Hint
	}
	return t
}

// format is what a question's rules ask of its answer.
func format(s *steps.Step, id string) []string {
	var out []string
	for _, r := range s.RulesFor(id) {
		out = append(out, ruleText(r))
	}
	return out
}

// answeredBefore lists every answered question of the steps completed so far,
// in route order, citing the answer file each lives in.
func (st *state) answeredBefore(except *steps.Step) []assist.Answer {
	var out []assist.Answer
	for _, s := range st.route.Steps() {
		if s == except || !st.meta.HasStep(s.ID) {
			continue
		}
		out = append(out, st.answersOf(s)...)
	}
	return out
}

// answersOf lists the answered questions of one step.
func (st *state) answersOf(s *steps.Step) []assist.Answer {
	f, err := st.answerFile(s)
	if err != nil {
		return nil
	}
	text := map[string]string{}
	for _, q := range s.AllQuestions() {
		text[q.ID] = stepfile.Expand(q.Text, st.lookup)
	}
	var out []assist.Answer
	for _, a := range f.Answers {
		if a.Answered {
			out = append(out, assist.Answer{File: st.it.answerPath(s), StepID: s.ID, QuestionID: a.ID, Question: text[a.ID], Text: a.Text})
		}
	}
	return out
}

// withheldFiles lists, for the answer file, the candidate files the
// model's drafts were written without, and why.
func (st *state) withheldFiles() []string {
	h := st.m.helpers()
	if h == nil || h.Withheld == nil {
		return nil
	}
	var out []string
	for _, w := range h.Withheld(st.candidateFiles()) {
		out = append(out, CodeSpan(w.Path)+": "+w.Reason)
	}
	return out
}

// CodeSpan quotes a path as inline code whatever it holds: a fence longer
// than any run of backticks in it, and control characters shown escaped,
// so no file name can end the span or the line.
func CodeSpan(p string) string {
	p = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return '?'
		}
		return r
	}, p)
	fence := "`"
	for strings.Contains(p, fence) {
		fence += "`"
	}
	if strings.HasPrefix(p, "`") || strings.HasSuffix(p, "`") {
		return fence + " " + p + " " + fence
	}
	return fence + p + fence
}

func (st *state) candidateFiles() []string {
	if qs := st.meta.QuickScan; qs != nil {
		return qs.CandidateFiles
	}
	return nil
}

// aiDrafts asks the drafter for each question of s that has no answer
// yet. In brief depth a draft fills the answer for the user to confirm;
// in standard and deep depth it is a suggestion beside the question, so
// the user's own words stay primary. A draft that fails the question's
// rules is dropped and the question asked plainly.
func (st *state) aiDrafts(s *steps.Step, d steps.Depth, carry map[string]string) map[string]*answers.AI {
	h := st.m.helpers()
	if h == nil || h.Drafter == nil || st.inQuickScan(s) {
		return nil
	}
	p := st.route.PersonaOf(s)
	as := st.assistStep(s, d)
	earlier := st.answeredBefore(s)
	out := map[string]*answers.AI{}
	// A suggestion already shown is shown again as it is: re-rendering a
	// file (a depth change, a ticked box) never asks anew, so its text
	// stays put even where the response cache is empty, as on a fresh
	// Actions runner.
	shown, _ := st.answerFile(s)
	for _, q := range s.Questions(d) {
		if c, ok := carry[q.ID]; ok && strings.TrimSpace(c) != "" {
			continue
		}
		if shown != nil && d != steps.Brief {
			if sg, ok := shown.Suggested(q.ID); ok && sg.Body != "" && answers.TextHash(sg.Body) == sg.Text {
				out[q.ID] = &answers.AI{Text: sg.Body, Model: sg.Model, Prompt: sg.Prompt, By: p.First(), Suggest: true}
				continue
			}
		}
		req := assist.DraftRequest{Slug: st.it.slug, Description: st.meta.Description, Persona: p, Step: as,
			Question: assist.Question{ID: q.ID, Text: stepfile.Expand(q.Text, st.lookup), Format: format(s, q.ID)},
			Earlier:  earlier, Files: st.candidateFiles()}
		t, err := h.Drafter.Draft(context.Background(), req)
		if err != nil || t.Empty() {
			st.m.helperFailed(fmt.Sprintf("draft `%s` of step %s", q.ID, s.ID), err)
			continue
		}
		t = st.m.cleaned(fmt.Sprintf("draft of `%s`", q.ID), t)
		msg := checkDraft(s, q.ID, t.Text)
		if msg == "" {
			msg = st.criticRejects(s, q.ID, t.Text)
		}
		if msg != "" {
			st.m.warn(fmt.Sprintf("the model's draft of `%s` (step %s) %s; asking the question plainly", q.ID, s.ID, msg))
			continue
		}
		out[q.ID] = &answers.AI{Text: t.Text, Model: t.Prov.Model, Prompt: t.Prov.Prompt, By: p.First(), Suggest: d != steps.Brief}
	}
	return out
}

// checkDraft runs a question's validation rules on a draft, exactly as on
// a person's answer. It returns why the draft fails, or "".
func checkDraft(s *steps.Step, id, text string) string {
	if strings.TrimSpace(text) == "" || strings.TrimSpace(text) == answers.Placeholder {
		return "is empty"
	}
	if s.NoneAllowed(id) && steps.IsNone(text) {
		return ""
	}
	for _, r := range s.RulesFor(id) {
		if msg := checkRule(r, text); msg != "" {
			return msg
		}
	}
	return ""
}

// criticRejects runs the requirements critic on a draft as if it were the
// answer, beside every answer given so far, and returns its first error.
// Its warnings are left for the person to see once the step completes.
func (st *state) criticRejects(s *steps.Step, id, text string) string {
	cfg, err := st.criticConfig()
	if err != nil {
		return ""
	}
	f := &answers.File{StepID: s.ID, Slug: st.it.slug, Answers: []answers.Answer{{ID: id, Text: text, Answered: true, Line: 1}}}
	in, err := st.criticAnswers(s, f)
	if err != nil {
		return ""
	}
	for _, fd := range critic.Errors(critic.In(critic.Check(cfg, in), st.it.answerPath(s))) {
		return "fails the critic: " + fd.Message
	}
	return ""
}

// carryAI keeps the provenance of carried answers that are still exactly
// a model's text: a draft left as it was, or a suggestion taken.
func (st *state) carryAI(s *steps.Step, carry map[string]string) map[string]answers.AIMark {
	if len(carry) == 0 {
		return nil
	}
	f, err := st.answerFile(s)
	if err != nil {
		return nil
	}
	out := map[string]answers.AIMark{}
	for id, text := range carry {
		h := answers.TextHash(text)
		for _, m := range f.AI {
			if m.ID == id && m.Text == h {
				out[id] = m
			}
		}
		if sg, ok := f.Suggested(id); ok && sg.Text == h {
			m := sg.AIMark
			m.Chosen = sg.Ticked // a ticked box is a person's choice
			out[id] = m
		}
	}
	return out
}

// acceptSuggestions puts each ticked suggestion into its empty answer
// area, keeping its provenance, and writes the answer file. The user's own
// answer always wins over a ticked box.
func (st *state) acceptSuggestions(cur *steps.Step, ph *library.RoutePhase, f *answers.File) (*answers.File, error) {
	carry := map[string]string{}
	took := 0
	for _, a := range f.Answers {
		if a.Answered {
			carry[a.ID] = a.Text
		} else if sg, ok := f.Suggested(a.ID); ok && sg.Ticked && sg.Body != "" {
			carry[a.ID] = sg.Body
			took++
		}
	}
	if took == 0 {
		return f, nil
	}
	data, err := st.renderAnswerFile(cur, ph, steps.Depth(f.Depth), nil, carry, f.Feedback)
	if err != nil {
		return nil, err
	}
	rel := st.it.answerPath(cur)
	if err := st.m.writeFile(rel, data); err != nil {
		return nil, err
	}
	nf, err := st.m.parsed().Parse(rel, data)
	if err != nil {
		return nil, err
	}
	st.files[cur.ID] = nf
	return nf, nil
}

// recordDrafts notes in meta.json each answer of s that is a model's draft
// confirmed unchanged, so the artifacts' readers can tell it from one a
// person wrote. Records of s from before are replaced: a draft a person
// rewrote since is theirs now.
func (st *state) recordDrafts(s *steps.Step, f *answers.File) error {
	var drafts []meta.AIDraft
	for _, q := range s.Questions(steps.Depth(f.Depth)) {
		if m, ok := f.Drafted(q.ID); ok {
			src := "ai-draft, confirmed"
			if st.m.Actor != "" {
				src += " by " + st.m.Actor
			}
			drafts = append(drafts, meta.AIDraft{StepID: s.ID, QuestionID: q.ID, Model: m.Model, Prompt: m.Prompt, Source: src})
		}
	}
	return st.setDrafts(s, drafts, func(meta.AIDraft) bool { return false })
}

// forgetRewrittenDrafts drops the records of s's confirmed drafts whose
// answers a person has revised since: meta.json would otherwise go on
// crediting the model with the person's words. Records of drafts still
// standing keep who confirmed them.
func (st *state) forgetRewrittenDrafts(s *steps.Step, f *answers.File) error {
	return st.setDrafts(s, nil, func(d meta.AIDraft) bool {
		_, ok := f.Drafted(d.QuestionID)
		return ok
	})
}

// setDrafts replaces the draft records of s with keep's pick of them plus
// drafts, writing meta.json only when that changes anything.
func (st *state) setDrafts(s *steps.Step, drafts []meta.AIDraft, keep func(meta.AIDraft) bool) error {
	use, err := st.meta.AIUse()
	if err != nil {
		return err
	}
	if use == nil {
		if len(drafts) == 0 {
			return nil
		}
		use = &meta.AI{}
	}
	var kept []meta.AIDraft
	for _, d := range use.Drafts {
		if d.StepID != s.ID || keep(d) {
			kept = append(kept, d)
		}
	}
	if len(drafts) == 0 && len(kept) == len(use.Drafts) {
		return nil
	}
	use.Drafts = append(kept, drafts...)
	return st.meta.SetAIUse(use)
}

// recordUsage adds what the helpers spent since the last record to
// meta.json's per-analysis summary.
func (st *state) recordUsage() error {
	h := st.m.helpers()
	if h == nil || h.Usage == nil {
		return nil
	}
	now := h.Usage()
	d := assist.Usage{Model: now.Model, Calls: now.Calls - st.m.recorded.Calls,
		InputTokens: now.InputTokens - st.m.recorded.InputTokens, OutputTokens: now.OutputTokens - st.m.recorded.OutputTokens}
	if d.Calls == 0 {
		return nil
	}
	use, err := st.meta.AIUse()
	if err != nil {
		return err
	}
	if use == nil {
		use = &meta.AI{}
	}
	use.Model = d.Model
	use.Calls += d.Calls
	use.InputTokens += d.InputTokens
	use.OutputTokens += d.OutputTokens
	if err := st.meta.SetAIUse(use); err != nil {
		return err
	}
	st.m.recorded = now
	return nil
}

// provenanceNote is the visible line under a model-written reply.
func provenanceNote(p assist.Provenance) string {
	return fmt.Sprintf("_Written by the model %s (prompt %s); a draft, not a decision._", answers.SafeModel(p.Model), p.Prompt)
}
