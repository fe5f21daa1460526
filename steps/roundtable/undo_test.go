package roundtable

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// commitFails is the fake repository with Commit replaced, to fail the way
// a full disk would at different moments.
type commitFails struct {
	*fakeRepo
	commit func(paths []string, msg string) (string, error)
}

func (r *commitFails) Commit(paths []string, msg string) (string, error) { return r.commit(paths, msg) }

// worktree lists every file and folder under root with its mode and a hash
// of its bytes.
func worktree(t *testing.T, root string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			fmt.Fprintf(&b, "%s/\n", rel)
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %v %x\n", rel, info.Mode(), sha256.Sum256(data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// readyToComplete is an analysis whose open step is fully answered, with
// the answers not yet committed, as a user leaves it before `next`.
func readyToComplete(t *testing.T) (*Machine, *fakeRepo) {
	m, repo := newMachine(t)
	answerAll(t, m, mustNew(t, m))
	return m, repo
}

func TestFailedCommitPutsBackEveryFile(t *testing.T) {
	m, repo := readyToComplete(t)
	before, commits := worktree(t, repo.root), len(repo.commits)
	m.Repo = &commitFails{fakeRepo: repo, commit: func([]string, string) (string, error) {
		return "", fmt.Errorf("store commit: %w", syscall.ENOSPC)
	}}
	_, err := m.Next("csv")
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Next: %v, want the commit's ENOSPC", err)
	}
	if !strings.Contains(err.Error(), "nothing was changed") {
		t.Errorf("the error does not say nothing changed: %v", err)
	}
	if got := worktree(t, repo.root); got != before {
		t.Errorf("the worktree changed:\n%s\nwant\n%s", got, before)
	}
	if len(repo.commits) != commits {
		t.Error("a commit was recorded")
	}
}

func TestFailedWriteMidwayPutsBackEarlierFiles(t *testing.T) {
	m, repo := readyToComplete(t)
	before := worktree(t, repo.root)
	// meta.json is written last, so failing it means every other file of
	// the step was already replaced.
	t.Setenv("RTGIT_FAIL_AT", "write docs/requirements/csv/meta.json")
	_, err := m.Next("csv")
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Next: %v, want an injected ENOSPC", err)
	}
	if !strings.Contains(err.Error(), "already written were put back") {
		t.Errorf("the error does not say the written files were put back: %v", err)
	}
	if got := worktree(t, repo.root); got != before {
		t.Errorf("the worktree changed:\n%s\nwant\n%s", got, before)
	}
}

// A failure reported after the branch moved leaves the files as committed
// and brings the index in line with a second commit of the same paths.
func TestCommitThatLandedKeepsItsFiles(t *testing.T) {
	m, repo := readyToComplete(t)
	calls := 0
	m.Repo = &commitFails{fakeRepo: repo, commit: func(paths []string, msg string) (string, error) {
		calls++
		sha, err := repo.Commit(paths, msg)
		if calls == 1 && err == nil {
			return "", fmt.Errorf("committed %s but write index: %w", sha, syscall.ENOSPC)
		}
		return sha, err
	}}
	r, err := m.Next("csv")
	if err != nil {
		t.Fatalf("Next: %v", err)
	}
	if calls != 2 {
		t.Errorf("Commit was called %d times, want 2", calls)
	}
	if r.Commit != repo.head().id {
		t.Errorf("reply commit %s, HEAD %s", r.Commit, repo.head().id)
	}
	for _, p := range r.Changed {
		data, err := os.ReadFile(filepath.Join(repo.root, filepath.FromSlash(p)))
		if err != nil || string(data) != string(repo.head().files[p]) {
			t.Errorf("%s differs from HEAD after the commit landed: %v", p, err)
		}
	}
}

// Putting back never overwrites what someone else wrote after rtgit did.
func TestPutBackLeavesFilesChangedMeanwhile(t *testing.T) {
	m, repo := readyToComplete(t)
	meta := filepath.Join(repo.root, "docs", "requirements", "csv", "meta.json")
	m.Repo = &commitFails{fakeRepo: repo, commit: func([]string, string) (string, error) {
		if err := os.WriteFile(meta, []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return "", syscall.ENOSPC
	}}
	_, err := m.Next("csv")
	if err == nil || !strings.Contains(err.Error(), "could not put back docs/requirements/csv/meta.json (changed by another program") {
		t.Fatalf("Next: %v", err)
	}
	if data, _ := os.ReadFile(meta); string(data) != "{}\n" {
		t.Errorf("meta.json was overwritten: %q", data)
	}
}
