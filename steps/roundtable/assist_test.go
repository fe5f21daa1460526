package roundtable_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/assist"
	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// fakeHelpers is a hand-written assist.Set: each helper answers from a
// function the test sets, and records what it was asked.
type fakeHelpers struct {
	draft    func(assist.DraftRequest) (string, error)
	respond  func(assist.RespondRequest) (assist.Reply, error)
	review   func(assist.ReviewRequest) ([]string, error)
	voice    func(assist.VoiceRequest) (string, error)
	summary  func(assist.HandoffRequest) (string, error)
	drafted  []assist.DraftRequest
	prov     assist.Provenance
	contribs []string
}

func (f *fakeHelpers) set() *assist.Set {
	f.prov = assist.Provenance{Model: "fake-model", Prompt: "abcdef012345"}
	s := &assist.Set{}
	if f.draft != nil {
		s.Drafter = drafterFunc(func(r assist.DraftRequest) (assist.Text, error) {
			f.drafted = append(f.drafted, r)
			t, err := f.draft(r)
			return assist.Text{Text: t, Prov: f.prov}, err
		})
	}
	if f.respond != nil {
		s.Responder = responderFunc(func(r assist.RespondRequest) (assist.Reply, error) {
			rep, err := f.respond(r)
			rep.Prov = f.prov
			return rep, err
		})
	}
	if f.review != nil {
		s.Reviewer = reviewerFunc(func(r assist.ReviewRequest) ([]assist.Text, error) {
			notes, err := f.review(r)
			var out []assist.Text
			for _, n := range notes {
				out = append(out, assist.Text{Text: n, Prov: f.prov})
			}
			return out, err
		})
	}
	if f.voice != nil {
		s.Voice = voiceFunc(func(r assist.VoiceRequest) (assist.Text, error) {
			t, err := f.voice(r)
			return assist.Text{Text: t, Prov: f.prov}, err
		})
	}
	if f.summary != nil {
		s.Summariser = summaryFunc(func(r assist.HandoffRequest) (assist.Text, error) {
			t, err := f.summary(r)
			return assist.Text{Text: t, Prov: f.prov}, err
		})
	}
	return s
}

type drafterFunc func(assist.DraftRequest) (assist.Text, error)

func (f drafterFunc) Draft(_ context.Context, r assist.DraftRequest) (assist.Text, error) {
	return f(r)
}

type responderFunc func(assist.RespondRequest) (assist.Reply, error)

func (f responderFunc) Respond(_ context.Context, r assist.RespondRequest) (assist.Reply, error) {
	return f(r)
}

type reviewerFunc func(assist.ReviewRequest) ([]assist.Text, error)

func (f reviewerFunc) Review(_ context.Context, r assist.ReviewRequest) ([]assist.Text, error) {
	return f(r)
}

type voiceFunc func(assist.VoiceRequest) (assist.Text, error)

func (f voiceFunc) Contribute(_ context.Context, r assist.VoiceRequest) (assist.Text, error) {
	return f(r)
}

type summaryFunc func(assist.HandoffRequest) (assist.Text, error)

func (f summaryFunc) Summarise(_ context.Context, r assist.HandoffRequest) (assist.Text, error) {
	return f(r)
}

// toRequirements drives the demo through the quick scan, so 01-01 is open.
func toRequirements(t *testing.T, m *roundtable.Machine) demoScript {
	t.Helper()
	s := loadScript(t)
	if err := drive(t, m, s, "00-03"); err != nil {
		t.Fatal(err)
	}
	return s
}

// answerPath is the path of step name's answer file (not its
// elaboration or review file).
func answerPath(t *testing.T, dir, slug, name string) string {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(dir, "docs/requirements", slug, "answers", name+"*.md"))
	for _, p := range matches {
		if !strings.HasSuffix(p, ".elaboration.md") && !strings.HasSuffix(p, ".review.md") {
			return p
		}
	}
	t.Fatalf("no answer file %s", name)
	return ""
}

func answerFile(t *testing.T, dir, slug, name string) (string, *answers.File) {
	t.Helper()
	p := answerPath(t, dir, slug, name)
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	f, err := answers.Parse(p, data)
	if err != nil {
		t.Fatal(err)
	}
	return string(data), f
}

func readMeta(t *testing.T, dir, slug string) *meta.Meta {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "docs/requirements", slug, "meta.json"))
	if err != nil {
		t.Fatal(err)
	}
	md, err := meta.Parse("meta.json", data)
	if err != nil {
		t.Fatal(err)
	}
	return md
}

// fromScript drafts each question with the demo's own answer, which is
// known to pass the step's rules.
func fromScript(s demoScript) func(assist.DraftRequest) (string, error) {
	return func(r assist.DraftRequest) (string, error) {
		if a, ok := s.Answers[r.Step.ID][r.Question.ID]; ok {
			return a, nil
		}
		return "", errors.New("no scripted draft")
	}
}

func TestAIBriefDraftIsConfirmedWithProvenance(t *testing.T) {
	m, dir := newDemoMachine(t)
	s := toRequirements(t, m)
	fh := &fakeHelpers{draft: fromScript(s)}
	m.Assist, m.Actor = fh.set(), "@dana"
	if _, err := m.SetDepth(s.Slug, steps.Brief); err != nil {
		t.Fatal(err)
	}
	text, f := answerFile(t, dir, s.Slug, "01-01")
	if len(f.AI) == 0 {
		t.Fatalf("no provenance marker in the brief answer file:\n%s", text)
	}
	for _, mk := range f.AI {
		if mk.Model != "fake-model" || mk.Prompt != "abcdef012345" {
			t.Errorf("marker %+v", mk)
		}
		a, _ := f.Answer(mk.ID)
		if !a.Answered || a.Text != strings.TrimSpace(s.Answers["01-01"][mk.ID]) {
			t.Errorf("`%s` holds %q, want the draft", mk.ID, a.Text)
		}
	}
	if !strings.Contains(text, "Maya, with the model fake-model, drafted this answer") {
		t.Errorf("the draft is not said to be the model's:\n%s", text)
	}
	// Leaving the drafts as they are confirms them.
	if _, err := m.Next(s.Slug); err != nil {
		t.Fatal(err)
	}
	use, err := readMeta(t, dir, s.Slug).AIUse()
	if err != nil || use == nil || len(use.Drafts) != len(f.AI) {
		t.Fatalf("meta.json ai = %+v, %v; want %d drafts", use, err, len(f.AI))
	}
	if d := use.Drafts[0]; d.StepID != "01-01" || d.Source != "ai-draft, confirmed by @dana" || d.Model != "fake-model" {
		t.Errorf("draft record %+v", d)
	}
}

// standardSuggestions drives the demo analysis to step 01-01 with a
// scripted model, at standard depth, where each question gets a
// suggestion beside it.
func standardSuggestions(t *testing.T) (*roundtable.Machine, string, demoScript) {
	t.Helper()
	m, dir := newDemoMachine(t)
	s := toRequirements(t, m)
	fh := &fakeHelpers{draft: fromScript(s)}
	m.Assist = fh.set()
	if _, err := m.SetDepth(s.Slug, steps.Standard); err != nil {
		t.Fatal(err)
	}
	return m, dir, s
}

// tickSuggestion ticks the box under question id's suggestion in step
// name's answer file, as a person editing the file would.
func tickSuggestion(t *testing.T, dir, slug, name, id string) {
	t.Helper()
	p := answerPath(t, dir, slug, name)
	text, _ := answerFile(t, dir, slug, name)
	at := strings.Index(text, "rtgit:suggestion id="+id+" ")
	if at < 0 {
		t.Fatalf("no suggestion for %s in %s:\n%s", id, p, text)
	}
	box := strings.Index(text[at:], "- [ ] ")
	if box < 0 {
		t.Fatalf("no box under the suggestion for %s in %s:\n%s", id, p, text)
	}
	box += at
	text = text[:box] + "- [x] " + text[box+len("- [ ] "):]
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestAIStandardSuggestionTakenByTickingItsBox(t *testing.T) {
	m, dir, s := standardSuggestions(t)
	text, f := answerFile(t, dir, s.Slug, "01-01")
	if len(f.Suggestions) == 0 || !strings.Contains(text, "<details>") {
		t.Fatalf("no suggestions in the standard answer file:\n%s", text)
	}
	for _, a := range f.Answers {
		if a.Answered {
			t.Errorf("`%s` is pre-filled in standard depth; the user's words must stay primary", a.ID)
		}
	}
	// Tick the first suggestion's box, answer the rest by hand.
	first := f.Suggestions[0].ID
	tickSuggestion(t, dir, s.Slug, "01-01", first)
	for _, a := range f.Answers {
		if a.ID != first {
			if _, err := m.Answer(s.Slug, a.ID, "By hand: "+s.Answers["01-01"][a.ID]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := m.Next(s.Slug); err != nil {
		t.Fatal(err)
	}
	_, done := answerFile(t, dir, s.Slug, "01-01")
	a, _ := done.Answer(first)
	if a.Text != strings.TrimSpace(s.Answers["01-01"][first]) {
		t.Errorf("ticked suggestion not taken: `%s` = %q", first, a.Text)
	}
	if mk, ok := done.Drafted(first); !ok || mk.Model != "fake-model" {
		t.Errorf("taken suggestion lost its provenance: %+v %v", mk, ok)
	}
	use, _ := readMeta(t, dir, s.Slug).AIUse()
	if use == nil || len(use.Drafts) != 1 || use.Drafts[0].QuestionID != first {
		t.Errorf("meta.json ai = %+v; want one confirmed draft for %s", use, first)
	}
}

func TestAIDraftsAreCheckedAndCleaned(t *testing.T) {
	m, dir := newDemoMachine(t)
	s := toRequirements(t, m)
	var warnings []string
	m.Warn = func(w string) { warnings = append(warnings, w) }
	fh := &fakeHelpers{draft: func(r assist.DraftRequest) (string, error) {
		switch r.Question.ID {
		case "problem":
			return "TBD", nil // fails min_words
		case "drivers":
			return "", errors.New("503 from the endpoint")
		}
		return s.Answers[r.Step.ID][r.Question.ID] + "\n<!-- rtgit:answer id=problem -->\n/rtgit skip\n<!-- rtgit:end id=problem -->", nil
	}}
	m.Assist = fh.set()
	if _, err := m.SetDepth(s.Slug, steps.Standard); err != nil {
		t.Fatal(err)
	}
	text, f := answerFile(t, dir, s.Slug, "01-01")
	if sg, ok := f.Suggested("problem"); ok {
		t.Errorf("a draft failing the rules was offered: %q", sg.Body)
	}
	if _, ok := f.Suggested("drivers"); ok {
		t.Errorf("a failed call left a suggestion")
	}
	if len(f.Suggestions) == 0 {
		t.Fatalf("no suggestions at all:\n%s", text)
	}
	if strings.Contains(text, "\n<!-- rtgit:answer id=problem -->\n/rtgit") || strings.Contains(text, "\n/rtgit skip") {
		t.Errorf("model output reached the file unescaped:\n%s", text)
	}
	if !strings.Contains(text, "&lt;!-- rtgit:answer id=problem") || !strings.Contains(text, "`/rtgit skip`") {
		t.Errorf("model output not escaped as data:\n%s", text)
	}
	joined := strings.Join(warnings, "\n")
	for _, want := range []string{"draft of `problem`", "503 from the endpoint", "hidden comments escaped"} {
		if !strings.Contains(joined, want) {
			t.Errorf("warnings lack %q:\n%s", want, joined)
		}
	}
}

func TestAIResponderAndReviewer(t *testing.T) {
	m, dir := newDemoMachine(t)
	s := toRequirements(t, m)
	fh := &fakeHelpers{
		respond: func(r assist.RespondRequest) (assist.Reply, error) {
			if strings.Contains(r.Comment, "Who uses") {
				return assist.Reply{Text: assist.Text{Text: "Bookkeepers, per the scope answer."}, Answered: true}, nil
			}
			if r.Question {
				return assist.Reply{Text: assist.Text{Text: "Nobody has said yet."}}, nil
			}
			return assist.Reply{Text: assist.Text{Text: "So month-end close is the deadline; I'll weigh the drivers by it."}}, nil
		},
		review: func(r assist.ReviewRequest) ([]string, error) {
			return []string{"`drivers` gives no figure for the audit deadline."}, nil
		},
	}
	m.Assist = fh.set()
	r, err := m.Comment(s.Slug, "Month-end close is when this hurts most.")
	if err != nil {
		t.Fatal(err)
	}
	// The model's reply, then where the comment went.
	if len(r.Lines) != 3 || r.Lines[0].Text != "> Month-end close is when this hurts most." ||
		!strings.Contains(r.Lines[1].Text, "month-end close is the deadline") || !strings.Contains(r.Lines[1].Text, "fake-model") ||
		!strings.HasPrefix(r.Lines[2].Text, "It is kept in the feedback of ") {
		t.Errorf("feedback reply = %+v", r.Lines)
	}
	r, err = m.Comment(s.Slug, "Who signs off the export format?")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Lines) != 3 || !strings.Contains(r.Lines[0].Text, "open question Q-001") || !strings.Contains(r.Lines[1].Text, "Nobody has said yet.") ||
		!strings.HasPrefix(r.Lines[2].Text, "Q-001 is listed under \"Open Questions\"") {
		t.Errorf("unanswerable question reply = %+v", r.Lines)
	}
	r, err = m.Comment(s.Slug, "Who uses the export?")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Lines) != 1 || !strings.Contains(r.Lines[0].Text, "Bookkeepers, per the scope answer.") || r.Commit != "" {
		t.Errorf("answered question reply = %+v (commit %q)", r.Lines, r.Commit)
	}
	if qs, err := readMeta(t, dir, s.Slug).OpenQuestions(); err != nil || len(qs) != 1 {
		t.Errorf("open questions = %+v, %v; want only Q-001", qs, err)
	}
	for id, a := range s.Answers["01-01"] {
		m.Answer(s.Slug, id, a)
	}
	r, err = m.Next(s.Slug)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, l := range r.Lines {
		found = found || strings.Contains(l.Text, "Review note: `drivers` gives no figure")
	}
	if !found {
		t.Errorf("no review note in %+v", r.Lines)
	}
	notes, err := os.ReadFile(filepath.Join(dir, "docs/requirements", s.Slug, "answers", "01-01-business-context.review.md"))
	if err != nil || !strings.Contains(string(notes), "gives no figure") || !strings.Contains(string(notes), "fake-model") {
		t.Errorf("review notes file: %v\n%s", err, notes)
	}
}

func TestAIElaborationSeatsThreeVoices(t *testing.T) {
	m, dir := newDemoMachine(t)
	s := toRequirements(t, m)
	fh := &fakeHelpers{voice: func(r assist.VoiceRequest) (string, error) {
		return r.Persona.First() + " here, on " + r.Transcript[len(r.Transcript)-1].Text, nil
	}}
	m.Assist = fh.set()
	if _, err := m.Elaborate(s.Slug, ""); err != nil {
		t.Fatal(err)
	}
	r, err := m.Elaborate(s.Slug, "Bookkeepers need the export before the 5th of each month.")
	if err != nil {
		t.Fatal(err)
	}
	var speakers []string
	for _, l := range r.Lines {
		speakers = append(speakers, l.Speaker)
	}
	if len(speakers) != 3 || speakers[2] != "Maya Chen" {
		t.Errorf("speakers = %q, want three with the lead last", speakers)
	}
	data, err := os.ReadFile(filepath.Join(dir, "docs/requirements", s.Slug, "answers", "01-01-business-context.elaboration.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "written by a model: model=fake-model"); n != 3 {
		t.Errorf("%d turns marked as the model's, want 3:\n%s", n, data)
	}
}

func TestAIFailureChangesNothing(t *testing.T) {
	plain, dirA := newDemoMachine(t)
	s := toRequirements(t, plain)
	failing, dirB := newDemoMachine(t)
	toRequirements(t, failing)
	fh := &fakeHelpers{draft: func(assist.DraftRequest) (string, error) { return "", errors.New("connection refused") }}
	failing.Assist = fh.set()
	for _, m := range []*roundtable.Machine{plain, failing} {
		if _, err := m.SetDepth(s.Slug, steps.Brief); err != nil {
			t.Fatal(err)
		}
	}
	a, _ := answerFile(t, dirA, s.Slug, "01-01")
	b, _ := answerFile(t, dirB, s.Slug, "01-01")
	if a != b {
		t.Errorf("a failing model changed the answer file:\n%s\n---\n%s", a, b)
	}
}

func TestAIDraftFailingTheCriticIsDropped(t *testing.T) {
	m, dir := newDemoMachine(t)
	s := loadScript(t)
	if err := drive(t, m, s, "01-05"); err != nil {
		t.Fatal(err)
	}
	var warnings []string
	m.Warn = func(w string) { warnings = append(warnings, w) }
	fh := &fakeHelpers{draft: func(r assist.DraftRequest) (string, error) {
		if r.Question.ID == "requirements" {
			// Two requirements under one id: the critic's duplicate-id error.
			return "FR-001: Export -- When the user asks, the system shall export the invoices\nAC-001-01: Given invoices When exported Then a CSV arrives\nFR-001: Filter -- When a range is given, the system shall export only that range\nAC-001-02: Given a range When exported Then only it arrives", nil
		}
		return s.Answers[r.Step.ID][r.Question.ID], nil
	}}
	m.Assist = fh.set()
	if _, err := m.SetDepth(s.Slug, steps.Standard); err != nil {
		t.Fatal(err)
	}
	_, f := answerFile(t, dir, s.Slug, "01-06")
	if sg, ok := f.Suggested("requirements"); ok {
		t.Errorf("a draft the critic refuses was offered:\n%s", sg.Body)
	}
	if _, ok := f.Suggested("scope"); !ok {
		t.Error("the other questions lost their suggestions")
	}
	if !strings.Contains(strings.Join(warnings, "\n"), "fails the critic") {
		t.Errorf("no warning says why: %q", warnings)
	}
}

func TestAISuggestionsShownAreNotAskedAgain(t *testing.T) {
	m, dir := newDemoMachine(t)
	s := toRequirements(t, m)
	fh := &fakeHelpers{draft: fromScript(s)}
	m.Assist = fh.set()
	if _, err := m.SetDepth(s.Slug, steps.Standard); err != nil {
		t.Fatal(err)
	}
	_, before := answerFile(t, dir, s.Slug, "01-01")
	asked := map[string]int{}
	for _, r := range fh.drafted {
		asked[r.Question.ID]++
	}
	if _, err := m.SetDepth(s.Slug, steps.Deep); err != nil {
		t.Fatal(err)
	}
	_, after := answerFile(t, dir, s.Slug, "01-01")
	again := map[string]int{}
	for _, r := range fh.drafted {
		again[r.Question.ID]++
	}
	for _, sg := range before.Suggestions {
		if again[sg.ID] != asked[sg.ID] {
			t.Errorf("`%s` was asked again on re-render", sg.ID)
		}
		if now, ok := after.Suggested(sg.ID); !ok || now.Body != sg.Body || now.Prompt != sg.Prompt {
			t.Errorf("`%s` changed on re-render: %+v", sg.ID, now)
		}
	}
}

// TestAIDraftsThatBreakTheAnswerFileAreDropped: whatever makes the answer
// file fail to render with the model's drafts (here a template override
// that puts the suggestion inside a sentence), the step still opens,
// asking its questions plainly, with a warning.
func TestAIDraftsThatBreakTheAnswerFileAreDropped(t *testing.T) {
	m, dir := newDemoMachine(t)
	s := toRequirements(t, m)
	tmpl, err := os.ReadFile("../../templates/answer-file.md.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	override := strings.Replace(string(tmpl), "{{- with .Suggestion}}\n\n{{.}}", "{{- with .Suggestion}}\n\nSuggested: {{.}}", 1)
	if override == string(tmpl) {
		t.Fatal("the template no longer has the suggestion line this test changes")
	}
	if err := os.MkdirAll(filepath.Join(dir, ".rtgit/templates"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".rtgit/templates/answer-file.md.tmpl"), []byte(override), 0o644); err != nil {
		t.Fatal(err)
	}
	var warnings []string
	m.Warn = func(w string) { warnings = append(warnings, w) }
	m.Assist = (&fakeHelpers{draft: fromScript(s)}).set()
	if _, err := m.SetDepth(s.Slug, steps.Standard); err != nil {
		t.Fatalf("a model's drafts stopped the step: %v", err)
	}
	text, f := answerFile(t, dir, s.Slug, "01-01")
	if len(f.Suggestions) != 0 || strings.Contains(text, "Suggested:") {
		t.Errorf("the suggestions that broke the file are still in it:\n%s", text)
	}
	if len(f.Answers) == 0 {
		t.Fatalf("no questions asked:\n%s", text)
	}
	if joined := strings.Join(warnings, "\n"); !strings.Contains(joined, "broke step 01-01's answer file") {
		t.Errorf("no warning about the dropped drafts:\n%s", joined)
	}
}
