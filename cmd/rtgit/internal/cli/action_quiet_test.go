package cli

import (
	"strings"
	"testing"
)

// An outsider chooses an issue's title, and a writer's /rtgit analyze
// makes it the analysis's description, which the pull request rtgit opens
// shows under rtgit's account: its mentions must ping nobody, its images
// load nothing.
func TestAnalyzedIssueTitleIsQuietInThePullRequest(t *testing.T) {
	h := newIssueHarness(t)
	h.api.Do(func() {
		h.api.Issues[testIssue].Title = "Export CSV @acme/everyone ![x](https://evil.example/t.png?who=1)"
	})
	out := h.onIssue(alice, "/rtgit analyze --slug csv-quiet")
	prs := h.openPRs()
	if len(prs) != 1 {
		t.Fatalf("%d pull requests, want 1\n%s", len(prs), out)
	}
	for _, bad := range []string{"@acme", "evil.example/t.png", "![x]"} {
		if strings.Contains(prs[0].Body, bad) {
			t.Errorf("the pull request body holds %q:\n%s", bad, prs[0].Body)
		}
	}
	mustContain(t, "pull request body", prs[0].Body, "Export CSV @\u200dacme/everyone x")
}
