package roundtable_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/roundtable"
)

const (
	keptSlug   = "csv"
	keptAnswer = "docs/requirements/csv/answers/00-01-scope-estimation.md"
	keptScan   = "docs/requirements/csv/quick-scan.md"
)

var keptTexts = map[string]string{
	"change":     "Finance clerks download every invoice of a month as one CSV file.",
	"boundaries": "The PDF invoices and the invoice emails stay exactly as they are.",
	"example":    "Today Ana copies forty invoices by hand; after the change she clicks Export once and gets one file.",
}

func readRel(t *testing.T, dir, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func parseRel(t *testing.T, dir, rel string) *answers.File {
	t.Helper()
	f, err := answers.Parse(rel, []byte(readRel(t, dir, rel)))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func said(r *roundtable.Reply) string {
	var b strings.Builder
	for _, l := range r.Lines {
		b.WriteString(l.Text + "\n")
	}
	return b.String()
}

// keptStart opens 00-01 at standard depth and answers its three questions.
func keptStart(t *testing.T) (*roundtable.Machine, string) {
	t.Helper()
	m, dir := newDemoMachine(t)
	if _, err := m.New(roundtable.NewOptions{Description: "Let customers export invoices as CSV", Slug: keptSlug}); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"change", "boundaries", "example"} {
		if _, err := m.Answer(keptSlug, id, keptTexts[id]); err != nil {
			t.Fatal(err)
		}
	}
	return m, dir
}

// "keep it short" asks fewer questions, and the answers to the others
// stay in the file, under "Answered earlier", in blocks that read back
// exactly; the reply says so. Asking for standard depth again puts them
// back under their questions.
func TestDepthChangeKeepsAnswersItDoesNotAsk(t *testing.T) {
	m, dir := keptStart(t)

	r, err := m.Comment(keptSlug, "keep it short")
	if err != nil {
		t.Fatal(err)
	}
	if r.Step.Depth != steps.Brief {
		t.Fatalf("depth = %s, want brief", r.Step.Depth)
	}
	if got, want := said(r), "Brief depth does not ask `boundaries` or `example`, so your answers are kept under \"Answered earlier\" in "+keptAnswer+"."; !strings.Contains(got, want) {
		t.Errorf("reply does not say what was kept:\n%s\nwant %q", got, want)
	}
	text := readRel(t, dir, keptAnswer)
	if !strings.Contains(text, "\n## Answered earlier\n") || !strings.Contains(text, "### `boundaries` (asked at standard and deep depth)") {
		t.Errorf("the answer file has no \"Answered earlier\" section:\n%s", text)
	}
	f := parseRel(t, dir, keptAnswer)
	if f.Depth != "brief" {
		t.Errorf("file depth = %s", f.Depth)
	}
	for id, want := range keptTexts {
		if a, ok := f.Answer(id); !ok || a.Text != want {
			t.Errorf("answer %s after brief = %q (found %v), want %q", id, a.Text, ok, want)
		}
	}
	if strings.Index(text, "rtgit:answer id=change") > strings.Index(text, "## Answered earlier") {
		t.Errorf("the question brief asks is not above the kept answers:\n%s", text)
	}

	// A kept answer is the user's to edit, and the edit is kept too.
	edited := "The PDF invoices, the invoice emails and the accounting export stay as they are."
	if _, err := m.Answer(keptSlug, "boundaries", edited); err != nil {
		t.Fatal(err)
	}
	if _, err := m.SetDepth(keptSlug, steps.Deep); err != nil {
		t.Fatal(err)
	}
	if f := parseRel(t, dir, keptAnswer); mustAnswer(t, f, "boundaries") != edited {
		t.Errorf("the edited kept answer did not survive a depth change")
	}

	r, err = m.Comment(keptSlug, "/rtgit brief")
	if err != nil {
		t.Fatal(err)
	}
	r, err = m.Comment(keptSlug, "/rtgit standard")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := said(r), "Your answers to `boundaries` and `example` are back under their questions in "+keptAnswer+"."; !strings.Contains(got, want) {
		t.Errorf("reply to standard:\n%s\nwant %q", got, want)
	}
	for _, q := range r.Step.Questions {
		if !q.Answered {
			t.Errorf("question %s is unanswered at standard depth again", q.ID)
		}
	}
	text = readRel(t, dir, keptAnswer)
	if strings.Contains(text, "Answered earlier") {
		t.Errorf("standard depth asks every answered question, yet the file keeps some:\n%s", text)
	}
	f = parseRel(t, dir, keptAnswer)
	want := map[string]string{"change": keptTexts["change"], "boundaries": edited, "example": keptTexts["example"]}
	for id, w := range want {
		if got := mustAnswer(t, f, id); got != w {
			t.Errorf("answer %s back at standard = %q, want %q", id, got, w)
		}
	}
}

func mustAnswer(t *testing.T, f *answers.File, id string) string {
	t.Helper()
	a, ok := f.Answer(id)
	if !ok {
		t.Fatalf("no answer block %s", id)
	}
	return a.Text
}

// Completing the step at brief depth writes the kept answers into the
// documents like any answer (a person's words are never left out), the
// step's recorded digest covers them, rebuild changes nothing, and a
// depth change afterwards renders only the open step again.
func TestKeptAnswersCountWhenTheStepCompletes(t *testing.T) {
	m, dir := keptStart(t)
	if _, err := m.SetDepth(keptSlug, steps.Brief); err != nil {
		t.Fatal(err)
	}
	r, err := m.Next(keptSlug)
	if err != nil {
		t.Fatalf("next: %v (%v)", err, r)
	}
	scan := readRel(t, dir, keptScan)
	for id, want := range keptTexts {
		if !strings.Contains(scan, want) {
			t.Errorf("quick-scan.md lacks the answer to %s:\n%s", id, scan)
		}
	}
	if strings.Contains(scan, "Not discussed") {
		t.Errorf("quick-scan.md says a kept answer's section was not discussed:\n%s", scan)
	}
	finished := readRel(t, dir, keptAnswer)
	if !strings.Contains(finished, "Answered earlier") {
		t.Fatalf("the finished step's file lost its kept answers:\n%s", finished)
	}

	rebuildIsNoOp(t, m, dir, keptSlug)

	// The next step is open now; a depth change renders it alone.
	if _, err := m.SetDepth(keptSlug, steps.Standard); err != nil {
		t.Fatal(err)
	}
	if got := readRel(t, dir, keptAnswer); got != finished {
		t.Errorf("a depth change rewrote the finished step's answer file:\n%s", got)
	}
	if got := readRel(t, dir, keptScan); got != scan {
		t.Errorf("a depth change rewrote quick-scan.md")
	}

	// Reopened for a revision, the finished step still keeps them.
	if _, err := m.Revise(keptSlug, "00-01"); err != nil {
		t.Fatal(err)
	}
	f := parseRel(t, dir, keptAnswer)
	for id, want := range keptTexts {
		if got := mustAnswer(t, f, id); got != want {
			t.Errorf("answer %s in the reopened step = %q, want %q", id, got, want)
		}
	}
	if !strings.Contains(readRel(t, dir, keptAnswer), "## Answered earlier") {
		t.Errorf("the reopened step's file lost its \"Answered earlier\" section")
	}
}

// A kept answer counts, so its question's rules hold: one broken while
// the step ran at another depth is reported at its line, not passed on
// into the documents.
func TestKeptAnswerIsChecked(t *testing.T) {
	m, dir := keptStart(t)
	if _, err := m.Answer(keptSlug, "boundaries", "None."); err != nil {
		t.Fatal(err)
	}
	if _, err := m.SetDepth(keptSlug, steps.Brief); err != nil {
		t.Fatal(err)
	}
	r, err := m.Next(keptSlug)
	if err == nil {
		t.Fatal("next accepted a kept answer that breaks its rule")
	}
	line := mustLine(t, parseRel(t, dir, keptAnswer), "boundaries")
	want := keptAnswer + ":" + line + ": `boundaries` needs at least 4 words (has 1)"
	if got := strings.Join(r.Problems, "\n"); !strings.Contains(got, want) {
		t.Errorf("problems:\n%s\nwant %q", got, want)
	}
}

func mustLine(t *testing.T, f *answers.File, id string) string {
	t.Helper()
	a, ok := f.Answer(id)
	if !ok {
		t.Fatalf("no answer block %s", id)
	}
	return strconv.Itoa(a.Line)
}

// A draft nobody changed is no one's answer: it is not kept, and is
// drafted again when a depth asks its question.
func TestDepthChangeDoesNotKeepAnUntouchedDraft(t *testing.T) {
	m, dir := newDemoMachine(t)
	step := filepath.Join(dir, ".rtgit", "steps", "00-quick-scan", "01-scope-estimation.md")
	if err := os.MkdirAll(filepath.Dir(step), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(step, []byte(draftedStep), 0o644); err != nil {
		t.Fatal(err)
	}
	gitOut(t, dir, "add", ".rtgit")
	gitOut(t, dir, "-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "a step with a draft")
	if _, err := m.New(roundtable.NewOptions{Description: "Let customers export invoices as CSV", Slug: keptSlug}); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Answer(keptSlug, "change", keptTexts["change"]); err != nil {
		t.Fatal(err)
	}
	r, err := m.SetDepth(keptSlug, steps.Brief)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(said(r), "kept") || strings.Contains(readRel(t, dir, keptAnswer), "Answered earlier") {
		t.Errorf("an untouched draft was kept as an answer:\n%s\n%s", said(r), readRel(t, dir, keptAnswer))
	}
	if _, err := m.SetDepth(keptSlug, steps.Standard); err != nil {
		t.Fatal(err)
	}
	if got := mustAnswer(t, parseRel(t, dir, keptAnswer), "boundaries"); got != "Nothing else changes." {
		t.Errorf("boundaries at standard again = %q, want the draft", got)
	}
}

const draftedStep = `---
step_id: "00-01"
title: "Scope Estimation"
persona: "business-analyst"
depth: "standard"
outputs:
  - quick-scan.md
---

## Brief Mode

- ` + "`change`" + ` Confirm the change as described.

## Standard Mode

- ` + "`change`" + ` Describe the change in your own words.
- ` + "`boundaries`" + ` Where does this change stop?
  Draft: Nothing else changes.

## Artifacts

- ` + "`change`" + ` -> quick-scan.md#Scope
- ` + "`boundaries`" + ` -> quick-scan.md#Scope
`

// A suggestion someone ticked is their answer, though a model wrote it:
// a depth that does not ask its question keeps it under "Answered
// earlier", still marked as the model's and as chosen, and a depth that
// asks it again puts it back under its question. Left unticked, it is
// only a suggestion and is not kept.
func TestDepthChangeKeepsATickedSuggestion(t *testing.T) {
	m, dir, s := standardSuggestions(t)
	want := strings.TrimSpace(s.Answers["01-01"]["drivers"])
	tickSuggestion(t, dir, s.Slug, "01-01", "drivers")

	r, err := m.SetDepth(s.Slug, steps.Brief)
	if err != nil {
		t.Fatal(err)
	}
	if got, w := said(r), "Brief depth does not ask `drivers`, so your answer is kept"; !strings.Contains(got, w) {
		t.Errorf("reply does not say the ticked suggestion was kept:\n%s\nwant %q", got, w)
	}
	text, f := answerFile(t, dir, s.Slug, "01-01")
	if a, ok := f.Answer("drivers"); !ok || a.Text != want {
		t.Errorf("kept drivers = %q (%v), want the ticked suggestion\n%s", a.Text, ok, text)
	}
	if mk, ok := f.Drafted("drivers"); !ok || !mk.Chosen || mk.Model != "fake-model" {
		t.Errorf("the kept suggestion lost its provenance: %+v %v\n%s", mk, ok, text)
	}
	if _, ok := f.Answer("success"); ok {
		t.Errorf("an unticked suggestion was kept as an answer:\n%s", text)
	}

	if _, err := m.SetDepth(s.Slug, steps.Standard); err != nil {
		t.Fatal(err)
	}
	text, f = answerFile(t, dir, s.Slug, "01-01")
	if a, ok := f.Answer("drivers"); !ok || a.Text != want {
		t.Errorf("drivers back at standard = %q, want the ticked suggestion\n%s", a.Text, text)
	}
	if mk, ok := f.Drafted("drivers"); !ok || !mk.Chosen {
		t.Errorf("back under its question, the suggestion lost its provenance: %+v %v\n%s", mk, ok, text)
	}
}
