package gitops

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOpenFromSubdirectory(t *testing.T) {
	dir, _ := newRepo(t, map[string]string{"src/main.go": "package main\n"})
	r, err := Open(filepath.Join(dir, "src"))
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "Root", r.Root(), dir)
	equal(t, "GitDir", r.GitDir(), filepath.Join(dir, ".git"))
}

func TestOpenNotARepo(t *testing.T) {
	isolate(t)
	_, err := Open(t.TempDir())
	if !errors.Is(err, ErrNotRepo) {
		t.Fatalf("Open outside a repository: got %v, want ErrNotRepo", err)
	}
}

func TestOpenLinkedWorktree(t *testing.T) {
	dir, _ := newRepo(t, map[string]string{"a.txt": "a\n"})
	wt := filepath.Join(t.TempDir(), "wt")
	git(t, dir, "worktree", "add", "-q", "-b", "feature", wt)
	r, err := Open(wt)
	if err != nil {
		t.Fatal(err)
	}
	branch, err := r.HeadBranch()
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "HeadBranch", branch, "feature")
	writeFile(t, wt, "docs/note.md", "from the worktree\n")
	sha, err := r.Commit([]string{"docs/note.md"}, "note")
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "feature tip", git(t, dir, "rev-parse", "feature"), sha)
	equal(t, "main tip", git(t, dir, "rev-parse", "main"), git(t, dir, "rev-parse", "HEAD"))
	equal(t, "status", git(t, wt, "status", "--porcelain"), "")
	fsck(t, dir)
}

func TestHeadBranchAndCommit(t *testing.T) {
	dir, r := newRepo(t, map[string]string{"a.txt": "a\n"})
	branch, err := r.HeadBranch()
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "HeadBranch", branch, "main")
	sha, err := r.HeadCommit()
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "HeadCommit", sha, git(t, dir, "rev-parse", "HEAD"))

	git(t, dir, "checkout", "-q", "--detach")
	if _, err := r.HeadBranch(); !errors.Is(err, ErrDetached) {
		t.Errorf("HeadBranch on detached HEAD: got %v, want ErrDetached", err)
	}
	if got, err := r.HeadCommit(); err != nil || got != sha {
		t.Errorf("HeadCommit on detached HEAD = %q, %v; want %q", got, err, sha)
	}
	if _, err := r.Commit([]string{"a.txt"}, "x"); !errors.Is(err, ErrDetached) {
		t.Errorf("Commit on detached HEAD: got %v, want ErrDetached", err)
	}
}

func TestUnbornBranch(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "trunk")
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if sha, err := r.HeadCommit(); sha != "" || err != nil {
		t.Errorf("HeadCommit on unborn branch = %q, %v; want \"\", nil", sha, err)
	}
	if b, err := r.HeadBranch(); b != "trunk" || err != nil {
		t.Errorf("HeadBranch on unborn branch = %q, %v; want trunk", b, err)
	}
	if err := r.CreateBranch("rtgit/x"); err == nil || !strings.Contains(err.Error(), "no commits") {
		t.Errorf("CreateBranch on unborn HEAD: got %v, want an error about no commits", err)
	}
	if log, err := r.Log(5); len(log) != 0 || err != nil {
		t.Errorf("Log on unborn branch = %v, %v; want empty", log, err)
	}
}

func TestInitThenFirstCommit(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	r, err := Init(dir)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "README.md", "# sample\n")
	writeFile(t, dir, "src/app/main.go", "package main\n")
	sha, err := r.Commit([]string{"README.md", "src/app/main.go"}, "Import sample")
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "branch", git(t, dir, "branch", "--show-current"), "main")
	equal(t, "HEAD", git(t, dir, "rev-parse", "HEAD"), sha)
	equal(t, "commit count", git(t, dir, "rev-list", "--count", "HEAD"), "1")
	equal(t, "status", git(t, dir, "status", "--porcelain"), "")
	equal(t, "reflog", git(t, dir, "reflog", "-1", "--format=%gs"), "commit (initial): Import sample")
	fsck(t, dir)
}

func TestReadFileAt(t *testing.T) {
	dir, r := newRepo(t, map[string]string{"docs/a.md": "one\n"})
	first := git(t, dir, "rev-parse", "HEAD")
	writeFile(t, dir, "docs/a.md", "two\n")
	if _, err := r.Commit([]string{"docs/a.md"}, "two"); err != nil {
		t.Fatal(err)
	}
	for rev, want := range map[string]string{"main": "two\n", "HEAD": "two\n", first: "one\n"} {
		got, err := r.ReadFileAt(rev, "docs/a.md")
		if err != nil || string(got) != want {
			t.Errorf("ReadFileAt(%s) = %q, %v; want %q", rev, got, err, want)
		}
	}
	if _, err := r.ReadFileAt("main", "docs/missing.md"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: got %v, want os.ErrNotExist", err)
	}
	if _, err := r.ReadFileAt("main", "docs"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("directory: got %v, want os.ErrNotExist", err)
	}
	if _, err := r.ReadFileAt("no-such-branch", "docs/a.md"); !errors.Is(err, ErrNoBranch) {
		t.Errorf("unknown branch: got %v, want ErrNoBranch", err)
	}
}

func TestListFiles(t *testing.T) {
	_, r := newRepo(t, map[string]string{
		"docs/r/meta.json": "{}", "docs/r/adr-1.md": "x", "docs/r/sub/deep.md": "y", "top.md": "z",
	})
	got, err := r.ListFiles("HEAD", "docs/r")
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "ListFiles", strings.Join(got, ","), "adr-1.md,meta.json")
	if root, _ := r.ListFiles("HEAD", ""); strings.Join(root, ",") != "top.md" {
		t.Errorf("ListFiles root = %v", root)
	}
	if _, err := r.ListFiles("HEAD", "docs/nope"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing dir: got %v, want os.ErrNotExist", err)
	}
}

func TestLog(t *testing.T) {
	dir, r := newRepo(t, nil)
	for _, msg := range []string{"one", "two\n\nbody", "three"} {
		writeFile(t, dir, "f.txt", msg)
		if _, err := r.Commit([]string{"f.txt"}, msg); err != nil {
			t.Fatal(err)
		}
	}
	log, err := r.Log(2)
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != 2 {
		t.Fatalf("Log(2) returned %d commits", len(log))
	}
	equal(t, "newest", log[0].Message, "three")
	equal(t, "second", log[1].Message, "two\n\nbody")
	equal(t, "hash", log[0].Hash, git(t, dir, "rev-parse", "HEAD"))
}

func TestShortHash(t *testing.T) {
	equal(t, "ShortHash", ShortHash("0123456789abcdef"), "0123456")
	equal(t, "ShortHash short", ShortHash("abc"), "abc")
}
