package roundtable_test

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// The build plan says nothing of which files change: a task title drafted
// from the design ("…: Public surface: unchanged") or typed by a person is
// not a statement that its file stays as it is.
func TestPlanTitlesDoNotMarkFilesReadOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("whole demo: skipped with -short")
	}
	s := loadScript(t)
	// The files list follows the answers, as it does when nobody edits it.
	for _, qs := range s.Answers {
		delete(qs, "affected_files")
	}
	if s.Answers["04-05"] == nil {
		s.Answers["04-05"] = map[string]string{}
	}
	var plan string
	for _, id := range []string{"T001", "T002", "T003", "T004", "T005", "T006", "T007", "T008"} {
		plan += id + " code: invoices.store (invoices/store.py): Public surface: unchanged | traces: FR-001 | files: invoices/store.py\n"
	}
	s.Answers["04-05"]["tasks"] = plan
	m, dir := newDemoMachine(t)
	if err := drive(t, m, s, ""); err != nil {
		t.Fatal(err)
	}
	impact, err := os.ReadFile(filepath.Join(dir, "docs", "requirements", s.Slug, "impact-analysis.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile("(?m)^\\| `invoices/store.py` \\|.*\\| modify \\|$").Match(impact) {
		t.Errorf("invoices/store.py is not a modify row:\n%s", impact)
	}
}
