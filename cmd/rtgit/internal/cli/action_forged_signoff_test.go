package cli

import (
	"strings"
	"testing"
)

// Whoever can push the analysis branch writes meta.json, so in the
// Action its acceptance log is checked against GitHub, never taken as
// the authority: an approval pushed in someone else's name (`rtgit
// approve` with user.name=@maya) counts for nothing, and a reviewer's
// request for changes, rewritten into an approval by a push, still holds.
func TestActionSignOffCannotBeForgedByAPush(t *testing.T) {
	h := signoffHarness(t)
	h.review(alice, "changes_requested", "requirements\n\nThe requirements miss refunds.")
	mustContain(t, "dashboard", h.dashboard(), "| requirements | ❌ changes requested | changes requested by @alice")

	ws := h.workspace()
	gitCmd(t, ws, "switch", "-q", "rtgit/"+testSlug)
	before := gitCmd(t, ws, "rev-parse", "HEAD")
	for _, name := range []string{"@maya", "@alice"} {
		gitCmd(t, ws, "config", "user.name", name)
		rtgitIn(t, ws, 0, "approve", testSlug, "requirements")
	}
	gitCmd(t, ws, "push", "-q", "origin", "rtgit/"+testSlug)
	after := gitCmd(t, ws, "rev-parse", "HEAD")
	meta := h.originFile(metaJSON)
	mustContain(t, "the forged meta.json", meta, `"by": "@maya"`)
	if strings.Contains(meta, `"changes_requested"`) {
		t.Fatalf("the push did not rewrite alice's objection:\n%s", meta)
	}
	if out, err := h.run("push", h.api.PushEvent("rtgit/"+testSlug, before, after, bob)); err != nil {
		t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	dash := h.dashboard()
	mustContain(t, "dashboard", dash, "| requirements | ❌ changes requested | changes requested by @alice")
	if strings.Contains(dash, "@maya") || strings.Contains(dash, "✅ approved") {
		t.Errorf("the dashboard counts a forged approval:\n%s", dash)
	}

	// Alice's own approval, on GitHub, clears her objection.
	h.review(alice, "approved", "requirements")
	mustContain(t, "dashboard", h.dashboard(), "| requirements | ✅ approved | approved by @alice at ")
	if strings.Contains(h.dashboard(), "@maya") {
		t.Errorf("the dashboard counts maya, who never approved:\n%s", h.dashboard())
	}
}

// A dismissed review is no longer a verdict GitHub holds: the approval
// it gave stops counting at the next run.
func TestActionDismissedReviewIsWithdrawn(t *testing.T) {
	h := signoffHarness(t)
	c := h.api.AddReview(testPR, alice, "approved", "")
	if out, err := h.run("pull_request_review", h.api.ReviewEvent(c)); err != nil {
		t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	mustContain(t, "dashboard", h.dashboard(), "| requirements | ✅ approved | approved by @alice at ")
	h.api.Do(func() { c.State = "dismissed" })
	h.comment(bob, "/rtgit status")
	dash := h.dashboard()
	if strings.Contains(dash, "✅ approved") || strings.Contains(dash, "@alice") {
		t.Errorf("a dismissed review still approves:\n%s", dash)
	}
}

// Approvals count while their author can write: once alice loses write
// access, hers stops counting at the next run.
func TestActionApprovalLapsesWithWriteAccess(t *testing.T) {
	h := signoffHarness(t)
	h.review(alice, "approved", "")
	mustContain(t, "dashboard", h.dashboard(), "| requirements | ✅ approved | approved by @alice at ")
	h.api.Do(func() { h.api.Permissions["alice"] = "read" })
	h.comment(bob, "/rtgit status")
	if dash := h.dashboard(); strings.Contains(dash, "✅ approved") {
		t.Errorf("an approval by someone without write access still counts:\n%s", dash)
	}
}
