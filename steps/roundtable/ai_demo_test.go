package roundtable_test

import (
	"encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rtgit/rtgit/ai"
	"github.com/rtgit/rtgit/ai/aitest"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/roundtable"
	"github.com/rtgit/rtgit/templates"
)

var (
	stepRe     = regexp.MustCompile(`Step (\d\d-\d\d): `)
	questionRe = regexp.MustCompile("Draft the answer to question `([^`]+)`")
	youAreRe   = regexp.MustCompile(`You are ([A-Z][a-z]+) `)
)

// demoModel is a scripted model for the demo: it drafts each question with
// the demo's own answer, reviews with one note, speaks in elaboration as
// whoever it is asked to be, and summarises handoffs.
func demoModel(s demoScript) *aitest.Server {
	srv := aitest.New()
	srv.Default(func(r aitest.Request) aitest.Reply {
		sys, user := r.Messages[0].Content, r.Messages[len(r.Messages)-1].Content
		who := "Someone"
		if m := youAreRe.FindStringSubmatch(sys); m != nil {
			who = m[1]
		}
		switch {
		case questionRe.MatchString(user):
			step := stepRe.FindStringSubmatch(user)[1]
			text := s.Answers[step][questionRe.FindStringSubmatch(user)[1]]
			if strings.HasPrefix(step, "02-") {
				// Suggestions differ from what the person then writes.
				text = strings.TrimSpace(text) + " As drafted from the analysis so far."
			}
			return aitest.Reply{Text: text}
		case strings.Contains(user, "Check the answers against"):
			return aitest.Reply{Text: "- The answers never say who signs off the export format."}
		case strings.Contains(user, "elaboration discussion"):
			return aitest.Reply{Text: who + " here: from my side the deadline is the 5th, so what breaks if the export is late?"}
		case strings.Contains(user, "hands over to you"):
			return aitest.Reply{Text: "The requirements centre on a dated CSV export that reuses Invoice.total."}
		}
		return aitest.Reply{Text: "Noted."}
	})
	return srv
}

// TestAIWholeDemo runs the demo analysis with the model layer on against
// the stub: drafts confirmed in brief depth, a suggestion taken in
// standard depth, an elaboration with three persona voices, review notes
// and a handoff summary, all committed with their provenance.
func TestAIWholeDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("whole demo: skipped with -short")
	}
	s := loadScript(t)
	srv := demoModel(s)
	defer srv.Close()
	m, dir := newDemoMachine(t)
	var warnings []string
	m.Warn = func(w string) { warnings = append(warnings, w) }
	client, err := ai.New(ai.Options{
		Config: ai.Config{BaseURL: srv.BaseURL(), Model: "stub-model", Timeout: 5 * time.Second,
			MaxRetries: 1, MaxOutputTokensPerRun: 1 << 20, MaxCallTokens: 2048},
		Templates: templates.Set{Repo: os.DirFS(dir)}, Root: dir, GitDir: filepath.Join(dir, ".git"), Warn: m.Warn})
	if err != nil {
		t.Fatal(err)
	}
	m.Assist, m.Actor = client.Helpers(), "Dana Developer"
	if err := drive(t, m, s, "00-03"); err != nil {
		t.Fatal(err)
	}

	// Phase 01 (only) in brief depth: the drafts are confirmed as they are.
	r, err := m.SetPhaseDepth(s.Slug, steps.Brief)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Elaborate(s.Slug, ""); err != nil {
		t.Fatal(err)
	}
	turn, err := m.Elaborate(s.Slug, "Bookkeepers need the export before the 5th of each month.")
	if err != nil {
		t.Fatal(err)
	}
	if len(turn.Lines) < 3 {
		t.Errorf("elaboration turn has %d voices, want 3: %+v", len(turn.Lines), turn.Lines)
	}
	if _, err := m.Elaborate(s.Slug, "done"); err != nil {
		t.Fatal(err)
	}
	confirmed := 0
	var said []string
	for r.Step != nil && strings.HasPrefix(r.Step.ID, "01-") {
		id := r.Step.ID
		r, err = m.Next(s.Slug)
		if errors.Is(err, roundtable.ErrIncomplete) {
			t.Fatalf("the drafts of %s did not pass as they were: %v", id, r.Problems)
		}
		if err != nil {
			t.Fatal(err)
		}
		confirmed++
		for _, l := range r.Lines {
			said = append(said, l.Text)
		}
	}
	if h := strings.Join(said, "\n"); !strings.Contains(h, "The requirements centre on a dated CSV export that reuses Invoice.total. _Written by the model stub-model") {
		t.Errorf("the handoff is not the model's summary with its provenance:\n%s", h)
	}

	// Phase 02 in standard depth: a suggestion taken by ticking its box,
	// the rest answered by hand.
	if r, err = m.SetDepth(s.Slug, steps.Standard); err != nil {
		t.Fatal(err)
	}
	first := r.Step.ID
	rel := r.Step.AnswerFile
	data, err := os.ReadFile(filepath.Join(dir, rel))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "<!-- rtgit:suggestion id=") {
		t.Fatalf("no suggestions in standard depth:\n%s", data)
	}
	ticked := strings.Replace(string(data), "- [ ] Use this suggestion", "- [x] Use this suggestion", 1)
	if err := os.WriteFile(filepath.Join(dir, rel), []byte(ticked), 0o644); err != nil {
		t.Fatal(err)
	}
	for r.Step != nil && !r.Done {
		step := r.Step
		for _, q := range step.Questions {
			if text, ok := s.Answers[step.ID][q.ID]; ok && !(step.ID == first && q.Answered) {
				if step.ID == first && strings.Contains(ticked, "rtgit:suggestion id="+q.ID+" ") && strings.Index(ticked, "- [x]") > strings.Index(ticked, "rtgit:suggestion id="+q.ID+" ") &&
					strings.Index(ticked, "- [x]") < strings.Index(ticked, "rtgit:end suggestion id="+q.ID+" ") {
					continue // the ticked one
				}
				if _, err := m.Answer(s.Slug, q.ID, text); err != nil {
					t.Fatalf("%s %s: %v", step.ID, q.ID, err)
				}
			}
		}
		if r, err = m.Next(s.Slug); err != nil {
			t.Fatalf("%s: %v %v", step.ID, err, r.Problems)
		}
	}

	head := func(rel string) string {
		data, err := m.Repo.ReadFileAt("HEAD", rel)
		if err != nil {
			t.Fatalf("%s at HEAD: %v", rel, err)
		}
		return string(data)
	}
	item := "docs/requirements/" + s.Slug
	if a := head(item + "/answers/01-01-business-context.md"); !strings.Contains(a, "<!-- rtgit:ai id=problem model=stub-model prompt=") {
		t.Errorf("01-01 lost its draft's provenance:\n%s", a)
	}
	if e := head(item + "/answers/01-01-business-context.elaboration.md"); strings.Count(e, "written by a model: model=stub-model") != 3 ||
		!strings.Contains(e, "Alex here") || !strings.Contains(e, "Jordan here") || !strings.Contains(e, "Maya here") {
		t.Errorf("the elaboration lacks three marked voices:\n%s", e)
	}
	if n := head(item + "/answers/01-01-business-context.review.md"); !strings.Contains(n, "who signs off the export format") || !strings.Contains(n, "stub-model") {
		t.Errorf("review notes:\n%s", n)
	}
	if a := head(r2(item, first, dir)); !strings.Contains(a, "<!-- rtgit:ai id=") || !strings.Contains(a, "As drafted from the analysis so far.") {
		t.Errorf("%s lacks the taken suggestion and its provenance:\n%s", first, a)
	}
	md := readMeta(t, dir, s.Slug)
	use, err := md.AIUse()
	if err != nil || use == nil {
		t.Fatalf("meta.json has no ai record: %v", err)
	}
	if use.Model != "stub-model" || use.Calls == 0 || use.InputTokens == 0 || use.OutputTokens == 0 {
		t.Errorf("ai usage = %+v", use)
	}
	var brief, standard int
	for _, d := range use.Drafts {
		if !strings.HasPrefix(d.Source, "ai-draft, confirmed by Dana Developer") || d.Model != "stub-model" || d.Prompt == "" {
			t.Errorf("draft record %+v", d)
		}
		if strings.HasPrefix(d.StepID, "01-") {
			brief++
		}
		if d.StepID == first {
			standard++
		}
	}
	if brief < confirmed || standard != 1 {
		t.Errorf("confirmed drafts: %d in phase 01 (over %d steps), %d in %s; want one or more a step and exactly 1", brief, confirmed, standard, first)
	}
	// The traceability matrix says which of its rows rest on a confirmed
	// draft: a Source column after the seed's four.
	sources := map[string]string{}
	for _, d := range use.Drafts {
		sources[d.StepID+"."+d.QuestionID] = d.Source
	}
	trace, err := csv.NewReader(strings.NewReader(head(item + "/traceability-matrix.csv"))).ReadAll()
	if err != nil || len(trace) < 2 {
		t.Fatalf("traceability-matrix.csv: %v %q", err, trace)
	}
	// The Tasks column comes last once the build plan is confirmed.
	if got := strings.Join(trace[0], ","); got != "Requirement,User Story,Priority,Status,Source,Tasks" {
		t.Errorf("traceability-matrix.csv header = %s", got)
	}
	for _, row := range trace[1:] {
		want := []string{}
		if strings.HasPrefix(row[0], "FR-") && sources["01-06.requirements"] != "" {
			want = append(want, sources["01-06.requirements"])
		}
		if strings.HasPrefix(row[0], "NFR-") && sources["01-05.nfrs"] != "" {
			want = append(want, sources["01-05.nfrs"])
		}
		if row[1] != "" && sources["01-07.stories"] != "" && !slices.Contains(want, sources["01-07.stories"]) {
			want = append(want, sources["01-07.stories"])
		}
		w := strings.Join(want, "; ")
		if w == "" {
			w = "user"
		}
		if row[4] != w {
			t.Errorf("traceability row %q: Source %q, want %q", row, row[4], w)
		}
	}
	if use.Calls != len(srv.Requests()) {
		t.Errorf("meta.json counts %d calls, the endpoint saw %d", use.Calls, len(srv.Requests()))
	}
	for _, w := range warnings {
		t.Logf("warning: %s", w)
	}
}

// r2 is the answer file of step id.
func r2(item, id, dir string) string {
	m, _ := filepath.Glob(filepath.Join(dir, item, "answers", id+"-*.md"))
	for _, p := range m {
		if !strings.Contains(p, ".review.") && !strings.Contains(p, ".elaboration.") {
			rel, _ := filepath.Rel(dir, p)
			return filepath.ToSlash(rel)
		}
	}
	return item + "/answers/" + id + ".md"
}
