package gitops

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var baseFiles = map[string]string{
	"README.md":        "# project\n",
	"other.txt":        "other\n",
	"docs/existing.md": "existing\n",
	"src/lib/code.go":  "package lib\n",
}

func TestCommitOnlyNamedPaths(t *testing.T) {
	dir, r := newRepo(t, baseFiles)
	// The user's own work in progress: one file staged, one edited.
	writeFile(t, dir, "staged.txt", "user staged this\n")
	git(t, dir, "add", "staged.txt")
	writeFile(t, dir, "other.txt", "user edit\n")

	writeFile(t, dir, "docs/requirements/foo/meta.json", "{\"slug\":\"foo\"}\n")
	writeFile(t, dir, "docs/existing.md", "changed by rtgit\n")
	paths := []string{"docs/requirements/foo/meta.json", "docs/existing.md"}
	sha, err := r.Commit(paths, "rtgit: start analysis foo\n\nbody line")
	if err != nil {
		t.Fatal(err)
	}

	equal(t, "HEAD", git(t, dir, "rev-parse", "HEAD"), sha)
	equal(t, "committed files", git(t, dir, "show", "--name-only", "--format=", "HEAD"),
		"docs/existing.md\ndocs/requirements/foo/meta.json")
	equal(t, "message", git(t, dir, "log", "-1", "--format=%B"), "rtgit: start analysis foo\n\nbody line")
	equal(t, "author", git(t, dir, "log", "-1", "--format=%an <%ae> / %cn <%ce>"),
		"Test User <test@example.com> / Test User <test@example.com>")
	equal(t, "nested file", git(t, dir, "show", "HEAD:docs/requirements/foo/meta.json"), "{\"slug\":\"foo\"}")
	equal(t, "parent", git(t, dir, "rev-parse", "HEAD^"), git(t, dir, "rev-parse", "HEAD@{1}"))
	equal(t, "reflog", git(t, dir, "reflog", "-1", "--format=%gs"), "commit: rtgit: start analysis foo")

	// The index entries carry real stat data: diff-files trusts stat info
	// without re-reading, so it must already see the committed paths clean.
	equal(t, "diff-files", git(t, dir, "diff-files", "--name-only"), "other.txt")
	equal(t, "status", git(t, dir, "status", "--porcelain"), " M other.txt\nA  staged.txt")
	equal(t, "staged", git(t, dir, "diff", "--cached", "--name-only"), "staged.txt")
	equal(t, "other.txt in HEAD", git(t, dir, "show", "HEAD:other.txt"), "other")
	fsck(t, dir)

	// Real git can build on the index we wrote.
	git(t, dir, "commit", "-q", "-m", "user commit")
	equal(t, "user commit", git(t, dir, "show", "--name-only", "--format=", "HEAD"), "staged.txt")
	fsck(t, dir)
}

func TestCommitDeletion(t *testing.T) {
	dir, r := newRepo(t, map[string]string{
		"keep.md": "keep\n", "docs/old/only.md": "only\n", "docs/req/a.md": "a\n", "docs/req/b.md": "b\n",
	})
	for _, p := range []string{"docs/old/only.md", "docs/req/a.md"} {
		if err := os.Remove(filepath.Join(dir, filepath.FromSlash(p))); err != nil {
			t.Fatal(err)
		}
	}
	// A path that never existed is simply nothing to remove.
	if _, err := r.Commit([]string{"docs/old/only.md", "docs/req/a.md", "never/was.md"}, "remove"); err != nil {
		t.Fatal(err)
	}
	equal(t, "tree", git(t, dir, "ls-tree", "-r", "--name-only", "HEAD"), "docs/req/b.md\nkeep.md")
	equal(t, "status", git(t, dir, "status", "--porcelain"), "")
	fsck(t, dir)
}

func TestCommitEverythingAway(t *testing.T) {
	dir, r := newRepo(t, map[string]string{"only.md": "x\n"})
	os.Remove(filepath.Join(dir, "only.md"))
	if _, err := r.Commit([]string{"only.md"}, "empty"); err != nil {
		t.Fatal(err)
	}
	equal(t, "tree", git(t, dir, "rev-parse", "HEAD^{tree}"), "4b825dc642cb6eb9a060e54bf8d69288fbee4904")
	fsck(t, dir)
}

func TestCommitNothingChanged(t *testing.T) {
	dir, r := newRepo(t, baseFiles)
	head := git(t, dir, "rev-parse", "HEAD")
	sha, err := r.Commit([]string{"README.md", "docs/absent.md"}, "no-op")
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "returned SHA", sha, head)
	equal(t, "HEAD", git(t, dir, "rev-parse", "HEAD"), head)
}

func TestCommitModesAndReplacements(t *testing.T) {
	dir, r := newRepo(t, map[string]string{"tool": "file becomes dir\n", "dir/x.md": "dir becomes file\n"})
	os.Remove(filepath.Join(dir, "tool"))
	writeFile(t, dir, "tool/run.sh", "#!/bin/sh\n")
	os.Chmod(filepath.Join(dir, "tool/run.sh"), 0o755)
	os.RemoveAll(filepath.Join(dir, "dir"))
	writeFile(t, dir, "dir", "now a file\n")
	if err := os.Symlink("tool/run.sh", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Commit([]string{"tool/run.sh", "tool", "dir/x.md", "dir", "link"}, "reshape"); err != nil {
		t.Fatal(err)
	}
	equal(t, "tree", git(t, dir, "ls-tree", "-r", "--format=%(objectmode) %(path)", "HEAD"),
		"100644 dir\n120000 link\n100755 tool/run.sh")
	equal(t, "status", git(t, dir, "status", "--porcelain"), "")
	fsck(t, dir)
}

func TestCommitIndexLocked(t *testing.T) {
	dir, r := newRepo(t, baseFiles)
	head := git(t, dir, "rev-parse", "HEAD")
	lock := filepath.Join(dir, ".git", "index.lock")
	mustWrite(t, lock, "")
	writeFile(t, dir, "docs/new.md", "new\n")

	_, err := r.Commit([]string{"docs/new.md"}, "blocked")
	if !errors.Is(err, ErrIndexLocked) {
		t.Fatalf("got %v, want ErrIndexLocked", err)
	}
	if !strings.Contains(err.Error(), "another git process may be running") || !strings.Contains(err.Error(), "remove the file") {
		t.Errorf("message should explain the lock: %v", err)
	}
	if _, err := os.Stat(lock); err != nil {
		t.Errorf("someone else's index.lock must be left alone: %v", err)
	}
	equal(t, "HEAD", git(t, dir, "rev-parse", "HEAD"), head)

	os.Remove(lock)
	if _, err := r.Commit([]string{"docs/new.md"}, "unblocked"); err != nil {
		t.Fatal(err)
	}
}

func TestCommitStale(t *testing.T) {
	dir, r := newRepo(t, baseFiles)
	writeFile(t, dir, "docs/new.md", "new\n")
	var moved string
	// Another writer commits between our reading HEAD and moving the
	// branch. It cannot use `git commit`, which needs the index lock
	// Commit holds, so it uses plumbing, as a script or a server might.
	r.beforeRefUpdate = func() {
		moved = git(t, dir, "commit-tree", "-p", "HEAD", "-m", "concurrent", "HEAD^{tree}")
		git(t, dir, "update-ref", "refs/heads/main", moved)
	}
	_, err := r.Commit([]string{"docs/new.md"}, "lost race")
	if !errors.Is(err, ErrStale) {
		t.Fatalf("got %v, want ErrStale", err)
	}
	equal(t, "main", git(t, dir, "rev-parse", "main"), moved)
	equal(t, "status", git(t, dir, "status", "--porcelain"), "?? docs/new.md")
	if _, err := os.Stat(filepath.Join(dir, ".git", "index.lock")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("index.lock left behind: %v", err)
	}
	fsck(t, dir)

	r.beforeRefUpdate = nil
	sha, err := r.Commit([]string{"docs/new.md"}, "retry")
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "parent after retry", git(t, dir, "rev-parse", sha+"^"), moved)
}

func TestCommitWithPackedRefs(t *testing.T) {
	dir, r := newRepo(t, baseFiles)
	git(t, dir, "pack-refs", "--all", "--prune")
	git(t, dir, "gc", "-q")
	writeFile(t, dir, "docs/new.md", "new\n")
	sha, err := r.Commit([]string{"docs/new.md"}, "after gc")
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "HEAD", git(t, dir, "rev-parse", "HEAD"), sha)
	equal(t, "status", git(t, dir, "status", "--porcelain"), "")
	fsck(t, dir)
}

func TestCommitRejectsBadInput(t *testing.T) {
	_, r := newRepo(t, baseFiles)
	for _, p := range []string{"", "/etc/passwd", "../outside", "a/../b", "a//b", "./a", ".git/config", "x/.GIT/y", "a\\b"} {
		if _, err := r.Commit([]string{p}, "bad"); err == nil {
			t.Errorf("Commit(%q) succeeded", p)
		}
	}
	if _, err := r.Commit([]string{"README.md"}, " \n"); err == nil {
		t.Error("empty message accepted")
	}
}

func TestCommitRefusesDuringConflict(t *testing.T) {
	dir, r := newRepo(t, map[string]string{"f.txt": "base\n"})
	git(t, dir, "checkout", "-q", "-b", "other")
	writeFile(t, dir, "f.txt", "other\n")
	git(t, dir, "commit", "-q", "-am", "other")
	git(t, dir, "checkout", "-q", "main")
	writeFile(t, dir, "f.txt", "main\n")
	git(t, dir, "commit", "-q", "-am", "main")
	gitOut(dir, "merge", "other") // conflicts, by design
	writeFile(t, dir, "docs/new.md", "new\n")
	if _, err := r.Commit([]string{"docs/new.md"}, "mid-merge"); err == nil || !strings.Contains(err.Error(), "conflict") {
		t.Fatalf("got %v, want a merge-conflict refusal", err)
	}
	if out := git(t, dir, "diff", "--name-only", "--diff-filter=U"); out != "f.txt" {
		t.Errorf("conflict state disturbed: %q", out)
	}
}
