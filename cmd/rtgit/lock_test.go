package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// A leftover .git/index.lock (a crashed git, an editor plugin) stops rtgit
// with exit 4 and a message saying what to do; HEAD does not move, and once
// the lock is gone the same command finishes as one clean run would.
func TestLeftoverIndexLock(t *testing.T) {
	tmpl := corpusTemplate(t)
	start := filepath.Join(t.TempDir(), "start")
	copyDir(t, tmpl, start)
	mustRun(t, start, "new", "--slug", "csv", "Let customers export invoices as CSV")
	mustRun(t, start, "answer", "csv", "change", corpusChange)
	mustRun(t, start, "answer", "csv", "boundaries", corpusBoundaries)
	mustRun(t, start, "answer", "csv", "example", corpusExample)
	ref := filepath.Join(t.TempDir(), "ref")
	copyDir(t, start, ref)
	if code, out := rtgitProc(ref, nil, "next", "csv"); code != 0 {
		t.Fatalf("reference: exit %d\n%s", code, out)
	}

	head := git(t, start, "rev-parse", "HEAD")
	lock := filepath.Join(start, ".git", "index.lock")
	if err := os.WriteFile(lock, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out := rtgitProc(start, nil, "next", "csv")
	if code != 4 {
		t.Fatalf("exit %d, want 4\n%s", code, out)
	}
	for _, want := range []string{lock + " exists", "another git process may be running", "If not, remove the file and try again"} {
		if !strings.Contains(out, want) {
			t.Errorf("message lacks %q:\n%s", want, out)
		}
	}
	if got := git(t, start, "rev-parse", "HEAD"); got != head {
		t.Error("HEAD moved while the index was locked")
	}
	if _, err := os.Stat(lock); err != nil {
		t.Errorf("someone else's index.lock was touched: %v", err)
	}
	os.Remove(lock)
	if code, out := rtgitProc(start, nil, "next", "csv"); code != 0 {
		t.Fatalf("after removing the lock: exit %d\n%s", code, out)
	}
	if got, want := convergedState(t, start), convergedState(t, ref); got != want {
		t.Errorf("after the lock was removed the state differs from one clean run:\n%s", lineDiff(want, got))
	}
}

// Parallel rtgit answer and rtgit comment processes on one item: the per-item
// lock serialises them. A process that waits longer than the lock's 3 s
// exits 4, and is simply run again, as a user or script would.
func TestParallelAnswersAndComments(t *testing.T) {
	tmpl := corpusTemplate(t)
	dir := filepath.Join(t.TempDir(), "repo")
	copyDir(t, tmpl, dir)
	mustRun(t, dir, "new", "--slug", "csv", "Let customers export invoices as CSV")

	const feedbacks = 8
	jobs := [][]string{
		{"answer", "csv", "change", corpusChange},
		{"answer", "csv", "boundaries", corpusBoundaries},
		{"comment", "csv", "/rtgit answer example\n" + corpusExample},
	}
	for i := 0; i < feedbacks; i++ {
		jobs = append(jobs, []string{"comment", "csv", fmt.Sprintf("Feedback number %d: please also cover credit notes.", i)})
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	busy := 0
	for _, args := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			deadline := time.Now().Add(2 * time.Minute)
			for {
				code, out := rtgitProc(dir, nil, args...)
				if code == 0 {
					return
				}
				if code != 4 || time.Now().After(deadline) {
					t.Errorf("rtgit %s: exit %d\n%s", strings.Join(args, " "), code, out)
					return
				}
				mu.Lock()
				busy++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	data, err := os.ReadFile(filepath.Join(dir, corpusAnswers))
	if err != nil {
		t.Fatal(err)
	}
	file := string(data)
	for _, want := range []string{corpusChange, corpusBoundaries, corpusExample} {
		if strings.Count(file, want) != 1 {
			t.Errorf("answer %q appears %d times, want once", want, strings.Count(file, want))
		}
	}
	for i := 0; i < feedbacks; i++ {
		want := fmt.Sprintf("Feedback number %d:", i)
		if strings.Count(file, want) != 1 {
			t.Errorf("%q appears %d times, want once", want, strings.Count(file, want))
		}
	}
	t.Logf("%d parallel processes, %d retried after exit 4", len(jobs), busy)
	if code, out := rtgitProc(dir, nil, "next", "csv"); code != 0 {
		t.Fatalf("next after the parallel run: exit %d\n%s", code, out)
	}
	if out, err := gitOut(dir, "fsck", "--no-progress", "--strict"); err != nil || out != "" {
		t.Errorf("git fsck: %v\n%s", err, out)
	}
}

func gitOut(dir string, args ...string) (string, error) {
	out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
	return string(out), err
}
