package cli

import (
	"strings"
	"testing"
)

// An approval covers what its reviewer saw: an Approve review given on a
// commit older than the branch's tip (a review page left open while bob
// changed an answer) approves the requirements as they stood there, and
// is stale at once, naming the step that changed since. The fake GitHub
// keeps each review's commit_id as GitHub does.
func TestReviewApprovesOnlyWhatItsReviewerSaw(t *testing.T) {
	h := signoffHarness(t)
	seen := h.tip()
	h.comment(bob, "/rtgit answer 01-06/requirements\n"+strings.Replace(signoffRequirements, "one row per invoice", "one row per invoice line", 1))
	if h.tip() == seen {
		t.Fatal("bob's answer moved nothing")
	}
	c := h.api.AddReviewAt(testPR, alice, "approved", "", seen)
	if out, err := h.run("pull_request_review", h.api.ReviewEvent(c)); err != nil {
		t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	meta := h.originFile(metaJSON)
	mustContain(t, "meta.json", meta, `"by": "@alice"`, `"commit": "`+seen+`"`, `"state": "stale"`, `"01-06"`)
	mustContain(t, "check", h.checkBranch(), "sign-off: requirements: needs 1 current approval, has 0")
	mustContain(t, "dashboard", h.dashboard(), "| requirements | ⚠️ stale | approved by @alice at "+seen[:7]+", changed since in 01-06 |")

	// The same review on the tip approves.
	h.review(alice, "approved", "")
	approvedInTheAction(t, h)
}
