package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// impactNaming is an impact analysis whose Directly Affected Files are
// files.
func impactNaming(files ...string) string {
	var b strings.Builder
	b.WriteString("# Impact Analysis\n\n## 2. Directly Affected Files\n\n| File | Module | Impact | Change type |\n| --- | --- | --- | --- |\n")
	for _, f := range files {
		b.WriteString("| `" + f + "` | invoices | named in 02-01 radius | modify |\n")
	}
	return b.String()
}

func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for p, body := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The dashboard of a pull request whose analysis plans to change a file
// another analysis on origin plans to change too names that analysis and
// the file; a merged analysis that named the file brings its decision.
// The action reads the other analyses from a shallow workspace, as the
// workflow's checkout leaves it.
func TestActionDashboardShowsOverlapsAndPriorDecisions(t *testing.T) {
	h := newHarness(t)
	h.shallow = true
	full := filepath.Join(t.TempDir(), "full")
	gitCmd(t, h.origin, "clone", "-q", h.origin, full)

	// Merged earlier: an analysis with an ADR about invoices/api.py.
	writeTree(t, full, map[string]string{
		"docs/requirements/invoice-pdf/meta.json":          `{"description": "Invoices as PDF", "source": "manual", "slug": "invoice-pdf", "analysis_status": "analyzed"}` + "\n",
		"docs/requirements/invoice-pdf/impact-analysis.md": impactNaming("invoices/api.py", "invoices/pdf.py"),
		"docs/requirements/invoice-pdf/adr-0001-pdf-library.md": "---\nstatus: accepted\ndate: 2026-03-02\n---\n\n# PDF library\n\n" +
			"## Decision Outcome\n\nChosen option: \"ReportLab\", because it streams pages.\n",
	})
	gitCmd(t, full, "add", "-A")
	gitCmd(t, full, "commit", "-q", "-m", "Merge analysis invoice-pdf")
	gitCmd(t, full, "push", "-q", "origin", "main")

	// Open on origin: another analysis naming the same file.
	var out bytes.Buffer
	if code := Run([]string{"-C", full, "new", "--slug", "invoice-email", "Email invoices to customers"}, Streams{In: strings.NewReader(""), Out: &out, Err: &out}); code != 0 {
		t.Fatalf("rtgit new: %d\n%s", code, out.String())
	}
	writeTree(t, full, map[string]string{"docs/requirements/invoice-email/impact-analysis.md": impactNaming("invoices/api.py", "invoices/mail.py")})
	gitCmd(t, full, "add", "-A")
	gitCmd(t, full, "commit", "-q", "-m", "impact analysis")
	gitCmd(t, full, "push", "-q", "origin", "rtgit/invoice-email")

	// This pull request's analysis names the file too.
	gitCmd(t, full, "switch", "-q", "rtgit/"+testSlug)
	writeTree(t, full, map[string]string{"docs/requirements/" + testSlug + "/impact-analysis.md": impactNaming("invoices/api.py", "invoices/csv.py")})
	gitCmd(t, full, "add", "-A")
	gitCmd(t, full, "commit", "-q", "-m", "impact analysis")
	gitCmd(t, full, "push", "-q", "origin", "rtgit/"+testSlug)

	h.comment(alice, "/rtgit status")
	mustContain(t, "dashboard", h.dashboard(),
		"### Overlapping analyses",
		"- ⚠️ `invoice-email` (`origin/rtgit/invoice-email`, 00-01, started by Dana Developer): files `invoices/api.py`",
		"### Earlier decisions about these files",
		"- `invoice-pdf` (merged in `",
		"named `invoices/api.py`, `invoices`",
		`  - ADR-0001 PDF library (2026-03-02): Chosen option: "ReportLab", because it streams pages.`)
	if strings.Contains(h.dashboard(), "invoices/mail.py") {
		t.Errorf("the dashboard names a file only the other analysis touches:\n%s", h.dashboard())
	}
}
