package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A run killed after writing the answer and meta.json but before its
// commit leaves them in the workspace, with the comment recorded as
// processed. Run again in that folder, the action must not take them for
// the branch (it would skip the comment and push nothing); it refuses, and
// a clean checkout then lands the answer.
func TestActionRefusesAStoppedRunsLeftovers(t *testing.T) {
	h := newHarness(t)
	c := h.api.AddComment("ic", testPR, alice, "/rtgit answer change\n"+ansChange)
	ws := h.workspace()
	gitCmd(t, ws, "switch", "-q", "rtgit/"+testSlug)
	metaPath := filepath.Join(ws, filepath.FromSlash(metaJSON))
	data, err := os.ReadFile(metaPath)
	if err != nil {
		t.Fatal(err)
	}
	var md map[string]any
	if err := json.Unmarshal(data, &md); err != nil {
		t.Fatal(err)
	}
	md["processed_comments"] = []string{"ic-" + itoa(c.ID)}
	if data, err = json.MarshalIndent(md, "", "  "); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(metaPath, append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	before := h.tip()

	out, err := h.runIn(ws, "issue_comment", h.api.IssueCommentEvent(c))
	if err == nil || !strings.Contains(err.Error(), metaJSON) || !strings.Contains(err.Error(), "run it in a clean checkout") {
		t.Fatalf("rerun in the leftover folder: %v, want a refusal naming %s\n%s", err, metaJSON, out)
	}
	if h.tip() != before {
		t.Error("the branch moved")
	}
	if len(h.replies()) != 0 {
		t.Errorf("replied from a refused folder: %q", h.replies())
	}

	h.comment(alice, "thanks") // any new event; the run catches up on c
	if n := strings.Count(h.originFile(answerMD), ansChange); n != 1 {
		t.Errorf("the answer is on the branch %d times after a clean run, want once", n)
	}
}
