package pathguard

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCheck(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "docs", "real"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, "docs", "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "f"), filepath.Join(root, "docs", "real", "file.md")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		rel  string
		last bool
		want string // "" when the write may go ahead
	}{
		{"docs/real/new.md", true, ""},
		{"docs/missing/deeper/new.md", true, ""},
		{"docs/link/x.md", true, "refusing to write docs/link/x.md: docs/link is a symlink"},
		{"docs/link/x.md", false, "refusing to write docs/link/x.md: docs/link is a symlink"},
		{"docs/real/file.md", true, "refusing to write docs/real/file.md: docs/real/file.md is a symlink"},
		// The file itself is replaced, not followed, when last is false.
		{"docs/real/file.md", false, ""},
	} {
		err := Check(root, c.rel, c.last)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("Check(%q, last=%v) = %q, want %q", c.rel, c.last, got, c.want)
		}
	}
}
