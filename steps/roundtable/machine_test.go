package roundtable

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/templates"
)

func newMachine(t *testing.T) (*Machine, *fakeRepo) {
	t.Helper()
	repo := newFakeRepo(t.TempDir())
	var warnings []string
	m := &Machine{
		Repo: repo, Templates: templates.Set{Repo: os.DirFS(repo.root)}, Embedded: templates.FS,
		Now:  func() time.Time { return time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC) },
		Warn: func(s string) { warnings = append(warnings, s) },
	}
	t.Cleanup(func() {
		for _, w := range warnings {
			t.Logf("warning: %s", w)
		}
	})
	return m, repo
}

func mustNew(t *testing.T, m *Machine) *Reply {
	t.Helper()
	r, err := m.New(NewOptions{Description: "Let customers export invoices as CSV", Slug: "csv"})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func answerAll(t *testing.T, m *Machine, r *Reply) {
	t.Helper()
	for _, q := range r.Step.Questions {
		if q.Answered {
			continue
		}
		text := "Finance clerks download every invoice of the quarter as one CSV file for the auditors today."
		if _, err := m.Answer("csv", q.ID, text); err != nil {
			t.Fatalf("answer %s: %v", q.ID, err)
		}
	}
}

func TestNewCommitsOnlyItsFiles(t *testing.T) {
	m, repo := newMachine(t)
	r := mustNew(t, m)
	if repo.branch != "rtgit/csv" {
		t.Errorf("branch = %s", repo.branch)
	}
	c := repo.head()
	want := []string{"docs/requirements/csv/answers/00-01-scope-estimation.md", "docs/requirements/csv/meta.json"}
	if strings.Join(c.paths, " ") != strings.Join(want, " ") {
		t.Errorf("committed %v, want %v", c.paths, want)
	}
	if !strings.HasPrefix(c.message, "rtgit: start analysis csv") {
		t.Errorf("message = %q", c.message)
	}
	if r.Step.Header != "Maya Chen (Business Analyst) -- Step 00-01: Scope Estimation" {
		t.Errorf("header = %q", r.Step.Header)
	}
	if _, err := m.New(NewOptions{Description: "again", Slug: "csv"}); !errors.Is(err, ErrExists) {
		t.Errorf("second New: %v, want ErrExists", err)
	}
}

func TestNextRefusesIncompleteAndChangesNothing(t *testing.T) {
	m, repo := newMachine(t)
	mustNew(t, m)
	before := len(repo.commits)
	r, err := m.Next("csv")
	if !errors.Is(err, ErrIncomplete) {
		t.Fatalf("Next = %v, want ErrIncomplete", err)
	}
	if len(r.Problems) != 3 || !strings.Contains(r.Problems[0], "answers/00-01-scope-estimation.md:") {
		t.Errorf("problems = %q", r.Problems)
	}
	if len(repo.commits) != before {
		t.Errorf("Next made a commit on incomplete answers")
	}
}

func TestNextCompletesStepInOneCommit(t *testing.T) {
	m, repo := newMachine(t)
	answerAll(t, m, mustNew(t, m))
	r, err := m.Next("csv")
	if err != nil {
		t.Fatal(err)
	}
	c := repo.head()
	if c.message != "rtgit: complete 00-01 Scope Estimation" {
		t.Errorf("message = %q", c.message)
	}
	for _, p := range []string{"docs/requirements/csv/answers/00-01-scope-estimation.md", "docs/requirements/csv/quick-scan.md",
		"docs/requirements/csv/meta.json", "docs/requirements/csv/answers/00-02-keyword-search.md"} {
		if _, ok := c.files[p]; !ok || !slices.Contains(c.paths, p) {
			t.Errorf("commit lacks %s (paths %v)", p, c.paths)
		}
	}
	if !strings.Contains(string(c.files["docs/requirements/csv/meta.json"]), `"00-01"`) {
		t.Errorf("meta.json does not record 00-01")
	}
	if r.Step == nil || r.Step.ID != "00-02" {
		t.Errorf("open step = %+v", r.Step)
	}
	// Nothing is left uncommitted: the worktree matches the commit.
	for _, p := range c.paths {
		wt, _ := os.ReadFile(filepath.Join(repo.root, filepath.FromSlash(p)))
		if string(wt) != string(c.files[p]) {
			t.Errorf("%s differs from its commit", p)
		}
	}
}

func TestSkipDraftsMarkersAndRecordsNoSteps(t *testing.T) {
	m, _ := newMachine(t)
	mustNew(t, m)
	r, err := m.Skip("csv")
	if err != nil {
		t.Fatal(err)
	}
	if r.Lines[0].Text != SkipMessage {
		t.Errorf("first line = %q", r.Lines[0].Text)
	}
	st, err := m.Status("csv")
	if err != nil {
		t.Fatal(err)
	}
	if len(st.StepsCompleted) != 0 || len(st.PhasesCompleted) != 1 || st.Phase != "01-requirements" {
		t.Errorf("status = %+v", st)
	}
	qs, _ := os.ReadFile(filepath.Join(m.Repo.Root(), "docs/requirements/csv/quick-scan.md"))
	// Every question of the phase, including steps after the open one, is marked.
	for _, want := range []string{"[NEEDS CLARIFICATION: Describe the change in your own words", "[NEEDS CLARIFICATION: "} {
		if !strings.Contains(string(qs), want) {
			t.Errorf("quick-scan.md lacks %q:\n%s", want, qs)
		}
	}
	if n := strings.Count(string(qs), "[NEEDS CLARIFICATION"); n < 4 {
		t.Errorf("quick-scan.md has %d markers; the later steps' questions are missing", n)
	}
}

func TestSetDepthKeepsAnswers(t *testing.T) {
	m, _ := newMachine(t)
	mustNew(t, m)
	if _, err := m.Answer("csv", "change", "Customers download all their invoices as a single CSV file."); err != nil {
		t.Fatal(err)
	}
	r, err := m.SetDepth("csv", steps.Deep)
	if err != nil {
		t.Fatal(err)
	}
	if r.Lines[0].Text != "Got it, switching to thorough mode." || r.Step.Depth != steps.Deep {
		t.Errorf("reply = %+v", r)
	}
	answered := false
	for _, q := range r.Step.Questions {
		answered = answered || (q.ID == "change" && q.Answered)
	}
	if !answered {
		t.Errorf("the answer to change was lost: %+v", r.Step.Questions)
	}
	st, _ := m.Status("csv")
	if st.Depth != "deep" {
		t.Errorf("status depth = %s", st.Depth)
	}
}

func TestCommentRoutes(t *testing.T) {
	m, repo := newMachine(t)
	mustNew(t, m)
	r, err := m.Comment("csv", "Customers with thousands of invoices matter most. They close the month first.")
	if err != nil {
		t.Fatal(err)
	}
	if want := "> Customers with thousands of invoices matter most. They close the month first.\n\nThat's important -- so customers with thousands of invoices matter most. Let me capture that.\n\n" +
		"It is kept in the feedback of docs/requirements/csv/answers/00-01-scope-estimation.md, and goes into docs/requirements/csv/quick-scan.md under \"Scope\" when step 00-01 completes."; r.Lines[0].Text != want {
		t.Errorf("reflection = %q, want %q", r.Lines[0].Text, want)
	}
	data, _ := os.ReadFile(filepath.Join(repo.root, "docs/requirements/csv/answers/00-01-scope-estimation.md"))
	if !strings.Contains(string(data), "They close the month first.") {
		t.Errorf("feedback not kept in the answer file")
	}
	if _, err := m.Comment("csv", "C"); !errors.Is(err, ErrIncomplete) {
		t.Errorf("C on an unanswered step = %v", err)
	}
	if _, err := m.Comment("csv", strings.Repeat("x", MaxCommentBytes+1)); err == nil {
		t.Errorf("an oversized comment was accepted")
	}
	if _, err := m.Comment("csv", "bad\x00byte"); err == nil {
		t.Errorf("a NUL byte was accepted")
	}
}

func TestVerbsRefuseOtherBranch(t *testing.T) {
	m, repo := newMachine(t)
	mustNew(t, m)
	repo.branch = "main"
	if _, err := m.Next("csv"); err == nil {
		t.Errorf("Next ran with main checked out")
	}
	if _, err := m.Next("../../etc"); err == nil || !strings.Contains(err.Error(), "slug") {
		t.Errorf("a hostile slug was not refused: %v", err)
	}
}

// Words are judged under the item's lock against the same state: a damaged
// elaboration file is reported, never silently taken as "no discussion".
func TestCommentReportsDamagedElaborationFile(t *testing.T) {
	m, repo := newMachine(t)
	mustNew(t, m)
	rel := "docs/requirements/csv/answers/00-01-scope-estimation.elaboration.md"
	if err := os.WriteFile(filepath.Join(repo.root, rel), []byte("no front matter\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := m.Comment("csv", "Customers with thousands of invoices matter most here.")
	if err == nil || !strings.Contains(err.Error(), rel+":1: missing front matter") {
		t.Fatalf("Comment = %v, want an error naming %s", err, rel)
	}
	data, _ := os.ReadFile(filepath.Join(repo.root, "docs/requirements/csv/answers/00-01-scope-estimation.md"))
	if strings.Contains(string(data), "thousands of invoices") {
		t.Errorf("the comment was recorded as feedback")
	}
}
