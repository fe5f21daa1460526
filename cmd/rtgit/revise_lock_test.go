package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/gitops"
)

// A revision while another process holds the analysis waits, then fails
// with exit 4 and changes nothing; once the lock is free, the same command
// applies it.
func TestReviseWhileLocked(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "repo")
	copyDir(t, corpusTemplate(t), dir)
	mustRun(t, dir, "new", "--slug", "csv", "Let customers export invoices as CSV")
	mustRun(t, dir, "answer", "csv", "change", corpusChange)
	mustRun(t, dir, "answer", "csv", "boundaries", corpusBoundaries)
	mustRun(t, dir, "answer", "csv", "example", corpusExample)
	mustRun(t, dir, "next", "csv")

	answer := filepath.Join(dir, "docs", "requirements", "csv", "answers", "00-01-scope-estimation.md")
	data, err := os.ReadFile(answer)
	if err != nil {
		t.Fatal(err)
	}
	revised := strings.Replace(string(data), corpusBoundaries, corpusBoundaries+" Nor does the invoice email.", 1)
	if revised == string(data) {
		t.Fatal("the boundaries answer is not in the answer file")
	}
	if err := os.WriteFile(answer, []byte(revised), 0o644); err != nil {
		t.Fatal(err)
	}
	repo, err := gitops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	unlock, err := repo.Lock("csv", 0)
	if err != nil {
		t.Fatal(err)
	}
	head := git(t, dir, "rev-parse", "HEAD")
	for _, verb := range []string{"next", "rebuild"} {
		code, out := rtgitProc(dir, nil, verb, "csv")
		if code != 4 || !strings.Contains(out, "locked") {
			t.Fatalf("%s while locked: exit %d, want 4 saying it is locked\n%s", verb, code, out)
		}
	}
	if now := git(t, dir, "rev-parse", "HEAD"); now != head {
		t.Fatalf("HEAD moved from %s to %s while locked", head, now)
	}
	if st := git(t, dir, "status", "--porcelain"); strings.TrimSpace(st) != "M docs/requirements/csv/answers/00-01-scope-estimation.md" {
		t.Fatalf("worktree after the refused runs:\n%s", st)
	}
	unlock()
	code, out := rtgitProc(dir, nil, "next", "csv")
	if code != 0 || !strings.Contains(out, "Revised 00-01 Scope Estimation") {
		t.Fatalf("next after the lock is free: exit %d\n%s", code, out)
	}
	if msg := strings.TrimSpace(git(t, dir, "log", "-1", "--format=%s")); msg != "rtgit: revise 00-01 Scope Estimation" {
		t.Fatalf("last commit %q", msg)
	}
}
