package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFileReplacesWithExactMode(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "meta.json")
	if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("new"), Perm(p, 0o644)); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p); string(got) != "new" || fi.Mode().Perm() != 0o600 {
		t.Errorf("content %q mode %v; want \"new\" 0600", got, fi.Mode().Perm())
	}
	q := filepath.Join(dir, "new.md")
	if err := WriteFile(q, []byte("x"), Perm(q, 0o644)); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(q); fi.Mode().Perm() != 0o644 {
		t.Errorf("a new file got mode %v, want 0644 whatever the umask", fi.Mode().Perm())
	}
	left, _ := filepath.Glob(filepath.Join(dir, TempPattern))
	if len(left) != 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

// A failed write leaves the old file and no temporary file.
func TestWriteFileFailureLeavesTheOldFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "meta.json")
	if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Renaming a file over a non-empty directory fails after the data is
	// written, which exercises the clean-up path.
	target := filepath.Join(dir, "sub")
	if err := os.MkdirAll(filepath.Join(target, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(target, []byte("new"), 0o644); err == nil {
		t.Fatal("renaming over a non-empty directory succeeded")
	}
	if got, _ := os.ReadFile(p); string(got) != "old" {
		t.Errorf("the old file changed: %q", got)
	}
	left, _ := filepath.Glob(filepath.Join(dir, TempPattern))
	if len(left) != 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
	if err := WriteFile(filepath.Join(dir, "missing", "f"), []byte("x"), 0o644); err == nil {
		t.Error("writing into a missing directory succeeded")
	}
}

// A symlink at the path is replaced, never followed out of its directory.
func TestWriteFileDoesNotFollowSymlinks(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	victim := filepath.Join(outside, "victim")
	if err := os.WriteFile(victim, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "meta.json")
	if err := os.Symlink(victim, link); err != nil {
		t.Skip(err)
	}
	if err := WriteFile(link, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(victim); string(got) != "keep" {
		t.Errorf("the symlink's target was written: %q", got)
	}
}
