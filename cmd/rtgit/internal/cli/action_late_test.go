package cli

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/review/githubtest"
)

// A run stopped between its push and its reply leaves a comment applied
// but unanswered. When the same event is handled again, the comment gets
// one short reply saying so, and nothing is applied twice. A run for some
// other comment leaves it alone: the run that applied it may still be
// about to reply.
func TestActionRepliesLateToAnAppliedComment(t *testing.T) {
	h := newHarness(t)
	c, _ := h.comment(alice, "/rtgit answer change\n"+ansChange)
	key := fmt.Sprintf("ic-%d", c.ID)
	// As if that run had stopped before replying.
	h.api.Do(func() {
		kept := h.api.Comments[:0]
		for _, x := range h.api.Comments {
			if x.User != githubtest.Bot || strings.Contains(x.Body, "rtgit:bot dashboard") {
				kept = append(kept, x)
			}
		}
		h.api.Comments = kept
	})

	other := h.api.AddComment("ic", testPR, bob, "/rtgit answer boundaries\n"+ansBoundaries)
	if out, err := h.run("issue_comment", h.api.IssueCommentEvent(other)); err != nil {
		t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	for _, r := range h.replies() {
		if strings.Contains(r, "already applied") {
			t.Fatalf("a run for another comment replied late:\n%s", r)
		}
	}
	tip := h.tip()

	out, err := h.run("issue_comment", h.api.IssueCommentEvent(c))
	if err != nil {
		t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	mustContain(t, "output", out, "already applied by an earlier run")
	if h.tip() != tip {
		t.Error("handling the applied comment again made a commit")
	}
	var late []string
	for _, r := range h.replies() {
		if strings.Contains(r, "reply="+key) {
			late = append(late, r)
		}
	}
	if len(late) != 1 || !strings.Contains(late[0], "already applied") {
		t.Fatalf("replies to the applied comment: %q", late)
	}

	// Once answered, it is never answered again.
	if out, err := h.run("issue_comment", h.api.IssueCommentEvent(c)); err != nil {
		t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	n := 0
	for _, r := range h.replies() {
		if strings.Contains(r, "reply="+key) {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d replies to the applied comment after a third run, want 1", n)
	}
}
