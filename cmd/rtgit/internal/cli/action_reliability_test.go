package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rtgit/rtgit/review/githubtest"
)

// Several action runs at once on one pull request, each in its own clone of
// the same bare origin, each for a different comment: the compare-and-swap
// push and the replay make every answer land exactly once, with exactly one
// reply per comment.
func TestActionManyConcurrentRuns(t *testing.T) {
	h := newHarness(t)
	bodies := []string{
		"/rtgit answer change\n" + ansChange,
		"/rtgit answer boundaries\n" + ansBoundaries,
		"/rtgit answer example\n" + ansExample,
		"Feedback one: please also cover credit notes.",
		"Feedback two: the export must keep the invoice currency.",
	}
	var comments []*githubtest.Comment
	for i, b := range bodies {
		u := alice
		if i%2 == 1 {
			u = bob
		}
		comments = append(comments, h.api.AddComment("ic", testPR, u, b))
	}
	// A run that finds its comment already applied by another waits
	// (seconds, in a workflow) for that run's reply before answering it
	// itself. Returning at once from that wait, as the harness does,
	// would let it answer while the other run is between its push and
	// its reply, so the long waits here last until the other runs are
	// done (or a second has passed), and the short ones a tenth.
	var finished atomic.Int32
	h.sleep = func(ctx context.Context, d time.Duration) error {
		if d < 3*time.Second {
			time.Sleep(d / 10)
			return nil
		}
		for deadline := time.Now().Add(time.Second); time.Now().Before(deadline) && int(finished.Load()) < len(comments)-1; {
			time.Sleep(5 * time.Millisecond)
		}
		return nil
	}
	var wg sync.WaitGroup
	errs := make([]error, len(comments))
	outs := make([]string, len(comments))
	for i, c := range comments {
		ws, ev := h.workspace(), h.api.IssueCommentEvent(c)
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer finished.Add(1)
			outs[i], errs[i] = h.runIn(ws, "issue_comment", ev)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("run %d: %v\n%s", i, err, outs[i])
		}
	}
	file := h.originFile(answerMD)
	for _, want := range []string{ansChange, ansBoundaries, ansExample, "Feedback one:", "Feedback two:"} {
		if n := strings.Count(file, want); n != 1 {
			t.Errorf("%q is in the answer file %d times, want once", want, n)
		}
	}
	var meta struct {
		Processed []string `json:"processed_comments"`
	}
	if err := json.Unmarshal([]byte(h.originFile(metaJSON)), &meta); err != nil {
		t.Fatal(err)
	}
	for _, c := range comments {
		key := fmt.Sprintf("ic-%d", c.ID)
		if n := slices.Index(meta.Processed, key); n < 0 || slices.Contains(meta.Processed[n+1:], key) {
			t.Errorf("comment %d is not recorded exactly once in processed_comments: %v", c.ID, meta.Processed)
		}
		replies := 0
		for _, r := range h.replies() {
			if strings.Contains(r, fmt.Sprintf("reply=ic-%d ", c.ID)) {
				replies++
			}
		}
		if replies != 1 {
			t.Errorf("comment ic-%d got %d replies, want 1", c.ID, replies)
		}
	}
	// Refused pushes leave unreachable commits behind; that is not damage.
	if out := gitCmd(t, h.origin, "fsck", "--no-progress", "--no-dangling", "--strict"); out != "" {
		t.Errorf("git fsck on origin: %s", out)
	}
}

// A pull request that edits meta.json, the settings and the step files to
// let an outsider in, and plants files a careless tool would execute: the
// permission still comes from the API, and nothing from the branch runs.
func TestActionPRCannotWidenDriversOrRunCode(t *testing.T) {
	h := newHarness(t)
	marker := filepath.Join(t.TempDir(), "executed")
	ws := h.workspace()
	gitCmd(t, ws, "switch", "-q", "rtgit/"+testSlug)
	write := func(rel, data string, mode os.FileMode) {
		p := filepath.Join(ws, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), mode); err != nil {
			t.Fatal(err)
		}
	}
	run := "#!/bin/sh\ntouch " + marker + "\n"
	meta := strings.Replace(h.originFile(metaJSON), `"source": "manual",`, `"source": "manual",
  "writers": ["mallory"],
  "permissions": {"mallory": "admin"},`, 1)
	write(metaJSON, meta, 0o644)
	write(".rtgit/config.yaml", "github:\n  writers: [mallory]\n  permission: read\n", 0o644)
	write(".gitattributes", "* filter=run\n", 0o644)
	write(".gitmodules", "[submodule \"x\"]\n\tpath = x\n\turl = ext::sh -c touch% "+marker+"\n", 0o644)
	for _, rel := range []string{"rtgit", "git", "bin/git", ".rtgit/hooks/post-commit", "Makefile", ".envrc"} {
		write(rel, run, 0o755)
	}
	gitCmd(t, ws, "add", "-A")
	gitCmd(t, ws, "commit", "-q", "-m", "let mallory drive")
	gitCmd(t, ws, "push", "-q", "origin", "rtgit/"+testSlug)
	before := h.tip()

	c := h.api.AddComment("ic", testPR, mallory, "/rtgit answer change\n"+ansChange)
	out, err := h.run("issue_comment", h.api.IssueCommentEvent(c))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if h.tip() != before {
		t.Error("an outsider moved the branch after the PR edited meta.json and the settings")
	}
	mustContain(t, "reply", strings.Join(h.replies(), "\n"), "@mallory", "write access")
	if strings.Count(out, githubtest.BotToken) != 1 || !strings.Contains(out, "::add-mask::"+githubtest.BotToken) {
		t.Errorf("the token appears unmasked in the log:\n%s", out)
	}

	// A writer's comment on the same branch is applied, and still nothing runs.
	h.comment(alice, "/rtgit answer change\n"+ansChange)
	mustContain(t, "answer file", h.originFile(answerMD), ansChange)
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("a file from the pull request was executed")
	}
}
