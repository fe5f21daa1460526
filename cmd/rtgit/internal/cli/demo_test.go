package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Each folder is listed once, with all its files under it, even when a
// subfolder's name sorts between them.
func TestArtifactTreeListsEachFolderOnce(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{
		"docs/common/nfr-matrix.md",
		"docs/requirements/csv/adr-0001-approach.md",
		"docs/requirements/csv/answers/00-01-scope-estimation.md",
		"docs/requirements/csv/meta.json",
		"docs/requirements/csv/quick-scan.md",
	} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	if err := printArtifactTree(Streams{Out: &out}, dir, "csv"); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if n := strings.Count(got, "  docs/requirements/csv/\n"); n != 1 {
		t.Errorf("docs/requirements/csv/ is listed %d times:\n%s", n, got)
	}
	csv := strings.Index(got, "  docs/requirements/csv/\n")
	answers := strings.Index(got, "  docs/requirements/csv/answers/\n")
	for _, f := range []string{"adr-0001-approach.md", "meta.json", "quick-scan.md"} {
		if i := strings.Index(got, f); i < csv || i > answers {
			t.Errorf("%s is not listed under docs/requirements/csv/:\n%s", f, got)
		}
	}
}
