package gitops

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
)

// checkedOut fetches rtgit/x from origin and checks it out, returning its tip.
func checkedOut(t *testing.T, r *Repo) string {
	t.Helper()
	tip, err := r.Fetch(context.Background(), "origin", "rtgit/x", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := r.CheckoutAt("rtgit/x", tip); err != nil {
		t.Fatal(err)
	}
	return tip
}

func commitFiles(t *testing.T, r *Repo, clone string, files map[string]string, msg string) {
	t.Helper()
	var paths []string
	for p, body := range files {
		if body == "" {
			os.Remove(filepath.Join(clone, p))
		} else {
			writeFile(t, clone, p, body)
		}
		paths = append(paths, p)
	}
	if _, err := r.Commit(paths, msg); err != nil {
		t.Fatal(err)
	}
}

// The pack holds exactly what git itself would send for the same update:
// the new commits and the trees and blobs that base does not have.
func TestPushSendsTheObjectsGitWould(t *testing.T) {
	origin, clone, r := remoteSetup(t)
	tip := checkedOut(t, r)
	commitFiles(t, r, clone, map[string]string{
		"docs/requirements/x/a/b/deep.md": "deep\n",
		"docs/requirements/x/meta.json":   "{\"step\":1}\n",
	}, "one")
	commitFiles(t, r, clone, map[string]string{
		"docs/requirements/x/a/b/deep.md": "deeper\n",
		"README.md":                       "",
		"new.txt":                         "new\n",
	}, "two")
	commitFiles(t, r, clone, map[string]string{"docs/requirements/x/meta.json": "{\"step\":3}\n"}, "three")
	head := git(t, clone, "rev-parse", "HEAD")

	objs, err := r.objectsAbove(plumbing.NewHash(head), plumbing.NewHash(tip))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range objs {
		got = append(got, h.String())
	}
	sort.Strings(got)
	var want []string
	for _, line := range strings.Split(git(t, clone, "rev-list", "--objects", head, "^"+tip), "\n") {
		want = append(want, strings.Fields(line)[0])
	}
	sort.Strings(want)
	equal(t, "objects", strings.Join(got, " "), strings.Join(want, " "))

	if err := r.Push(context.Background(), "origin", "rtgit/x", tip, ""); err != nil {
		t.Fatal(err)
	}
	equal(t, "origin tip", git(t, origin, "rev-parse", "rtgit/x"), head)
	equal(t, "tracking ref", git(t, clone, "rev-parse", "origin/rtgit/x"), head)
	fsck(t, origin)
}

// A merge between the remote tip and ours is beyond the single-parent walk;
// the general push takes over and the result is the same.
func TestPushThroughAMergeFallsBack(t *testing.T) {
	origin, clone, r := remoteSetup(t)
	tip := checkedOut(t, r)
	git(t, clone, "switch", "-q", "-c", "side")
	writeFile(t, clone, "side.txt", "side\n")
	git(t, clone, "add", "side.txt")
	git(t, clone, "commit", "-q", "-m", "side")
	git(t, clone, "switch", "-q", "rtgit/x")
	git(t, clone, "merge", "-q", "--no-ff", "-m", "merge side", "side")
	head := git(t, clone, "rev-parse", "HEAD")
	if _, err := r.objectsAbove(plumbing.NewHash(head), plumbing.NewHash(tip)); !errors.Is(err, errSlowPath) {
		t.Fatalf("walk over a merge: %v, want errSlowPath", err)
	}
	if err := r.Push(context.Background(), "origin", "rtgit/x", tip, ""); err != nil {
		t.Fatal(err)
	}
	equal(t, "origin tip", git(t, origin, "rev-parse", "rtgit/x"), head)
	fsck(t, origin)
}

// A branch the remote does not have yet goes through the general push, and
// "" as the expected tip insists it still does not exist.
func TestPushNewBranch(t *testing.T) {
	origin, clone, r := remoteSetup(t)
	git(t, clone, "switch", "-q", "-c", "rtgit/y")
	commitFiles(t, r, clone, map[string]string{"docs/requirements/y/meta.json": "{}\n"}, "start y")
	head := git(t, clone, "rev-parse", "HEAD")
	if err := r.Push(context.Background(), "origin", "rtgit/y", "", ""); err != nil {
		t.Fatal(err)
	}
	equal(t, "origin tip", git(t, origin, "rev-parse", "rtgit/y"), head)
}

// Nothing new to send: the push succeeds without a round of objects, but
// still insists the remote is where we think.
func TestPushUpToDate(t *testing.T) {
	_, _, r := remoteSetup(t)
	tip := checkedOut(t, r)
	if err := r.Push(context.Background(), "origin", "rtgit/x", tip, ""); err != nil {
		t.Fatal(err)
	}
	wrong := strings.Repeat("1", 40)
	if err := r.Push(context.Background(), "origin", "rtgit/x", wrong, ""); !errors.Is(err, ErrPushRejected) {
		t.Fatalf("push expecting %s: %v, want ErrPushRejected", wrong, err)
	}
}
