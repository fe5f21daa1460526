package cli

import (
	"strings"
	"testing"
)

// The Action keeps analyses where the default branch's settings put them:
// intake writes the new analysis under the configured root, a comment's
// answer lands there, and nothing is written under docs/.
func TestActionFollowsTheAnalysesRoot(t *testing.T) {
	h := newIssueHarness(t)
	h.onMain("analyses:\n  root: .rtgit/analyses\n")
	out := h.onIssue(alice, "/rtgit analyze")
	prs := h.openPRs()
	if len(prs) != 1 {
		t.Fatalf("%d pull requests, want 1\n%s", len(prs), out)
	}
	pr := prs[0]
	slug := strings.TrimPrefix(pr.HeadRef, "rtgit/")
	files := func() string { return gitCmd(t, h.origin, "ls-tree", "-r", "--name-only", pr.HeadRef) }
	mustContain(t, "analysis branch", files(), ".rtgit/analyses/"+slug+"/meta.json", ".rtgit/analyses/"+slug+"/answers/00-01-scope-estimation.md")
	if strings.Contains(files(), "docs/") {
		t.Fatalf("the analysis wrote under docs/:\n%s", files())
	}

	c := h.api.AddComment("ic", pr.Number, alice, "/rtgit answer change Customers download one CSV file with every invoice of the month.")
	if out, err := h.run("issue_comment", h.api.IssueCommentEvent(c)); err != nil {
		t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	answer := gitCmd(t, h.origin, "show", pr.HeadRef+":.rtgit/analyses/"+slug+"/answers/00-01-scope-estimation.md")
	mustContain(t, "answer file", answer, "Customers download one CSV file with every invoice of the month.")
	if strings.Contains(files(), "docs/") {
		t.Fatalf("the answer wrote under docs/:\n%s", files())
	}
}
