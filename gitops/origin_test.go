package gitops

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// FirstCommit finds the commit that started an analysis on its branch,
// and the commit that merged it on the base branch.
func TestFirstCommit(t *testing.T) {
	dir, r := newRepo(t, map[string]string{"README.md": "hi\n"})
	git(t, dir, "switch", "-q", "-c", "rtgit/a")
	writeFile(t, dir, "docs/requirements/a/meta.json", "{}\n")
	git(t, dir, "add", "-A")
	git(t, dir, "-c", "user.name=Ana Starter", "commit", "-q", "-m", "rtgit: start analysis a")
	start := git(t, dir, "rev-parse", "HEAD")
	writeFile(t, dir, "docs/requirements/a/meta.json", "{\"x\": 1}\n")
	git(t, dir, "commit", "-q", "-am", "rtgit: complete 00-01")
	o, err := r.FirstCommit("rtgit/a", "docs/requirements/a/meta.json")
	if err != nil {
		t.Fatal(err)
	}
	if o.Hash != start || o.Author != "Ana Starter" {
		t.Errorf("first commit on the branch = %+v, want %s by Ana Starter", o, start)
	}

	git(t, dir, "switch", "-q", "main")
	writeFile(t, dir, "other.txt", "x\n")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "unrelated")
	git(t, dir, "merge", "-q", "--no-ff", "-m", "Merge rtgit/a", "rtgit/a")
	merge := git(t, dir, "rev-parse", "HEAD")
	writeFile(t, dir, "later.txt", "x\n")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "later")
	if o, err = r.FirstCommit("main", "docs/requirements/a/meta.json"); err != nil || o.Hash != merge {
		t.Errorf("on main: %+v, %v; want the merge %s", o, err, merge)
	}
	if _, err := r.FirstCommit("main", "docs/requirements/b/meta.json"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("absent path: %v, want os.ErrNotExist", err)
	}
	dirs, err := r.ListDirs("main", "docs/requirements")
	if err != nil || !slices.Equal(dirs, []string{"a"}) {
		t.Errorf("ListDirs = %v, %v", dirs, err)
	}
	if _, err := r.ListDirs("main", "nope"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("ListDirs of a missing folder: %v", err)
	}
}

// FetchPrefix brings every analysis branch of origin into a shallow clone
// as remote-tracking branches, and prunes the ones origin deleted.
func TestFetchPrefix(t *testing.T) {
	origin, _, _ := remoteSetup(t)
	git(t, origin, "branch", "rtgit/y", "rtgit/x")
	git(t, origin, "branch", "other", "main")
	clone := filepath.Join(t.TempDir(), "shallow")
	git(t, t.TempDir(), "clone", "-q", "--depth", "1", "--single-branch", "--branch", "main", "file://"+origin, clone)
	r, err := Open(clone)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := r.FetchPrefix(ctx, "origin", "rtgit/", ""); err != nil {
		t.Fatal(err)
	}
	names := func() []string {
		bs, err := r.RemoteBranches("origin", "rtgit/")
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, b := range bs {
			out = append(out, b.Name)
		}
		return out
	}
	if got := names(); !slices.Equal(got, []string{"rtgit/x", "rtgit/y"}) {
		t.Fatalf("after FetchPrefix: %v", got)
	}
	if _, err := r.ReadFileAt("origin/rtgit/y", "docs/requirements/x/meta.json"); err != nil {
		t.Errorf("read at a fetched tip: %v", err)
	}
	if _, err := r.ReadFileAt("origin/other", "README.md"); err == nil {
		t.Error("a branch outside the prefix was fetched")
	}
	git(t, origin, "branch", "-D", "rtgit/y")
	if err := r.FetchPrefix(ctx, "origin", "rtgit/", ""); err != nil {
		t.Fatal(err)
	}
	if got := names(); !slices.Equal(got, []string{"rtgit/x"}) {
		t.Errorf("after origin deleted rtgit/y: %v", got)
	}
	if err := r.FetchPrefix(ctx, "origin", "rtgit/*", ""); err == nil {
		t.Error("a prefix with a glob was accepted")
	}
}
