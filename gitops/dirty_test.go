package gitops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDirty(t *testing.T) {
	dir, r := newRepo(t, map[string]string{
		"clean.md": "clean\n", "modified.md": "v1\n", "staged.md": "v1\n", "deleted.md": "gone\n",
		"unstaged-rm.md": "x\n", "reverted.md": "v1\n", "docs/sub/clean.md": "deep\n",
	})
	writeFile(t, dir, "modified.md", "v2\n")
	writeFile(t, dir, "staged.md", "v2\n")
	git(t, dir, "add", "staged.md")
	os.Remove(filepath.Join(dir, "deleted.md"))
	git(t, dir, "rm", "-q", "--cached", "unstaged-rm.md")
	// Staged change, then the worktree put back: the index still differs.
	writeFile(t, dir, "reverted.md", "v2\n")
	git(t, dir, "add", "reverted.md")
	writeFile(t, dir, "reverted.md", "v1\n")
	writeFile(t, dir, "untracked.md", "user's own\n")
	writeFile(t, dir, "added.md", "new\n")
	git(t, dir, "add", "added.md")
	os.MkdirAll(filepath.Join(dir, "adir"), 0o755)
	writeFile(t, dir, "adir/inside.md", "x")

	paths := []string{
		"clean.md", "docs/sub/clean.md", "modified.md", "staged.md", "deleted.md", "unstaged-rm.md",
		"reverted.md", "untracked.md", "added.md", "never.md", "docs/sub/never.md", "adir",
	}
	got, err := r.Dirty(paths)
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "Dirty", strings.Join(got, " "),
		"modified.md staged.md deleted.md unstaged-rm.md reverted.md untracked.md added.md")

	// After rtgit commits them, the same paths are clean.
	if _, err := r.Commit(got, "take them"); err != nil {
		t.Fatal(err)
	}
	if again, err := r.Dirty(paths); err != nil || len(again) != 0 {
		t.Errorf("Dirty after Commit = %v, %v; want none", again, err)
	}
}

func TestDirtyUnbornBranch(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	git(t, dir, "init", "-q")
	writeFile(t, dir, "a.md", "a")
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.Dirty([]string{"a.md", "b.md"})
	if err != nil || strings.Join(got, ",") != "a.md" {
		t.Errorf("Dirty = %v, %v; want [a.md]", got, err)
	}
}
