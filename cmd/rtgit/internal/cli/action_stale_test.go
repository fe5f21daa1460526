package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The dashboard and the job summary compare the analysis with the pull
// request's base branch as fetched in the run: unknown while the impact
// analysis names no file, a warning with the commit once a named file
// changed on main, and none again after `/rtgit refresh` from the PR.
func TestActionDashboardShowsStaleness(t *testing.T) {
	h := newHarness(t)
	_, out := h.comment(alice, "/rtgit status")
	mustContain(t, "dashboard before the base moved", h.dashboard(), "**Staleness:** ✅ none: origin/main has not moved")
	mustContain(t, "job summary", out, "**Staleness:** ✅ none")

	// The analysis names README.md in its Directly Affected Files table.
	ws := h.workspace()
	gitCmd(t, ws, "switch", "-q", "rtgit/"+testSlug)
	impact := filepath.Join(ws, "docs", "requirements", testSlug, "impact-analysis.md")
	table := "# Impact Analysis\n\n## 2. Directly Affected Files\n\n| File | Module | Impact | Change type |\n| --- | --- | --- | --- |\n| `README.md` | (root) | named in 02-01 radius | modify |\n"
	if err := os.WriteFile(impact, []byte(table), 0o644); err != nil {
		t.Fatal(err)
	}
	gitCmd(t, ws, "add", "-A")
	gitCmd(t, ws, "commit", "-q", "-m", "impact: name README.md")
	gitCmd(t, ws, "push", "-q", "origin", "rtgit/"+testSlug)

	// main moves: first an unrelated file, then README.md.
	gitCmd(t, ws, "switch", "-q", "main")
	if err := os.WriteFile(filepath.Join(ws, "NOTES.md"), []byte("notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitCmd(t, ws, "add", "NOTES.md")
	gitCmd(t, ws, "commit", "-q", "-m", "docs: notes")
	gitCmd(t, ws, "push", "-q", "origin", "main")
	_, out = h.comment(alice, "/rtgit status")
	mustContain(t, "dashboard after an unrelated commit", h.dashboard(), "**Staleness:** ℹ️ info: origin/main moved from ", "none of the 1 files the impact analysis names changed")
	mustContain(t, "job summary", out, "ℹ️ info")

	if err := os.WriteFile(filepath.Join(ws, "README.md"), []byte("# invoices, now with exports\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitCmd(t, ws, "commit", "-q", "-am", "readme: describe exports")
	gitCmd(t, ws, "push", "-q", "origin", "main")
	readme := gitCmd(t, ws, "rev-parse", "--short=7", "HEAD")
	_, out = h.comment(alice, "/rtgit status")
	dash := h.dashboard()
	mustContain(t, "dashboard after README.md changed", dash, "**Staleness:** ⚠️ warning: origin/main moved 2 commits",
		"- `README.md` (modified): `"+readme+"` readme: describe exports", "comment `/rtgit refresh`")
	mustContain(t, "job summary", out, "⚠️ warning", readme)

	_, out = h.comment(alice, "/rtgit refresh")
	last := h.replies()[len(h.replies())-1]
	mustContain(t, "reply to /rtgit refresh", last, "codebase_hash is now "+readme)
	mustContain(t, "meta.json on origin", h.originFile(metaJSON), `"codebase_hash": "`+readme+`"`)
	mustContain(t, "quick-scan.md on origin", h.originFile("docs/requirements/"+testSlug+"/quick-scan.md"), "## Refreshes")
	mustContain(t, "dashboard after refresh", h.dashboard(), "**Staleness:** ✅ none")
	if strings.Contains(h.dashboard(), "⚠️ warning") {
		t.Errorf("the dashboard still warns after the refresh:\n%s", h.dashboard())
	}
	_ = out
}
