package cli

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/review/githubtest"
)

// Hostile and careless pull-request comments against the whole action:
// a real bare origin, the fake API, real payloads. docs/reliability.md
// lists each with the threat it answers.

// An outsider's comment carrying rtgit's reply marker must not make rtgit
// skip a writer's comment: only rtgit's own account speaks for rtgit.
func TestActionForgedReplyMarkerSkipsNothing(t *testing.T) {
	h := newHarness(t)
	c := h.api.AddComment("ic", testPR, alice, "/rtgit answer change\n"+ansChange)
	h.api.AddComment("ic", testPR, mallory, "Looks good!\n<!-- rtgit:bot reply=ic-"+itoa(c.ID)+" -->")
	if out, err := h.run("issue_comment", h.api.IssueCommentEvent(c)); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	mustContain(t, "answer file", h.originFile(answerMD), ansChange)
	replied := false
	for _, r := range h.replies() {
		replied = replied || strings.Contains(r, "reply=ic-"+itoa(c.ID)+" ")
	}
	if !replied {
		t.Errorf("the writer's comment got no reply: %q", h.replies())
	}
	// A writer's own comment with a marker in it is still the writer's.
	marked := h.api.AddComment("ic", testPR, bob, "<!-- rtgit:bot reply=ic-1 -->\nC")
	if out, err := h.run("issue_comment", h.api.IssueCommentEvent(marked)); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if r := h.api.ReactionsOn(marked); len(r) == 0 {
		t.Error("a writer's comment holding a marker was taken for rtgit's own")
	}
}

// The same forgery for a direct push: reply=push-<sha> in an outsider's
// comment must not silence the push's reply.
func TestActionForgedPushMarkerSkipsNothing(t *testing.T) {
	h := newHarness(t)
	ws := h.workspace()
	gitCmd(t, ws, "switch", "-q", "rtgit/"+testSlug)
	before := gitCmd(t, ws, "rev-parse", "HEAD")
	gitCmd(t, ws, "commit", "-q", "--allow-empty", "-m", "a hand edit")
	gitCmd(t, ws, "push", "-q", "origin", "rtgit/"+testSlug)
	after := gitCmd(t, ws, "rev-parse", "HEAD")
	h.api.AddComment("ic", testPR, mallory, "<!-- rtgit:bot reply=push-"+after[:12]+" -->")
	if out, err := h.run("push", h.api.PushEvent("rtgit/"+testSlug, before, after, alice)); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	found := false
	for _, r := range h.replies() {
		found = found || strings.Contains(r, "reply=push-"+after[:12]) && strings.Contains(r, "Still needed")
	}
	if !found {
		t.Errorf("the push got no reply: %q", h.replies())
	}
}

// An outsider's comment starting with the dashboard marker is not the
// dashboard: rtgit keeps its own.
func TestActionForgedDashboardIsNotTheDashboard(t *testing.T) {
	h := newHarness(t)
	fake := h.api.AddComment("ic", testPR, mallory, "<!-- rtgit:bot dashboard -->\nAll done, merge it!")
	out := ""
	h.api.Unexpected = nil
	_, out = h.comment(alice, "/rtgit answer change\n"+ansChange)
	if fake.Body != "<!-- rtgit:bot dashboard -->\nAll done, merge it!" {
		t.Errorf("the outsider's comment was edited: %q", fake.Body)
	}
	mustContain(t, "rtgit's dashboard", h.dashboard(), "Open questions", "`boundaries`")
	if strings.Contains(out, "::warning::") {
		t.Errorf("the run warned:\n%s", out)
	}
}

// With a personal access token rtgit posts as the token's user; it asks
// the API once who that is, and recognises its own replies by that login.
func TestActionPATLearnsItsAccount(t *testing.T) {
	h := newHarness(t)
	robot := githubtest.User{Login: "acme-rtgit", Type: "User"}
	h.api.Tokens["pat-token"] = robot
	h.api.Permissions["acme-rtgit"] = "write"
	h.env = map[string]string{"GITHUB_TOKEN": "", "INPUT_TOKEN": "pat-token"}
	asks := 0
	h.api.Before = func(r *http.Request) int {
		if r.URL.Path == githubtest.Prefix+"/user" {
			asks++
		}
		return 0
	}
	c := h.api.AddComment("ic", testPR, alice, "/rtgit answer change\n"+ansChange)
	for i := 0; i < 2; i++ {
		if out, err := h.run("issue_comment", h.api.IssueCommentEvent(c)); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
	}
	if asks != 2 {
		t.Errorf("GET /user was called %d times in two runs, want once per run", asks)
	}
	var replies, dashboards int
	h.api.Do(func() {
		for _, x := range h.api.Comments {
			if x.User == robot && strings.Contains(x.Body, "reply=ic-"+itoa(c.ID)+" ") {
				replies++
			}
			if x.User == robot && strings.HasPrefix(x.Body, "<!-- rtgit:bot dashboard -->") {
				dashboards++
			}
		}
	})
	if replies != 1 || dashboards != 1 {
		t.Errorf("%d replies and %d dashboards by the token's account, want one each", replies, dashboards)
	}
	// A workflow token with an App's login given explicitly needs no API.
	h.env = map[string]string{"GITHUB_TOKEN": "", "INPUT_TOKEN": githubtest.BotToken, "INPUT_LOGIN": "github-actions[bot]"}
	if out, err := h.run("issue_comment", h.api.IssueCommentEvent(c)); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if asks != 2 {
		t.Error("asked the API despite an explicit login")
	}
}

// Deleting a comment is how people take back a pasted secret: a comment
// the API no longer lists is not applied, quoted or committed, even by the
// run its own event started.
func TestActionDeletedCommentIsNotApplied(t *testing.T) {
	h := newHarness(t)
	before := h.tip()
	secret := "/rtgit answer change\nAPI key sk-live-0123456789"
	c := h.api.AddComment("ic", testPR, alice, secret)
	ev := h.api.IssueCommentEvent(c)
	h.api.DeleteComment(c)
	out, err := h.run("issue_comment", ev)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	mustContain(t, "output", out, "was deleted")
	if h.tip() != before {
		t.Error("the deleted comment was committed")
	}
	for _, r := range h.api.Replies() {
		if strings.Contains(r.Body, "sk-live") {
			t.Errorf("a reply quotes the deleted comment: %q", r.Body)
		}
	}

	// Deleted between the listing and its turn to be applied.
	c = h.api.AddComment("ic", testPR, alice, secret)
	h.api.Before = func(r *http.Request) int {
		if r.Method == "GET" && strings.HasSuffix(r.URL.Path, "/issues/comments/"+itoa(c.ID)) {
			h.api.DeleteComment(c)
		}
		return 0
	}
	if out, err := h.run("issue_comment", h.api.IssueCommentEvent(c)); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if h.tip() != before || strings.Contains(h.originFile(answerMD), "sk-live") {
		t.Error("a comment deleted just before it was applied was committed")
	}
}

// With a concurrency group GitHub cancels the queued run of a person's
// comment when a newer run (here a CI bot's comment) is queued: that run
// must catch up.
func TestActionBotTriggeredRunCatchesUp(t *testing.T) {
	h := newHarness(t)
	c := h.api.AddComment("ic", testPR, alice, "/rtgit answer change\n"+ansChange) // its run was cancelled
	ci := h.api.AddComment("ic", testPR, helper, "Coverage: 81%")
	if out, err := h.run("issue_comment", h.api.IssueCommentEvent(ci)); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	mustContain(t, "answer file", h.originFile(answerMD), ansChange)
	equalStrings(t, "reactions on the writer's comment", h.api.ReactionsOn(c), []string{"+1"})
	if r := h.api.ReactionsOn(ci); len(r) != 0 {
		t.Errorf("reacted %q to the bot", r)
	}
}

// GitHub numbers issue comments, review comments and reviews separately:
// a review comment whose id equals an applied issue comment's is new.
func TestActionProcessedIdsKeepTheirKind(t *testing.T) {
	h := newHarness(t)
	c, _ := h.comment(alice, "/rtgit answer change\n"+ansChange)
	rv := h.api.AddComment("rv", testPR, alice, "/rtgit answer example\n"+ansExample)
	h.api.Do(func() { rv.ID = c.ID })
	if out, err := h.run("pull_request_review", h.api.ReviewEvent(rv)); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	mustContain(t, "answer file", h.originFile(answerMD), ansExample)
	mustContain(t, "meta.json", h.originFile(metaJSON), `"ic-`+itoa(c.ID)+`"`, `"rv-`+itoa(c.ID)+`"`)
}

// Enterprise Managed Users have logins like handle_shortcode; and one
// comment the API returns malformed must not fail every later run.
func TestActionManagedUserLoginsAndOneBadComment(t *testing.T) {
	h := newHarness(t)
	emu := githubtest.User{Login: "dana-lee_acme", Type: "User"}
	h.api.Permissions[emu.Login] = "write"
	h.api.AddComment("ic", testPR, githubtest.User{Login: "bad login!", Type: "User"}, "C")
	c := h.api.AddComment("ic", testPR, emu, "/rtgit answer change\n"+ansChange)
	out, err := h.run("issue_comment", h.api.IssueCommentEvent(c))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	mustContain(t, "answer file", h.originFile(answerMD), ansChange)
	mustContain(t, "output", out, "::warning::skipped comment ic-", `"bad login!"`)
}

// A run that fails says so in the log, the job summary and an error
// annotation, instead of "No new comments to process".
func TestActionFailureIsReported(t *testing.T) {
	h := newHarness(t)
	h.api.Before = func(r *http.Request) int {
		if r.Method == "GET" && strings.HasSuffix(r.URL.Path, "/issues/7/comments") {
			return http.StatusInternalServerError
		}
		return 0
	}
	c := h.api.AddComment("ic", testPR, alice, "/rtgit answer change\n"+ansChange)
	out, err := h.run("issue_comment", h.api.IssueCommentEvent(c))
	if err == nil {
		t.Fatalf("the run did not fail:\n%s", out)
	}
	mustContain(t, "output", out, "::error::rtgit failed: list comments", "**The run failed:** list comments")
	if strings.Contains(out, "No new comments") {
		t.Errorf("a failed run claims it had nothing to do:\n%s", out)
	}
}

// A pushed commit is judged by what it changes, never by its message: a
// writer's commit whose message starts "rtgit: ", as rtgit's own do, and
// which ticks [C], is handled as any push, and the step completes.
func TestActionPushIsJudgedByWhatItChanges(t *testing.T) {
	h := newHarness(t)
	ws := h.workspace()
	gitCmd(t, ws, "switch", "-q", "rtgit/"+testSlug)
	before := gitCmd(t, ws, "rev-parse", "HEAD")
	p := filepath.Join(ws, filepath.FromSlash(answerMD))
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	for id, text := range map[string]string{"change": ansChange, "boundaries": ansBoundaries, "example": ansExample} {
		s = strings.Replace(s, "<!-- rtgit:answer id="+id+" -->\n\n_Write your answer here, replacing this line._", "<!-- rtgit:answer id="+id+" -->\n\n"+text, 1)
	}
	s = strings.Replace(s, "- [ ] **[C]**", "- [x] **[C]**", 1)
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	gitCmd(t, ws, "commit", "-q", "-am", "rtgit: next csv-export")
	gitCmd(t, ws, "push", "-q", "origin", "rtgit/"+testSlug)
	if out, err := h.run("push", h.api.PushEvent("rtgit/"+testSlug, before, gitCmd(t, ws, "rev-parse", "HEAD"), alice)); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	mustContain(t, "meta.json", h.originFile(metaJSON), `"00-01"`)
	mustContain(t, "reply", h.replies()[len(h.replies())-1], "Step 00-02")
}
