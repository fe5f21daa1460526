package gitops

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// remoteSetup makes a bare origin holding main and rtgit/x, and a clone of
// it on main, the way actions/checkout leaves a workflow's workspace.
func remoteSetup(t *testing.T) (origin, clone string, r *Repo) {
	t.Helper()
	src, _ := newRepo(t, map[string]string{"README.md": "hello\n", "old/gone.txt": "bye\n"})
	git(t, src, "switch", "-q", "-c", "rtgit/x")
	writeFile(t, src, "docs/requirements/x/meta.json", "{}\n")
	writeFile(t, src, "README.md", "hello from the branch\n")
	git(t, src, "rm", "-q", "old/gone.txt")
	git(t, src, "add", "-A")
	git(t, src, "commit", "-q", "-m", "branch work")
	git(t, src, "switch", "-q", "main")
	origin = filepath.Join(t.TempDir(), "origin.git")
	git(t, src, "clone", "-q", "--bare", src, origin)
	clone = filepath.Join(t.TempDir(), "clone")
	git(t, src, "clone", "-q", origin, clone)
	r, err := Open(clone)
	if err != nil {
		t.Fatal(err)
	}
	return origin, clone, r
}

func TestFetchCheckoutPush(t *testing.T) {
	origin, clone, r := remoteSetup(t)
	ctx := context.Background()
	tip, err := r.Fetch(ctx, "origin", "rtgit/x", "")
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "fetched tip", tip, git(t, origin, "rev-parse", "rtgit/x"))
	if err := r.CheckoutAt("rtgit/x", tip); err != nil {
		t.Fatal(err)
	}
	equal(t, "branch", git(t, clone, "branch", "--show-current"), "rtgit/x")
	equal(t, "git status", git(t, clone, "status", "--porcelain"), "")
	if _, err := os.Stat(filepath.Join(clone, "old")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("old/ should be gone with its only file: %v", err)
	}
	data, _ := os.ReadFile(filepath.Join(clone, "README.md"))
	equal(t, "README.md", string(data), "hello from the branch\n")

	writeFile(t, clone, "docs/requirements/x/meta.json", "{\"a\":1}\n")
	sha, err := r.Commit([]string{"docs/requirements/x/meta.json"}, "answer")
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Push(ctx, "origin", "rtgit/x", tip, ""); err != nil {
		t.Fatal(err)
	}
	equal(t, "origin tip", git(t, origin, "rev-parse", "rtgit/x"), sha)
	fsck(t, clone)
	fsck(t, origin)
}

func TestPushRejectedWhenRemoteMoved(t *testing.T) {
	origin, clone, r := remoteSetup(t)
	ctx := context.Background()
	tip, err := r.Fetch(ctx, "origin", "rtgit/x", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := r.CheckoutAt("rtgit/x", tip); err != nil {
		t.Fatal(err)
	}
	// Another writer lands first.
	other := filepath.Join(t.TempDir(), "other")
	git(t, clone, "clone", "-q", "-b", "rtgit/x", origin, other)
	writeFile(t, other, "theirs.txt", "theirs\n")
	git(t, other, "add", "theirs.txt")
	git(t, other, "commit", "-q", "-m", "theirs")
	git(t, other, "push", "-q", "origin", "rtgit/x")
	theirs := git(t, other, "rev-parse", "HEAD")

	writeFile(t, clone, "mine.txt", "mine\n")
	if _, err := r.Commit([]string{"mine.txt"}, "mine"); err != nil {
		t.Fatal(err)
	}
	err = r.Push(ctx, "origin", "rtgit/x", tip, "")
	if !errors.Is(err, ErrPushRejected) {
		t.Fatalf("push over a moved remote: %v, want ErrPushRejected", err)
	}
	equal(t, "origin kept their commit", git(t, origin, "rev-parse", "rtgit/x"), theirs)

	// Restart from their tip: our commit is dropped, theirs checked out.
	tip, err = r.Fetch(ctx, "origin", "rtgit/x", "")
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "new tip", tip, theirs)
	if err := os.Remove(filepath.Join(clone, "mine.txt")); err != nil {
		t.Fatal(err)
	}
	if err := r.CheckoutAt("rtgit/x", tip); err == nil {
		t.Fatal("checkout over a deleted tracked file should refuse")
	}
	writeFile(t, clone, "mine.txt", "mine\n")
	if err := r.CheckoutAt("rtgit/x", tip); err != nil {
		t.Fatal(err)
	}
	equal(t, "HEAD", git(t, clone, "rev-parse", "HEAD"), theirs)
	equal(t, "git status", git(t, clone, "status", "--porcelain"), "")
}

func TestCheckoutRefusesDirtyPaths(t *testing.T) {
	_, clone, r := remoteSetup(t)
	tip, err := r.Fetch(context.Background(), "origin", "rtgit/x", "")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, clone, "README.md", "my unsaved edit\n")
	if err := r.CheckoutAt("rtgit/x", tip); !errors.Is(err, ErrDirty) {
		t.Fatalf("checkout over an edited file: %v, want ErrDirty", err)
	}
	data, _ := os.ReadFile(filepath.Join(clone, "README.md"))
	equal(t, "README.md kept", string(data), "my unsaved edit\n")
	equal(t, "branch", git(t, clone, "branch", "--show-current"), "main")
}

func TestFetchMissingBranch(t *testing.T) {
	_, _, r := remoteSetup(t)
	if _, err := r.Fetch(context.Background(), "origin", "rtgit/nope", ""); !errors.Is(err, ErrNoBranch) {
		t.Fatalf("fetch of a missing branch: %v, want ErrNoBranch", err)
	}
}
