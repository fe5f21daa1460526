package roundtable_test

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps"
)

// TestTraceabilitySourceFollowsTheAnswers: requirements and stories a
// person confirmed from a model's drafts are marked in the traceability
// matrix's Source column, each with who confirmed it; once a person
// rewrites the requirements, their rows are the person's again.
func TestTraceabilitySourceFollowsTheAnswers(t *testing.T) {
	m, dir := newDemoMachine(t)
	s := toRequirements(t, m)
	fh := &fakeHelpers{draft: fromScript(s)}
	m.Assist, m.Actor = fh.set(), "@dana"
	item := filepath.Join(dir, "docs/requirements", s.Slug)
	for range 20 {
		st, err := m.Status(s.Slug)
		if err != nil {
			t.Fatal(err)
		}
		if st.Step == nil || !strings.HasPrefix(st.Step.ID, "01-") {
			break
		}
		if st.Step.Depth != string(steps.Brief) {
			if _, err := m.SetDepth(s.Slug, steps.Brief); err != nil {
				t.Fatal(err)
			}
			if st, err = m.Status(s.Slug); err != nil {
				t.Fatal(err)
			}
		}
		if st.Step.ID == "01-07" {
			m.Actor = "@lee" // the stories are confirmed by someone else
		}
		for _, q := range st.Step.Questions {
			if text, ok := s.Answers[st.Step.ID][q.ID]; ok && !q.Answered {
				if _, err := m.Answer(s.Slug, q.ID, text); err != nil {
					t.Fatalf("%s %s: %v", st.Step.ID, q.ID, err)
				}
			}
		}
		if r, err := m.Next(s.Slug); err != nil {
			t.Fatalf("%s: %v %v", st.Step.ID, err, r)
		}
	}
	use, err := readMeta(t, dir, s.Slug).AIUse()
	if err != nil || use == nil {
		t.Fatalf("no ai record: %v", err)
	}
	drafted := map[string]string{}
	for _, d := range use.Drafts {
		drafted[d.StepID+"."+d.QuestionID] = d.Source
	}
	if drafted["01-06.requirements"] != "ai-draft, confirmed by @dana" || drafted["01-07.stories"] != "ai-draft, confirmed by @lee" {
		t.Fatalf("draft records %q; the test needs 01-06 and 01-07 drafted", drafted)
	}

	matrix := func() [][]string {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(item, "traceability-matrix.csv"))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(strings.NewReader(string(data))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(rows[0], ","); got != "Requirement,User Story,Priority,Status,Source" {
			t.Fatalf("header %s", got)
		}
		return rows[1:]
	}
	nfr := drafted["01-05.nfrs"] // "" when a person wrote them
	check := func(when string, fr, story string) {
		t.Helper()
		n := 0
		for _, r := range matrix() {
			var want []string
			if strings.HasPrefix(r[0], "FR-") && fr != "" {
				want = append(want, fr)
			}
			if strings.HasPrefix(r[0], "NFR-") && nfr != "" {
				want = append(want, nfr)
			}
			if r[1] != "" {
				want = append(want, story)
			}
			w := strings.Join(want, "; ")
			if w == "" {
				w = "user"
			}
			if r[4] != w {
				t.Errorf("%s: row %q has Source %q, want %q", when, r, r[4], w)
			}
			if strings.HasPrefix(r[0], "FR-") {
				n++
			}
		}
		if n == 0 {
			t.Errorf("%s: no FR rows", when)
		}
	}
	check("confirmed drafts", "ai-draft, confirmed by @dana", "ai-draft, confirmed by @lee")

	// The requirements spec says the same where the draft landed: under
	// the requirements, which model drafted them and who confirmed them.
	const mark = "_Drafted by fake-model, confirmed by @dana._"
	spec := func() string {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(item, "requirements-spec.md"))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	fr := func(doc string) string {
		t.Helper()
		_, after, ok := strings.Cut(doc, "## 3. Functional Requirements")
		if !ok {
			t.Fatal("requirements-spec.md has no Functional Requirements")
		}
		sec, _, _ := strings.Cut(after, "\n## ")
		return sec
	}
	if !strings.Contains(fr(spec()), "\n\n"+mark+"\n") {
		t.Errorf("Functional Requirements carry no draft mark %q:\n%s", mark, fr(spec()))
	}
	// rebuild renders the same document, mark included.
	before := spec()
	if err := os.Remove(filepath.Join(item, "requirements-spec.md")); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Rebuild(s.Slug); err != nil {
		t.Fatal(err)
	}
	if spec() != before {
		t.Errorf("rebuild renders requirements-spec.md differently")
	}

	// A person rewrites a requirement: the answer is theirs now.
	rel, _ := filepath.Glob(filepath.Join(item, "answers", "01-06-*.md"))
	if len(rel) != 1 {
		t.Fatalf("01-06 answer files: %q", rel)
	}
	data, err := os.ReadFile(rel[0])
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(data), "ordered by issued_on then invoice_id", "ordered by issued_on, then by invoice_id", 1)
	if edited == string(data) {
		t.Fatal("the 01-06 answer lacks the sentence the test edits")
	}
	if err := os.WriteFile(rel[0], []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if r, err := m.Next(s.Slug); err != nil {
		t.Fatalf("revision: %v %v", err, r)
	}
	check("after the person's revision", "", "ai-draft, confirmed by @lee")
	if strings.Contains(fr(spec()), mark) {
		t.Errorf("the rewritten requirements still carry the draft mark:\n%s", fr(spec()))
	}
	use, err = readMeta(t, dir, s.Slug).AIUse()
	if err != nil || use == nil {
		t.Fatalf("ai record after the revision: %+v, %v", use, err)
	}
	after := map[string]string{}
	for _, d := range use.Drafts {
		after[d.StepID+"."+d.QuestionID] = d.Source
	}
	if _, ok := after["01-06.requirements"]; ok {
		t.Errorf("meta.json still credits the model with the rewritten requirements: %q", after)
	}
	if after["01-07.stories"] != "ai-draft, confirmed by @lee" {
		t.Errorf("the stories' record changed with another step's revision: %q", after)
	}
}
