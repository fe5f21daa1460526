package cli

import (
	"strings"
	"testing"
)

// The summary on the source issue links the analysis pull request by its
// address, so a reader of the issue gets from the plan to the analysis.
func TestPublishSummaryLinksTheAnalysisPullRequest(t *testing.T) {
	h := newPublishHarness(t)
	h.api.Permissions["alice"] = "write"
	c := h.api.AddComment("ic", 8, alice, "/rtgit publish")
	if out, err := h.run("issue_comment", h.api.IssueCommentEvent(c)); err != nil {
		t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	summaries := h.botCommentsOn(7)
	if len(summaries) != 1 {
		t.Fatalf("%d summaries on #7, want 1: %q", len(summaries), summaries)
	}
	mustContain(t, "the summary on #7", summaries[0], "The analysis pull request: ["+"#8]("+h.api.URL+"/acme/invoices/pull/8)")
	if strings.Count(summaries[0], "/pull/8") != 1 {
		t.Errorf("the summary links the pull request %d times:\n%s", strings.Count(summaries[0], "/pull/8"), summaries[0])
	}
}
