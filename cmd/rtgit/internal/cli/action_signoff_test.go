package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/review/githubtest"
)

// rtgitIn runs rtgit in dir and fails the test unless it exits with code.
func rtgitIn(t *testing.T, dir string, code int, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	if got := Run(append([]string{"-C", dir}, args...), Streams{In: strings.NewReader(""), Out: &out, Err: &out}); got != code {
		t.Fatalf("rtgit %s: exit %d, want %d\n%s", strings.Join(args, " "), got, code, out.String())
	}
	return out.String()
}

// signoffHarness is the harness with the requirements area finished on
// origin (phase 00 skipped, phase 01 answered at brief depth) and a
// default branch whose policy requires requirements to be approved.
func signoffHarness(t *testing.T) *harness {
	h := newHarness(t)
	ws := h.workspace()
	if err := os.MkdirAll(filepath.Join(ws, ".rtgit"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, ".rtgit", "config.yaml"), []byte("signoff:\n  required: [requirements]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitCmd(t, ws, "add", ".rtgit/config.yaml")
	gitCmd(t, ws, "commit", "-q", "-m", "rtgit: require sign-off of the requirements")
	gitCmd(t, ws, "push", "-q", "origin", "main")
	gitCmd(t, ws, "switch", "-q", "rtgit/"+testSlug)
	// The branch takes in the policy, so that check run on it locally
	// applies the policy the action applies.
	gitCmd(t, ws, "merge", "-q", "--no-edit", "main")
	rtgitIn(t, ws, 0, "skip", testSlug)
	rtgitIn(t, ws, 0, "depth", testSlug, "brief")
	for _, qa := range [][2]string{
		{"problem", "Finance exports invoices by hand every month and it takes two days."},
		{"users", "Customers who download their invoices, and the finance team who reconciles them."},
		{"journey", "The customer opens the invoices page, picks a date range and downloads one CSV file."},
		{"context", "invoices/api.py serves the invoice list; invoices/store.py reads the invoices."},
		{"nfrs", "Performance: 10,000 invoices export in under 5 seconds"},
		{"requirements", signoffRequirements},
		{"stories", "As a customer, I want to download my invoices as CSV, so that I can load them into my spreadsheet (FR-001)\nAC: Given 3 invoices, When I export, Then I get 3 rows"},
		{"priorities", "FR-001: Must Have"},
	} {
		rtgitIn(t, ws, 0, "answer", testSlug, qa[0], qa[1])
		rtgitIn(t, ws, 0, "next", testSlug)
	}
	gitCmd(t, ws, "push", "-q", "origin", "rtgit/"+testSlug)
	h.api.Do(func() { h.api.PRs[testPR].HeadSHA = h.tip() })
	return h
}

const signoffRequirements = "FR-001: Invoice CSV export -- When a customer asks for their invoices as CSV, the system shall return one row per invoice\n" +
	"AC-001-01: Given a customer with 3 invoices, When they export, Then the file has a header and 3 rows"

// review submits a review with a verdict and runs the action for it.
func (h *harness) review(u githubtest.User, state, body string) string {
	h.t.Helper()
	c := h.api.AddReview(testPR, u, state, body)
	out, err := h.run("pull_request_review", h.api.ReviewEvent(c))
	if err != nil {
		h.t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	return out
}

// checkBranch runs `rtgit check` on a clone of the analysis branch.
func (h *harness) checkBranch(args ...string) string {
	ws := h.workspace()
	gitCmd(h.t, ws, "switch", "-q", "rtgit/"+testSlug)
	return rtgitIn(h.t, ws, ExitIncomplete, append([]string{"check", testSlug}, args...)...)
}

// approvedInTheAction checks that the requirements are approved as the
// Action counts them (GitHub backs the approval: the dashboard), and
// that a local check, which cannot verify what nobody signed, lists the
// approval as current but unverified and counts it for nothing.
func approvedInTheAction(t *testing.T, h *harness) {
	t.Helper()
	mustContain(t, "dashboard", h.dashboard(), "| requirements | ✅ approved | approved by @alice at ")
	mustContain(t, "check --json", h.checkBranch("--json"), `"state": "current"`,
		`"unverified": "signoff.signers on origin/main lists no key for @alice"`, `"reason": "needs 1 current approval, has 0`)
}

// On the pull request, a writer's Approve review signs off every complete
// area; an outsider's or a bot's signs off nothing; a comment changing an
// approved answer makes the approval stale, and check with the area
// required fails until it is approved again; an area not complete is
// refused with a reply.
func TestActionSignOff(t *testing.T) {
	h := signoffHarness(t)

	// Design is not complete: refused, with what is open.
	h.comment(alice, "/rtgit approve design")
	last := h.replies()[len(h.replies())-1]
	mustContain(t, "reply to /rtgit approve design", last, "design cannot be approved yet", "04-01 Module Design", "still open")
	if strings.Contains(h.originFile(metaJSON), `"acceptance"`) {
		t.Fatalf("a refused approval was recorded:\n%s", h.originFile(metaJSON))
	}

	// An outsider's approval approves nothing, nor does a bot's.
	h.review(mallory, "approved", "")
	tip := h.tip()
	h.review(helper, "approved", "LGTM")
	if strings.Contains(h.originFile(metaJSON), `"acceptance"`) || h.tip() != tip {
		t.Fatalf("an outsider's or a bot's review was recorded:\n%s", h.originFile(metaJSON))
	}
	mustContain(t, "reply to mallory", h.replies()[len(h.replies())-1], "@mallory", "Only people with write access")

	// A writer's Approve naming nothing approves every complete area:
	// requirements, the only one.
	h.review(alice, "approved", "")
	meta := h.originFile(metaJSON)
	mustContain(t, "meta.json", meta, `"area": "requirements"`, `"by": "@alice"`, `"state": "current"`)
	if strings.Count(meta, `"area": `) != 1 {
		t.Errorf("want one approval, of requirements:\n%s", meta)
	}
	mustContain(t, "commit", gitCmd(t, h.origin, "log", "-1", "--format=%B", "rtgit/"+testSlug), "rtgit: approve requirements by @alice", "Rtgit-Comment: rv-")
	mustContain(t, "dashboard", h.dashboard(), "### Sign-off", "| requirements | ✅ approved | approved by @alice at ", "| design | open (04-01")
	approvedInTheAction(t, h)

	// Bob corrects a requirements answer from the conversation: the
	// approval is stale, and check names the area and why.
	h.comment(bob, "/rtgit answer 01-06/requirements\n"+strings.Replace(signoffRequirements, "one row per invoice", "one row per invoice line", 1))
	meta = h.originFile(metaJSON)
	mustContain(t, "meta.json", meta, `"state": "stale"`, `"changed_by": "@bob"`, `"01-06"`)
	mustContain(t, "dashboard", h.dashboard(), "| requirements | ⚠️ stale | approved by @alice at ", ", changed since by @bob in 01-06 |")
	out := h.checkBranch()
	mustContain(t, "check", out, "sign-off: requirements: needs 1 current approval, has 0 (requirements: approved by @alice at ", "changed since by @bob in 01-06, unverified: ")
	mustContain(t, "check --json", h.checkBranch("--json"), `"state": "stale"`, `"area": "requirements",`, `"reason": "needs 1 current approval`)

	// Changes requested by bob hold until bob himself approves.
	h.review(bob, "changes_requested", "The requirements miss refunds.")
	mustContain(t, "check", h.checkBranch(), "changes requested by @bob")
	h.comment(alice, "/rtgit approve requirements")
	mustContain(t, "check", h.checkBranch(), "changes requested by @bob")
	h.review(bob, "approved", "Requirements are fine now.")
	approvedInTheAction(t, h)
	out = h.checkBranch("--json")
	if strings.Contains(out, `"state": "stale"`) {
		t.Errorf("a stale approval is left after re-approval:\n%s", out)
	}
	mustContain(t, "dashboard", h.dashboard(), "| requirements | ✅ approved | approved by @alice at ")
}
