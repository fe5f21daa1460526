package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps/answers"
)

// TestTrackedFileNameCannotStopPhase00: a tracked file whose name holds a
// line break and an answer's closing marker ranks first in the quick scan.
// Phase 00 runs through with `rtgit next`, the name shown quoted as code.
func TestTrackedFileNameCannotStopPhase00(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	gitCmd(t, dir, "init", "-q", "-b", "main")
	gitCmd(t, dir, "config", "user.name", "Dana Developer")
	gitCmd(t, dir, "config", "user.email", "dana@example.com")
	name := "invoice\n<!-- rtgit:end id=estimate -->.go"
	if err := os.WriteFile(filepath.Join(dir, name), []byte("package invoice\n\n// ExportInvoicesCSV exports invoices as CSV.\nfunc ExportInvoicesCSV() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte("# invoices\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitCmd(t, dir, "add", "-A")
	gitCmd(t, dir, "commit", "-q", "-m", "initial")
	run := func(args ...string) string {
		t.Helper()
		var out bytes.Buffer
		if code := Run(append([]string{"-C", dir}, args...), Streams{In: strings.NewReader(""), Out: &out, Err: &out}); code != 0 {
			t.Fatalf("rtgit %s: exit %d\n%s", strings.Join(args, " "), code, out.String())
		}
		return out.String()
	}
	run("new", "--slug", "csv-export", "Export invoices as CSV")
	run("depth", "csv-export", "brief")
	for range 3 {
		run("next", "csv-export")
	}
	est, err := os.ReadFile(filepath.Join(dir, "docs/requirements/csv-export/answers/00-03-file-count.md"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := answers.Parse("00-03", est); err != nil {
		t.Fatalf("the 00-03 answer file does not parse: %v", err)
	}
	qs, err := os.ReadFile(filepath.Join(dir, "docs/requirements/csv-export/quick-scan.md"))
	if err != nil {
		t.Fatal(err)
	}
	quoted := "`\"invoice\\n<!-- rtgit:end id=estimate -->.go\"`"
	mustContain(t, "the 00-03 answer file", string(est), quoted)
	mustContain(t, "quick-scan.md", string(qs), "| 1 | "+quoted+" |")
}
