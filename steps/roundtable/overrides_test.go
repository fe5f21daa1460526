package roundtable

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// With Overrides set, step files come from that tree and the worktree's
// are not read; without it, the worktree's are.
func TestPlanReadsOverridesInsteadOfTheWorktree(t *testing.T) {
	const stepFile = ".rtgit/steps/00-quick-scan/09-house-check.md"
	step := func(title string) string {
		return "---\nstep_id: \"00-09\"\ntitle: \"" + title + "\"\npersona: \"business-analyst\"\ndepth: \"standard\"\noutputs:\n  - quick-scan.md\n---\n\n## Standard Mode\n\n- `check` Is this checked?\n"
	}
	m, repo := newMachine(t)
	p := filepath.Join(repo.root, filepath.FromSlash(stepFile))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(step("Worktree Check")), 0o644); err != nil {
		t.Fatal(err)
	}
	title := func() string {
		t.Helper()
		route, err := m.RouteFor("")
		if err != nil {
			t.Fatal(err)
		}
		if errs := route.RepoErrors(); len(errs) != 0 {
			t.Fatalf("the test's step file is invalid: %v", errs)
		}
		for _, s := range route.Steps() {
			if s.ID == "00-09" {
				return s.Title
			}
		}
		return ""
	}
	if got := title(); got != "Worktree Check" {
		t.Fatalf("without Overrides, step 00-09 is %q; want the worktree's", got)
	}
	m.Overrides = fstest.MapFS{stepFile: {Data: []byte(step("Trusted Check"))}}
	if got := title(); got != "Trusted Check" {
		t.Fatalf("with Overrides, step 00-09 is %q; want the overrides' file, not the worktree's", got)
	}
	m.Overrides = fstest.MapFS{}
	if got := title(); got != "" {
		t.Fatalf("with empty Overrides, step 00-09 is %q; want none: the worktree is not read", strings.TrimSpace(got))
	}
}

// A broken file in Overrides is named with where Overrides is, so it is
// looked for there and not in the worktree.
func TestBrokenOverrideSaysWhereItIs(t *testing.T) {
	m, _ := newMachine(t)
	m.OverridesWhere = "on main at 1a2b3c4d"
	m.Overrides = fstest.MapFS{".rtgit/steps/00-quick-scan/01-scope-estimation.md": {Data: []byte("---\nstep_id: \"00-01\"\ntitle: [\n---\n")}}
	_, err := m.New(NewOptions{Description: "Let customers export invoices as CSV", Slug: "csv"})
	if !errors.Is(err, ErrBrokenSteps) || !strings.Contains(err.Error(), "broken step file on main at 1a2b3c4d: .rtgit/steps/00-quick-scan/01-scope-estimation.md:") {
		t.Errorf("New with a broken step file = %v; want ErrBrokenSteps naming the file and where it is", err)
	}
	m.Overrides = fstest.MapFS{".rtgit/personas.yaml": {Data: []byte("personas: [\n")}}
	if _, err := m.RouteFor(""); err == nil || !strings.HasPrefix(err.Error(), "overrides on main at 1a2b3c4d: .rtgit/personas.yaml") {
		t.Errorf("RouteFor with broken personas = %v; want an error naming the file and where it is", err)
	}
}
