package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rtgit/rtgit/review/githubtest"
)

// onMain commits .rtgit/config.yaml on origin's main, where policy lives.
func (h *harness) onMain(config string) {
	h.t.Helper()
	ws := h.workspace()
	gitCmd(h.t, ws, "switch", "-q", "main")
	if err := os.MkdirAll(filepath.Join(ws, ".rtgit"), 0o755); err != nil {
		h.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, ".rtgit", "config.yaml"), []byte(config), 0o644); err != nil {
		h.t.Fatal(err)
	}
	gitCmd(h.t, ws, "add", ".rtgit/config.yaml")
	gitCmd(h.t, ws, "commit", "-q", "-m", "settings")
	gitCmd(h.t, ws, "push", "-q", "origin", "main")
}

// publishEnv points the local commands at the fake GitHub.
func (h *harness) publishEnv() {
	h.t.Setenv("GITHUB_API_URL", h.api.APIURL())
	h.t.Setenv("GITHUB_REPOSITORY", testRepo)
	h.t.Setenv("GITHUB_SERVER_URL", h.api.URL)
	h.t.Setenv("GITHUB_TOKEN", githubtest.BotToken)
	apiSleep = func(context.Context, time.Duration) error { return nil }
	h.t.Cleanup(func() { apiSleep = nil })
}

// One publish opens at most issues.max_per_publish issues (100 unless
// the default branch says otherwise): a plan needing more is refused with
// the reason and nothing is written. The dry run counts the issues it
// would open, where it said "0 new".
func TestPublishIsBoundedAndTheDryRunCounts(t *testing.T) {
	h := newPublishHarness(t)
	c := h.api.AddComment("ic", 8, alice, "/rtgit publish --dry-run")
	if out, err := h.run("issue_comment", h.api.IssueCommentEvent(c)); err != nil {
		t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	replies := h.replies()
	mustContain(t, "dry-run reply", replies[len(replies)-1], "Would publish 8 tasks", ": 8 new, 0 updated")

	h.onMain("issues:\n  max_per_publish: 2\n")
	c = h.api.AddComment("ic", 8, alice, "/rtgit publish")
	if out, err := h.run("issue_comment", h.api.IssueCommentEvent(c)); err != nil {
		t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	replies = h.replies()
	mustContain(t, "reply", replies[len(replies)-1], "Nothing was published: the build plan needs 8 new issues and one publish opens at most 2")
	if got := taskIssues(h); len(got) != 0 {
		t.Errorf("a refused publish opened %v", got)
	}
	if n := h.api.Count("POST", "/repos/acme/invoices/issues"); n != 0 {
		t.Errorf("a refused publish made %d creates", n)
	}
}

// A local publish runs on the analysis branch, whose settings whoever
// pushes it chooses: with main asking two approvals of the requirements
// and the branch relaxing that, the policy applied is main's, and nothing
// is published.
func TestLocalPublishAppliesTheDefaultBranchPolicy(t *testing.T) {
	h := newPublishHarness(t)
	h.onMain("signoff:\n  required: [requirements]\n  min_approvers: 2\n")
	ws := relaxedAnalysisBranch(t, h.workspace())
	h.publishEnv()
	publishRefused(t, h, ws, "the branch's relaxed policy")
}

// patches counts the edits made to issues and comments.
func patches(h *harness) int {
	n := 0
	h.api.Do(func() {
		for _, r := range h.api.Requests {
			if strings.HasPrefix(r, "PATCH ") {
				n++
			}
		}
	})
	return n
}

// Publishing twice with nothing changed edits nothing: the trace links
// point at the commit where the analysis's documents last changed, which
// the first publish's meta.json commit does not move, and a person's
// notes in a task issue are kept.
func TestPublishingTwiceEditsNothing(t *testing.T) {
	h := newPublishHarness(t)
	publishOnPR := func() {
		t.Helper()
		c := h.api.AddComment("ic", 8, alice, "/rtgit publish")
		if out, err := h.run("issue_comment", h.api.IssueCommentEvent(c)); err != nil {
			t.Fatalf("rtgit action: %v\n%s", err, out)
		}
	}
	publishOnPR()
	issues := taskIssues(h)
	if len(issues) == 0 {
		t.Fatal("no task issues")
	}
	n := issues["T001"][0]
	h.api.Do(func() { h.api.Issues[n].Body += "\nDana: I'll take this one on Monday.\n" })
	before := patches(h)
	publishOnPR()
	if got := patches(h) - before; got != 0 {
		t.Errorf("a second publish of the same plan made %d edits", got)
	}
	replies := h.replies()
	mustContain(t, "second reply", replies[len(replies)-1], " 0 new, 0 updated, ")
	var body string
	h.api.Do(func() { body = h.api.Issues[n].Body })
	mustContain(t, "T001's issue", body, "Dana: I'll take this one on Monday.")
}

// A local publish counts the approvals a local check counts: main asks
// for an approval of the requirements, and the author's unsigned one,
// which no key main lists backs, lets nothing be published, as check
// refuses the analysis.
func TestLocalPublishCountsOnlyVerifiedApprovals(t *testing.T) {
	h := newPublishHarness(t)
	h.onMain("signoff:\n  required: [requirements]\n")
	ws := h.workspace()
	gitCmd(t, ws, "switch", "-q", "rtgit/"+demoSlug)
	if code, out := runRtgit(t, "-C", ws, "approve", "requirements"); code != 0 {
		t.Fatalf("approve: exit %d\n%s", code, out)
	}
	if code, out := runRtgit(t, "-C", ws, "check"); code != ExitIncomplete {
		t.Fatalf("check with an unsigned approval: exit %d, want %d\n%s", code, ExitIncomplete, out)
	}
	h.publishEnv()
	publishRefused(t, h, ws, "an unverified approval")
}

// publishRefused runs a local publish in ws and checks that it is refused
// as not ready and opens no issue; why names what must not publish.
func publishRefused(t *testing.T, h *harness, ws, why string) {
	t.Helper()
	code, out := runRtgit(t, "-C", ws, "publish", "--login", githubtest.Bot.Login)
	if code != ExitIncomplete {
		t.Errorf("publish with %s: exit %d, want %d\n%s", why, code, ExitIncomplete, out)
	}
	mustContain(t, "output", out, "is not ready to build, so nothing was published")
	if got := taskIssues(h); len(got) != 0 {
		t.Errorf("%s published %v", why, got)
	}
}
