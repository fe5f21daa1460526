package gitops

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// historyRepo builds main: a root commit, a source change with its test,
// a changelog entry, and a merged branch that renamed a file, each a
// second apart so the order by committer time is certain.
func historyRepo(t *testing.T) (string, *Repo) {
	t.Helper()
	dir, r := newRepo(t, map[string]string{"a.go": "package a\n", "b.go": "package a\n"})
	commit := func(when string, msg string) {
		t.Helper()
		git(t, dir, "add", "-A")
		t.Setenv("GIT_COMMITTER_DATE", when)
		t.Setenv("GIT_AUTHOR_DATE", when)
		git(t, dir, "commit", "-q", "-m", msg)
	}
	writeFile(t, dir, "a.go", "package a\n\nfunc A() {}\n")
	writeFile(t, dir, "a_test.go", "package a\n")
	commit("2024-01-01T10:00:01Z", "add A with a test")
	writeFile(t, dir, "CHANGELOG.md", "- A\n")
	commit("2024-01-01T10:00:02Z", "changelog")
	git(t, dir, "checkout", "-q", "-b", "topic")
	writeFile(t, dir, "sub/c.go", "package sub\n")
	commit("2024-01-01T10:00:03Z", "add sub/c.go")
	git(t, dir, "checkout", "-q", "main")
	writeFile(t, dir, "b.go", "package a\n\nfunc B() {}\n")
	commit("2024-01-01T10:00:04Z", "change b")
	t.Setenv("GIT_COMMITTER_DATE", "2024-01-01T10:00:05Z")
	git(t, dir, "merge", "-q", "--no-ff", "-m", "merge topic", "topic")
	return dir, r
}

func TestRecentChangesNewestFirstWithoutMergesOrRoot(t *testing.T) {
	dir, r := historyRepo(t)
	got, err := r.RecentChanges("HEAD", 10)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"b.go"}, {"sub/c.go"}, {"CHANGELOG.md"}, {"a.go", "a_test.go"}}
	if !equalLists(got, want) {
		t.Fatalf("RecentChanges(HEAD) = %v, want %v", got, want)
	}
	got, _ = r.RecentChanges("HEAD", 2)
	if !equalLists(got, want[:2]) {
		t.Fatalf("RecentChanges(HEAD, 2) = %v, want %v", got, want[:2])
	}
	// At an older revision nothing newer is read.
	old := git(t, dir, "rev-parse", "HEAD^1~1")
	got, _ = r.RecentChanges(old, 10)
	if !equalLists(got, want[2:]) {
		t.Fatalf("RecentChanges(%s) = %v, want %v", old, got, want[2:])
	}
	if got, err := r.RecentChanges("HEAD", 0); err != nil || got != nil {
		t.Fatalf("RecentChanges(HEAD, 0) = %v, %v; want nothing", got, err)
	}
	if _, err := r.RecentChanges("no-such-rev", 5); err == nil {
		t.Fatal("RecentChanges of an unknown revision: no error")
	}
}

func TestRecentChangesStopsAtAShallowBoundary(t *testing.T) {
	dir, _ := historyRepo(t)
	shallow := filepath.Join(t.TempDir(), "shallow")
	git(t, t.TempDir(), "clone", "-q", "--depth", "2", "--no-single-branch", "file://"+dir, shallow)
	r, err := Open(shallow)
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.RecentChanges("HEAD", 10)
	if err != nil {
		t.Fatalf("RecentChanges in a shallow clone: %v", err)
	}
	// The clone stops at the changelog commit: it has no parent there, so
	// it cannot be compared, and nothing below it is read.
	want := [][]string{{"b.go"}, {"sub/c.go"}}
	if !equalLists(got, want) {
		t.Fatalf("RecentChanges in a shallow clone = %v, want %v", got, want)
	}
	if !fileExists(filepath.Join(shallow, ".git", "shallow")) {
		t.Fatal("the clone is not shallow")
	}
}

func TestRecentChangesOfAFreshRepositoryIsEmpty(t *testing.T) {
	_, r := newRepo(t, map[string]string{"a.go": "package a\n"})
	got, err := r.RecentChanges("HEAD", 10)
	if err != nil || len(got) != 0 {
		t.Fatalf("RecentChanges of a one-commit repository = %v, %v; want nothing", got, err)
	}
}

func equalLists(a, b [][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := slices.Clone(a[i]), slices.Clone(b[i])
		slices.Sort(x)
		slices.Sort(y)
		if strings.Join(x, "\x00") != strings.Join(y, "\x00") {
			return false
		}
	}
	return true
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
