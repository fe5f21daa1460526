package cli

import (
	"net/http"
	"strings"
	"sync"
	"testing"
)

// countRequests counts the API requests the fake GitHub receives from now
// on.
func (h *harness) countRequests() func() []string {
	var mu sync.Mutex
	var seen []string
	h.api.Before = func(r *http.Request) int {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, r.Method+" "+r.URL.Path)
		return 0
	}
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), seen...)
	}
}

// One comment from someone whose author_association says they cannot
// write costs at most four API requests: the pull request, its
// conversation, the one refusal and its reaction. Nothing is fetched or
// applied.
func TestActionOutsiderCostsAtMostFourRequests(t *testing.T) {
	h := newHarness(t)
	before := h.tip()
	requests := h.countRequests()
	c := h.api.AddComment("ic", testPR, mallory, "/rtgit answer change\n"+ansChange)
	out, err := h.run("issue_comment", h.api.IssueCommentEvent(c))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	got := requests()
	t.Logf("one outsider comment: %d requests: %v", len(got), got)
	if len(got) > 4 {
		t.Errorf("one outsider comment cost %d API requests, want at most 4: %v", len(got), got)
	}
	if h.tip() != before {
		t.Error("an outsider's comment moved the branch")
	}
	replies := h.replies()
	if len(replies) != 1 {
		t.Fatalf("want one refusal, got %q", replies)
	}
	mustContain(t, "refusal", replies[0], "@mallory", "write access", "haven't changed anything")
	mustContain(t, "log", out, "@mallory has no write access")
}

// Fifty comments from one outsider, each starting a run: one refusal in
// all, and no run spends more than four requests.
func TestActionOutsiderBurstIsRefusedOnce(t *testing.T) {
	h := newHarness(t)
	before := h.tip()
	requests := h.countRequests()
	prev := 0
	for i := range 50 {
		c := h.api.AddComment("ic", testPR, mallory, "C")
		out, err := h.run("issue_comment", h.api.IssueCommentEvent(c))
		if err != nil {
			t.Fatalf("run %d: %v\n%s", i, err, out)
		}
		if n := len(requests()) - prev; n > 4 {
			t.Fatalf("run %d cost %d requests: %v", i, n, requests()[prev:])
		}
		prev = len(requests())
	}
	t.Logf("50 outsider comments: %d requests", len(requests()))
	refusals := 0
	for _, r := range h.replies() {
		if strings.Contains(r, "write access") {
			refusals++
		}
	}
	if refusals != 1 {
		t.Errorf("%d refusals for 50 comments from one outsider, want 1", refusals)
	}
	if h.tip() != before {
		t.Error("the outsider's comments moved the branch")
	}
	// A writer's run afterwards neither refuses the outsider again nor
	// applies any of the fifty.
	h.comment(alice, "/rtgit answer change\n"+ansChange)
	mustContain(t, "answer file", h.originFile(answerMD), ansChange)
	refusals = 0
	for _, r := range h.replies() {
		if strings.Contains(r, "write access") {
			refusals++
		}
	}
	if refusals != 1 {
		t.Errorf("after a writer's run: %d refusals, want still 1", refusals)
	}
}
