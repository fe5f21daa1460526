package gitops

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// shallowSetup makes a bare origin whose main has n commits, each changing
// f.txt and adding a file of its own, with rtgit/x branching off main's
// commit at index fork and adding one commit; it returns the origin and
// the SHA of every main commit, oldest first.
func shallowSetup(t *testing.T, n, fork int) (string, []string) {
	t.Helper()
	isolate(t)
	origin := filepath.Join(t.TempDir(), "origin.git")
	git(t, t.TempDir(), "init", "-q", "--bare", origin)
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "commit refs/heads/main\nmark :%d\ncommitter T <t@example.com> %d +0000\ndata <<EOM\nc%d\nEOM\n", i+1, 1700000000+i*60, i)
		if i > 0 {
			fmt.Fprintf(&b, "from :%d\n", i)
		}
		fmt.Fprintf(&b, "M 100644 inline f.txt\ndata <<EOM\nv%d\nEOM\nM 100644 inline files/%03d.txt\ndata <<EOM\n%d\nEOM\n\n", i, i, i)
	}
	fmt.Fprintf(&b, "commit refs/heads/rtgit/x\ncommitter T <t@example.com> %d +0000\ndata <<EOM\nstart x\nEOM\nfrom :%d\nM 100644 inline docs/x.md\ndata <<EOM\nx\nEOM\n\n", 1700000000+fork*60+30, fork+1)
	cmd := exec.Command("git", "-C", origin, "fast-import", "--quiet")
	cmd.Stdin = strings.NewReader(b.String())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git fast-import: %v\n%s", err, out)
	}
	shas := strings.Fields(git(t, origin, "rev-list", "--reverse", "main"))
	if len(shas) != n {
		t.Fatalf("origin has %d commits on main, want %d", len(shas), n)
	}
	return origin, shas
}

// shallowClone is what actions/checkout leaves: main's tip alone.
func shallowClone(t *testing.T, origin string) (string, *Repo) {
	t.Helper()
	ws := filepath.Join(t.TempDir(), "ws")
	git(t, filepath.Dir(ws), "clone", "-q", "--depth", "1", "--no-tags", "file://"+origin, ws)
	r, err := Open(ws)
	if err != nil {
		t.Fatal(err)
	}
	if sh, err := r.Shallow(); err != nil || !sh {
		t.Fatalf("Shallow() = %v, %v on a --depth 1 clone", sh, err)
	}
	return ws, r
}

func revCount(t *testing.T, dir, rev string) int {
	t.Helper()
	n, err := strconv.Atoi(git(t, dir, "rev-list", "--count", rev))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// A branch fetched into a shallow clone arrives whole: the clone stays
// consistent for git itself, the branch can be checked out, committed to
// and pushed, and origin takes the push.
func TestShallowFetchCommitPush(t *testing.T) {
	origin, _ := shallowSetup(t, 30, 10)
	ws, r := shallowClone(t, origin)
	tip := checkedOut(t, r)
	equal(t, "tip of rtgit/x", tip, git(t, origin, "rev-parse", "rtgit/x"))
	fsck(t, ws)
	commitFiles(t, r, ws, map[string]string{"docs/x.md": "x, answered\n"}, "answer")
	if err := r.Push(context.Background(), "origin", "rtgit/x", tip, ""); err != nil {
		t.Fatalf("push from a shallow clone: %v", err)
	}
	equal(t, "origin's rtgit/x", git(t, origin, "rev-parse", "rtgit/x"), git(t, ws, "rev-parse", "HEAD"))
	equal(t, "the pushed file", git(t, origin, "show", "rtgit/x:docs/x.md"), "x, answered")
	fsck(t, origin)
	fsck(t, ws)
}

// Drift in a shallow clone fails with ErrMissingHistory while the range
// is out of reach, whether the analysis commit is missing or present with
// the history between it and the tip cut off, and never counts a range
// it cannot see. Deepening brings exactly the answer a full clone gives,
// and leaves the clone's history visible to git as far as it was fetched.
func TestDriftInShallowClone(t *testing.T) {
	const n, fork = 100, 30
	origin, shas := shallowSetup(t, n, fork)
	base, tip := shas[fork], shas[n-1]
	paths := []string{"f.txt", "files/050.txt", "files/010.txt"}

	full := filepath.Join(t.TempDir(), "full")
	git(t, filepath.Dir(full), "clone", "-q", "--no-tags", "file://"+origin, full)
	fr, err := Open(full)
	if err != nil {
		t.Fatal(err)
	}
	want, err := fr.Drift(base, tip, paths)
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "commits in a full clone", want.Commits, n-1-fork)

	ws, r := shallowClone(t, origin)
	if _, err := r.Drift(base, tip, paths); !errors.Is(err, ErrMissingHistory) {
		t.Fatalf("Drift without the analysis commit: %v, want ErrMissingHistory", err)
	}
	// Two commits of the analysis branch bring the analysis commit, not
	// what lies between it and main's tip.
	if _, err := r.fetchDepth(context.Background(), "origin", "rtgit/x", "", 2); err != nil {
		t.Fatal(err)
	}
	if !r.HasCommit(base) {
		t.Fatalf("the fork point %s did not come with rtgit/x", ShortHash(base))
	}
	if d, err := r.Drift(base, tip, paths); !errors.Is(err, ErrMissingHistory) {
		t.Fatalf("Drift across the shallow boundary = %+v, %v; want ErrMissingHistory", d, err)
	}

	// 64 commits from the tip do not reach it yet; git sees all 64.
	if _, err := r.fetchDepth(context.Background(), "origin", "main", "", 64); err != nil {
		t.Fatal(err)
	}
	equal(t, "commits git sees on origin/main at depth 64", revCount(t, ws, "origin/main"), 64)
	if _, err := r.Drift(base, tip, paths); !errors.Is(err, ErrMissingHistory) {
		t.Fatalf("Drift at depth 64: %v, want ErrMissingHistory", err)
	}

	tries := 0
	ok, err := r.DeepenUntil(context.Background(), "origin", "main", "", func() bool {
		tries++
		_, err := r.Drift(base, tip, paths)
		return !errors.Is(err, ErrMissingHistory)
	})
	if err != nil || !ok {
		t.Fatalf("DeepenUntil = %v, %v", ok, err)
	}
	got, err := r.Drift(base, tip, paths)
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "commits after deepening", got.Commits, want.Commits)
	equal(t, "changed after deepening", len(got.Paths), len(want.Paths))
	equal(t, "files after deepening", fmt.Sprint(got.Files), fmt.Sprint(want.Files))
	equal(t, "commits git sees on origin/main", revCount(t, ws, "origin/main"), n)
	fsck(t, ws)
	if tries > 2 {
		t.Errorf("DeepenUntil asked %d times; the second depth already holds the range", tries)
	}
}

// An analysis commit the remote never had (a rewritten history) cannot be
// fetched at any depth: DeepenUntil says so, and Drift still refuses.
func TestDeepenUntilGivesUp(t *testing.T) {
	origin, shas := shallowSetup(t, 10, 3)
	_, r := shallowClone(t, origin)
	gone := strings.Repeat("ab", 20)
	ok, err := r.DeepenUntil(context.Background(), "origin", "main", "", func() bool { return r.HasCommit(gone) })
	if err != nil || ok {
		t.Fatalf("DeepenUntil for a commit nobody has = %v, %v", ok, err)
	}
	if _, err := r.Drift(gone, shas[9], []string{"f.txt"}); !errors.Is(err, ErrMissingHistory) {
		t.Fatalf("Drift from a missing commit: %v", err)
	}
	// The whole history is here now, and the clone knows it.
	if sh, _ := r.Shallow(); sh {
		t.Errorf("the clone is still shallow after fetching the whole history")
	}
}
