package roundtable_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps/roundtable"
)

// rebuildIsNoOp runs Rebuild and checks it committed nothing and left the
// worktree as it was.
func rebuildIsNoOp(t *testing.T, m *roundtable.Machine, dir, slug string) {
	t.Helper()
	before := gitOut(t, dir, "rev-parse", "HEAD")
	r, err := m.Rebuild(slug)
	if err != nil {
		t.Fatal(err)
	}
	if r.Commit != "" || len(r.Changed) != 0 {
		t.Fatalf("rebuild of an untouched analysis committed %s, changing %v", r.Commit, r.Changed)
	}
	if after := gitOut(t, dir, "rev-parse", "HEAD"); after != before {
		t.Fatalf("HEAD moved from %s to %s", before, after)
	}
	if st := gitOut(t, dir, "status", "--porcelain"); st != "" {
		t.Fatalf("rebuild left the worktree changed:\n%s", st)
	}
}

func gitOut(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// The whole demo, rebuilt: every artifact is already what the answers
// render to, byte for byte.
func TestRebuildDemoIsNoOp(t *testing.T) {
	if testing.Short() {
		t.Skip("whole demo: skipped with -short")
	}
	s := loadScript(t)
	m, dir := newDemoMachine(t)
	if err := drive(t, m, s, ""); err != nil {
		t.Fatal(err)
	}
	rebuildIsNoOp(t, m, dir, s.Slug)

	// Deleted artifacts come back byte for byte.
	item := filepath.Join(dir, "docs", "requirements", s.Slug)
	gone := []string{"requirements-spec.md", "user-stories.json", "interface-spec.yaml", "module-design-invoices-export.md"}
	for _, n := range gone {
		if err := os.Remove(filepath.Join(item, n)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := m.Rebuild(s.Slug); err != nil {
		t.Fatal(err)
	}
	for _, n := range gone {
		got, err := os.ReadFile(filepath.Join(item, n))
		want, _ := os.ReadFile(filepath.Join("testdata", "artifacts", n))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s after rebuild differs from testdata/artifacts/%s (%v)", n, n, err)
		}
	}
	if st := gitOut(t, dir, "status", "--porcelain"); st != "" {
		t.Fatalf("rebuild left the worktree changed:\n%s", st)
	}
}

// An analysis mostly skipped: drafts with NEEDS CLARIFICATION markers for
// steps that never ran are rendered again the same.
func TestRebuildSkipHeavyIsNoOp(t *testing.T) {
	if testing.Short() {
		t.Skip("whole analysis: skipped with -short")
	}
	s := loadScript(t)
	m, dir := newDemoMachine(t)
	if _, err := m.New(roundtable.NewOptions{Description: s.Description, Slug: s.Slug}); err != nil {
		t.Fatal(err)
	}
	// Phase 00 answered in full, then every later phase skipped from its
	// first or second step, partly answered.
	for range 3 {
		answerOpen(t, m, s)
		if _, err := m.Next(s.Slug); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 4 {
		answerOpen(t, m, s)
		if i%2 == 0 {
			if _, err := m.Next(s.Slug); err != nil {
				t.Fatal(err)
			}
			if _, err := m.Answer(s.Slug, firstQuestion(t, m, s.Slug), "Partly answered before the skip."); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := m.Skip(s.Slug); err != nil {
			t.Fatal(err)
		}
	}
	st, err := m.Status(s.Slug)
	if err != nil || st.AnalysisStatus != "analyzed" {
		t.Fatalf("status %+v, %v", st, err)
	}
	rebuildIsNoOp(t, m, dir, s.Slug)
}

// answerOpen answers the open step's questions from the demo script.
func answerOpen(t *testing.T, m *roundtable.Machine, s demoScript) {
	t.Helper()
	st, err := m.Status(s.Slug)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range st.Step.Questions {
		if text, ok := s.Answers[st.Step.ID][q.ID]; ok {
			if _, err := m.Answer(s.Slug, q.ID, text); err != nil {
				t.Fatalf("%s %s: %v", st.Step.ID, q.ID, err)
			}
		}
	}
}

func firstQuestion(t *testing.T, m *roundtable.Machine, slug string) string {
	t.Helper()
	st, err := m.Status(slug)
	if err != nil {
		t.Fatal(err)
	}
	return st.Step.Questions[0].ID
}
