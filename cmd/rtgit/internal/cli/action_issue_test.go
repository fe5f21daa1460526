package cli

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/review/githubtest"
	"github.com/rtgit/rtgit/steps/meta"
)

// The issue intake end to end: a bare origin holding only main, and issue
// #7 on the fake GitHub, which nobody has analysed yet.

const testIssue = 7

var carol = githubtest.User{Login: "carol", Type: "User"} // opened the issue; no write access

const issueBody = "Our bookkeeper downloads 38 PDFs every month. She wants one CSV file with every invoice of the month instead."

func newIssueHarness(t *testing.T) *harness {
	t.Helper()
	h := newHarness(t)
	// Start over from main alone: the shared harness's analysis and pull
	// request #7 are not wanted here.
	origin := filepath.Join(t.TempDir(), "issues-origin.git")
	gitCmd(t, h.origin, "clone", "-q", "--bare", "--single-branch", "--branch", "main", h.origin, origin)
	h.origin = origin
	h.api = githubtest.New(testRepo)
	t.Cleanup(h.api.Close)
	h.api.Unexpected = func(method, path string) { t.Errorf("unexpected API call: %s %s", method, path) }
	h.api.Permissions["alice"] = "write"
	h.api.Permissions["mallory"] = "read"
	h.api.AddIssue(testIssue, carol, "Let customers export invoices as CSV", issueBody)
	return h
}

func (h *harness) onIssue(u githubtest.User, body string) string {
	h.t.Helper()
	c := h.api.AddComment("ic", testIssue, u, body)
	out, err := h.run("issue_comment", h.api.IssueCommentOnIssueEvent(c))
	if err != nil {
		h.t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	return out
}

func (h *harness) openPRs() []*githubtest.PR {
	var out []*githubtest.PR
	h.api.Do(func() {
		for _, pr := range h.api.PRs {
			out = append(out, pr)
		}
	})
	return out
}

func (h *harness) botCommentsOn(n int) []string {
	var out []string
	for _, c := range h.api.CommentsOn(n) {
		if c.User == githubtest.Bot {
			out = append(out, c.Body)
		}
	}
	return out
}

func TestAnalyzeOnIssueOpensOnePullRequest(t *testing.T) {
	h := newIssueHarness(t)
	out := h.onIssue(alice, "/rtgit analyze")
	prs := h.openPRs()
	if len(prs) != 1 {
		t.Fatalf("%d pull requests, want 1\n%s", len(prs), out)
	}
	pr := prs[0]
	const slug = "export-invoices-csv"
	if pr.HeadRef != "rtgit/"+slug || pr.BaseRef != "main" {
		t.Errorf("pull request from %s into %s", pr.HeadRef, pr.BaseRef)
	}
	mustContain(t, "pull request body", pr.Body, "Analysis of #7", "rtgit:bot dashboard", "00-01")
	mustContain(t, "pull request title", pr.Title, "Let customers export invoices as CSV")

	// The branch is on origin, with the issue recorded and its body the
	// first answer's draft.
	md, err := meta.Parse("meta.json", []byte(gitCmd(t, h.origin, "show", "rtgit/"+slug+":docs/requirements/"+slug+"/meta.json")))
	if err != nil {
		t.Fatal(err)
	}
	if md.Source != "github" || md.SourceID != "GH-7" || !strings.HasSuffix(md.SourceURL, "/acme/invoices/issues/7") {
		t.Errorf("meta.json source %q %q %q", md.Source, md.SourceID, md.SourceURL)
	}
	answer := gitCmd(t, h.origin, "show", "rtgit/"+slug+":docs/requirements/"+slug+"/answers/00-01-scope-estimation.md")
	mustContain(t, "first answer file", answer, "Taken from issue [#7](", issueBody, "rtgit drafted this answer")

	replies := h.botCommentsOn(testIssue)
	if len(replies) != 1 {
		t.Fatalf("%d replies on the issue, want 1: %q", len(replies), replies)
	}
	mustContain(t, "reply", replies[0], "#"+strconv.Itoa(pr.Number), "/pull/"+strconv.Itoa(pr.Number))

	// Asking again, by comment or by label, opens nothing new.
	h.onIssue(alice, "/rtgit analyze")
	if _, err := h.run("issues", h.api.IssueLabeledEvent(testIssue, "rtgit:analyze", alice)); err != nil {
		t.Fatal(err)
	}
	if n := len(h.openPRs()); n != 1 {
		t.Fatalf("%d pull requests after asking again, want 1", n)
	}
	replies = h.botCommentsOn(testIssue)
	if len(replies) != 3 {
		t.Fatalf("%d replies, want 3: %q", len(replies), replies)
	}
	for _, r := range replies[1:] {
		mustContain(t, "second reply", r, "already being analysed in #"+strconv.Itoa(pr.Number))
	}
}

func TestAnalyzeByLabelAndItsOptions(t *testing.T) {
	h := newIssueHarness(t)
	h.api.Do(func() { h.api.Issues[testIssue].Labels = []string{"bug"} })
	out, err := h.run("issues", h.api.IssueLabeledEvent(testIssue, "rtgit:analyze", alice))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	prs := h.openPRs()
	if len(prs) != 1 {
		t.Fatalf("%d pull requests, want 1\n%s", len(prs), out)
	}
	slug := strings.TrimPrefix(prs[0].HeadRef, "rtgit/")
	md := gitCmd(t, h.origin, "show", prs[0].HeadRef+":docs/requirements/"+slug+"/meta.json")
	mustContain(t, "meta.json of a bug-labelled issue", md, `"library": "bug"`, `"source_id": "GH-7"`)

	// Another label does nothing; options pick slug, type and depth.
	h2 := newIssueHarness(t)
	if out, err := h2.run("issues", h2.api.IssueLabeledEvent(testIssue, "enhancement", alice)); err != nil || !strings.Contains(out, "Nothing to do") {
		t.Fatalf("another label: %v\n%s", err, out)
	}
	h2.onIssue(alice, "/rtgit analyze --slug csv --depth brief --type feature")
	md = gitCmd(t, h2.origin, "show", "rtgit/csv:docs/requirements/csv/meta.json")
	mustContain(t, "meta.json with options", md, `"00-quick-scan": "brief"`, `"library": "feature"`)
	h2.onIssue(alice, "/rtgit analyze --depth enormous")
	replies := h2.botCommentsOn(testIssue)
	mustContain(t, "reply to a bad option", replies[len(replies)-1], "--depth \"enormous\" must be brief, standard or deep")
}

func TestAnalyzeByOutsiderIsRefusedOnce(t *testing.T) {
	h := newIssueHarness(t)
	h.onIssue(mallory, "/rtgit analyze")
	h.onIssue(mallory, "/rtgit analyze please")
	h.onIssue(helper, "/rtgit analyze")
	if _, err := h.run("issues", h.api.IssueLabeledEvent(testIssue, "rtgit:analyze", mallory)); err != nil {
		t.Fatal(err)
	}
	if n := len(h.openPRs()); n != 0 {
		t.Fatalf("%d pull requests opened for outsiders", n)
	}
	replies := h.botCommentsOn(testIssue)
	if len(replies) != 1 {
		t.Fatalf("%d replies, want one refusal: %q", len(replies), replies)
	}
	mustContain(t, "refusal", replies[0], "Only people with write access")
	if out := gitCmd(t, h.origin, "branch", "--list", "rtgit/*"); out != "" {
		t.Errorf("branches pushed for outsiders: %s", out)
	}
}

func TestIssueCommentThatIsNotAnalyzeDoesNothing(t *testing.T) {
	h := newIssueHarness(t)
	out := h.onIssue(alice, "Any news on this?")
	mustContain(t, "output", out, "Nothing to do", "not /rtgit analyze")
	if n := len(h.api.Requests); n != 0 {
		t.Errorf("%d API requests for a plain comment: %q", n, h.api.Requests)
	}
}

func TestAnalyzeFindsTheAnalysisByItsBranch(t *testing.T) {
	h := newIssueHarness(t)
	h.onIssue(alice, "/rtgit analyze")
	// rtgit's reply is gone (deleted by someone with admin rights): the
	// branch and its meta.json still say which pull request is the issue's.
	for _, c := range h.api.CommentsOn(testIssue) {
		if c.User == githubtest.Bot {
			h.api.DeleteComment(c)
		}
	}
	h.onIssue(alice, "/rtgit analyze")
	if n := len(h.openPRs()); n != 1 {
		t.Fatalf("%d pull requests, want 1", n)
	}
	replies := h.botCommentsOn(testIssue)
	mustContain(t, "reply", replies[len(replies)-1], "already being analysed in #")

	// A run that pushed the branch and stopped before opening the pull
	// request: the next request opens it for the branch already there.
	h2 := newIssueHarness(t)
	h2.onIssue(alice, "/rtgit analyze")
	h2.api.Do(func() {
		for n := range h2.api.PRs {
			delete(h2.api.PRs, n)
		}
	})
	for _, c := range h2.api.CommentsOn(testIssue) {
		h2.api.DeleteComment(c)
	}
	tip := gitCmd(t, h2.origin, "rev-parse", "rtgit/export-invoices-csv")
	h2.onIssue(alice, "/rtgit analyze")
	prs := h2.openPRs()
	if len(prs) != 1 || prs[0].HeadRef != "rtgit/export-invoices-csv" {
		t.Fatalf("pull requests %v", prs)
	}
	if now := gitCmd(t, h2.origin, "rev-parse", "rtgit/export-invoices-csv"); now != tip {
		t.Errorf("the branch moved from %s to %s", tip, now)
	}
	mustContain(t, "reply", h2.botCommentsOn(testIssue)[0], "I've opened the analysis of this issue in #")

	// The branch holds another issue's analysis: left alone.
	h2.api.AddIssue(30, carol, "Let customers export invoices as CSV", "The same title, another issue.")
	c := h2.api.AddComment("ic", 30, alice, "/rtgit analyze")
	if out, err := h2.run("issue_comment", h2.api.IssueCommentOnIssueEvent(c)); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	mustContain(t, "reply on #30", h2.botCommentsOn(30)[0], "already holds another analysis (GH-7)", "--slug")
	if n := len(h2.openPRs()); n != 1 {
		t.Errorf("%d pull requests, want 1", n)
	}
}
