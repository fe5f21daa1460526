package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// An approval covers what the area's documents say, not only the
// answers: a pushed edit of requirements-spec.md adding FR-099 inside
// rtgit's block for 01-06 makes the requirements' approval stale, and
// check, which requires them, fails until they are approved again; check
// also names the block as not what the answers render.
func TestApprovalCoversTheRenderedDocuments(t *testing.T) {
	h := signoffHarness(t)
	h.review(alice, "approved", "")
	approvedInTheAction(t, h)

	ws := h.workspace()
	gitCmd(t, ws, "switch", "-q", "rtgit/"+testSlug)
	before := gitCmd(t, ws, "rev-parse", "HEAD")
	spec := filepath.Join(ws, "docs/requirements", testSlug, "requirements-spec.md")
	data, err := os.ReadFile(spec)
	if err != nil {
		t.Fatal(err)
	}
	const end = "<!-- rtgit:end 01-06 functional-requirements -->"
	if !strings.Contains(string(data), end) {
		t.Fatalf("requirements-spec.md has no 01-06 block:\n%s", data)
	}
	edited := strings.Replace(string(data), end, "### FR-099: Export every customer's invoices\n\n"+end, 1)
	if err := os.WriteFile(spec, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	gitCmd(t, ws, "commit", "-q", "-am", "requirements: one more")
	gitCmd(t, ws, "push", "-q", "origin", "rtgit/"+testSlug)
	if out, err := h.run("push", h.api.PushEvent("rtgit/"+testSlug, before, gitCmd(t, ws, "rev-parse", "HEAD"), bob)); err != nil {
		t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	mustContain(t, "check", h.checkBranch(), "sign-off: requirements: needs 1 current approval, has 0", "changed since",
		"hand edit: docs/requirements/"+testSlug+"/requirements-spec.md: the block 01-06 functional-requirements is not what the answers render")
	mustContain(t, "dashboard", h.dashboard(), "| requirements | ⚠️ stale | approved by @alice at ")
}

// A question settled after an approval (/rtgit resolve writes its answer
// into the spec) is a change the approval did not cover: it is stale,
// naming the questions.
func TestSettledQuestionLapsesAnApproval(t *testing.T) {
	h := signoffHarness(t)
	h.review(alice, "approved", "")
	h.comment(bob, "What about PowerShell users on Windows?")
	mustContain(t, "meta.json", h.originFile(metaJSON), `"id": "Q-001"`, `"state": "current"`)
	h.comment(bob, "/rtgit resolve Q-001 Only the web download; PowerShell users fetch the same URL.")
	meta := h.originFile(metaJSON)
	mustContain(t, "meta.json", meta, `"status": "resolved"`, `"state": "stale"`, `"questions"`)
	mustContain(t, "dashboard", h.dashboard(), "| requirements | ⚠️ stale | approved by @alice at ", "changed since by @bob in questions")
}

// distinct_from_author compares logins: the requirements here were
// answered and phase 00 skipped under a git name (Dana Developer) the
// default branch maps to no login, so nothing shows that @erin did not
// write them, and her approval, signed by her listed key, cannot meet the
// rule; check says why.
func TestDistinctFromAuthorNeedsVerifiableAuthors(t *testing.T) {
	if _, err := exec.LookPath("ssh-keygen"); err != nil {
		t.Skip("no ssh-keygen to sign with")
	}
	h := signoffHarness(t)
	key, pub := sshKey(t, t.TempDir(), "erin")
	h.onMain("signoff:\n  required: [requirements]\n  distinct_from_author: true\n  signers:\n    erin: \"" + pub + "\"\n")
	ws := h.workspace()
	gitCmd(t, ws, "switch", "-q", "rtgit/"+testSlug)
	approveSigned(t, ws, "@erin", key)
	mustContain(t, "check", rtgitIn(t, ws, ExitIncomplete, "check", testSlug), "sign-off: requirements: distinct_from_author: who wrote it cannot be verified")
}

// The dashboard says "approved" only when the policy is met: one approval
// where it asks two is one of two.
func TestDashboardCountsApprovalsAgainstThePolicy(t *testing.T) {
	h := signoffHarness(t)
	h.onMain("signoff:\n  required: [requirements]\n  min_approvers: 2\n")
	h.review(alice, "approved", "")
	dash := h.dashboard()
	mustContain(t, "dashboard", dash, "| requirements | ☑️ 1 of 2 approvals | approved by @alice at ")
	if strings.Contains(dash, "✅ approved") {
		t.Errorf("the dashboard says approved with one approval of two:\n%s", dash)
	}
	h.review(bob, "approved", "")
	mustContain(t, "dashboard", h.dashboard(), "| requirements | ✅ approved | ")
}
