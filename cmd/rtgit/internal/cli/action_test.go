package cli

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rtgit/rtgit/review/githubtest"
)

func TestActionWriterAnswersAndContinues(t *testing.T) {
	h := newHarness(t)
	before := h.tip()
	c, out := h.comment(alice, "/rtgit answer change\n"+ansChange)
	mustContain(t, "action output", out, "::add-mask::"+githubtest.BotToken, "ic-")
	mustContain(t, "answer file on origin", h.originFile(answerMD), ansChange)
	mustContain(t, "meta.json on origin", h.originFile(metaJSON), `"processed_comments"`)
	if h.tip() == before {
		t.Fatal("the branch did not move")
	}
	equalStrings(t, "reactions", h.api.ReactionsOn(c), []string{"eyes", "+1"})
	replies := h.replies()
	if len(replies) != 1 {
		t.Fatalf("want one reply, got %d: %q", len(replies), replies)
	}
	mustContain(t, "reply", replies[0], "<!-- rtgit:bot reply=ic-", "Recorded the answer to `change`", "Step 00-01: Scope Estimation", "✅", "`boundaries`")
	mustContain(t, "dashboard", h.dashboard(), "```mermaid", "flowchart LR", "**Depth:** standard", "Open questions", "`boundaries`", "00-01 Scope Estimation** ← current")
	if strings.Contains(h.dashboard(), "`change`:") {
		t.Error("the dashboard still lists the answered question as open")
	}
	msg := gitCmd(t, h.origin, "log", "-1", "--format=%B", "rtgit/"+testSlug)
	mustContain(t, "commit message", msg, "rtgit: answer change from @alice", "Rtgit-Comment: ic-", "\nCo-authored-by: alice <")
	// The commit is rtgit's account's, never the runner's identity.
	who := gitCmd(t, h.origin, "log", "-1", "--format=%an <%ae>|%cn", "rtgit/"+testSlug)
	if self := githubtest.Bot.Login; !strings.HasPrefix(who, self+" <") || !strings.HasSuffix(who, "@users.noreply.github.com>|"+self) {
		t.Errorf("commit identity %q, want %s as author and committer", who, githubtest.Bot.Login)
	}

	h.comment(alice, "/rtgit answer boundaries\n"+ansBoundaries)
	h.comment(bob, "/rtgit answer example\n"+ansExample)
	c, _ = h.comment(alice, "C")
	equalStrings(t, "reactions on C", h.api.ReactionsOn(c), []string{"eyes", "+1"})
	mustContain(t, "meta.json after C", h.originFile(metaJSON), `"00-01"`)
	last := h.replies()[len(h.replies())-1]
	mustContain(t, "reply to C", last, "Step 00-02")
	mustContain(t, "dashboard after C", h.dashboard(), "- [x] 00-01 Scope Estimation", "00-02")
	dashboards := 0
	for _, r := range h.api.Replies() {
		if strings.Contains(r.Body, "rtgit:bot dashboard") {
			dashboards++
		}
	}
	if dashboards != 1 {
		t.Errorf("want one sticky dashboard comment, got %d", dashboards)
	}
}

func TestActionOutsiderChangesNothing(t *testing.T) {
	h := newHarness(t)
	before := h.tip()
	c := h.api.AddComment("ic", testPR, mallory, "/rtgit answer change\n"+ansChange)
	ev := h.api.IssueCommentEvent(c)
	for i := 0; i < 2; i++ {
		if out, err := h.run("issue_comment", ev); err != nil {
			t.Fatalf("run %d: %v\n%s", i, err, out)
		}
	}
	if h.tip() != before {
		t.Fatal("an outsider's comment moved the branch")
	}
	replies := h.replies()
	if len(replies) != 1 {
		t.Fatalf("want exactly one polite reply, got %q", replies)
	}
	mustContain(t, "reply", replies[0], "@mallory", "write access", "haven't changed anything")
	equalStrings(t, "reactions", h.api.ReactionsOn(c), []string{"confused"})
}

func TestActionIgnoresBotsAndItself(t *testing.T) {
	h := newHarness(t)
	before := h.tip()
	var bots []*githubtest.Comment
	for _, c := range []*githubtest.Comment{
		h.api.AddComment("ic", testPR, helper, "C"),
		h.api.AddComment("ic", testPR, githubtest.User{Login: "renovate[bot]", Type: "User"}, "C"),
		h.api.AddComment("ic", testPR, githubtest.Bot, "C"),
	} {
		bots = append(bots, c)
		out, err := h.run("issue_comment", h.api.IssueCommentEvent(c))
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		mustContain(t, "output", out, "not applied")
	}
	if h.tip() != before || len(h.replies()) != 1 { // the "C" rtgit's account itself wrote
		t.Errorf("a bot's comment changed something: %q", h.replies())
	}
	for _, c := range bots {
		if r := h.api.ReactionsOn(c); len(r) != 0 {
			t.Errorf("reacted %q to a bot's comment", r)
		}
	}
	// A writer's later comment is handled, and the bots' "C" is not
	// picked up by the catch-up.
	h.comment(alice, "/rtgit answer change\n"+ansChange)
	mustContain(t, "meta.json", h.originFile(metaJSON), `"steps_completed": []`)
}

func TestActionSameEventTwice(t *testing.T) {
	h := newHarness(t)
	c := h.api.AddComment("ic", testPR, alice, "/rtgit answer change\n"+ansChange)
	ev := h.api.IssueCommentEvent(c)
	if out, err := h.run("issue_comment", ev); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	tip := h.tip()
	out, err := h.run("issue_comment", ev)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if h.tip() != tip {
		t.Error("a redelivered event moved the branch")
	}
	if n := len(h.replies()); n != 1 {
		t.Errorf("want one reply, got %d", n)
	}
	equalStrings(t, "reactions", h.api.ReactionsOn(c), []string{"eyes", "+1"})
}

// Another action lands between this one's fetch and its push: the push is
// refused, and the run starts again from the new tip without repeating
// what the other run already did.
func TestActionRacingRunBothAnswersLand(t *testing.T) {
	h := newHarness(t)
	first := h.api.AddComment("ic", testPR, alice, "/rtgit answer change\n"+ansChange)
	ws := h.workspace()
	fired := false
	beforePush = func() {
		if fired {
			return // the second run's own push
		}
		fired = true
		func() {
			second := h.api.AddComment("ic", testPR, bob, "/rtgit answer boundaries\n"+ansBoundaries)
			if out, err := h.run("issue_comment", h.api.IssueCommentEvent(second)); err != nil {
				t.Errorf("second run: %v\n%s", err, out)
			}
		}()
	}
	t.Cleanup(func() { beforePush = nil })
	out, err := h.runIn(ws, "issue_comment", h.api.IssueCommentEvent(first))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	file := h.originFile(answerMD)
	mustContain(t, "answer file", file, ansChange, ansBoundaries)
	if n := len(h.replies()); n != 2 {
		t.Errorf("want one reply per comment, got %d: %q", n, h.replies())
	}
}

// Two runs really at the same time, in separate clones.
func TestActionConcurrentRuns(t *testing.T) {
	h := newHarness(t)
	a := h.api.AddComment("ic", testPR, alice, "/rtgit answer change\n"+ansChange)
	b := h.api.AddComment("ic", testPR, bob, "/rtgit answer boundaries\n"+ansBoundaries)
	wsA, wsB := h.workspace(), h.workspace()
	evA, evB := h.api.IssueCommentEvent(a), h.api.IssueCommentEvent(b)
	// A run that finds its comment applied by the other waits (seconds,
	// in a workflow) for the other's reply. Here that wait lasts until the
	// other run is done, however loaded the machine, so the test sees the
	// product's behaviour and not the scheduler's.
	var finished atomic.Int32
	h.sleep = func(ctx context.Context, d time.Duration) error {
		for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline) && finished.Load() == 0; {
			time.Sleep(5 * time.Millisecond)
		}
		return nil
	}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	outs := make([]string, 2)
	wg.Add(2)
	go func() {
		defer wg.Done()
		defer finished.Add(1)
		outs[0], errs[0] = h.runIn(wsA, "issue_comment", evA)
	}()
	go func() {
		defer wg.Done()
		defer finished.Add(1)
		outs[1], errs[1] = h.runIn(wsB, "issue_comment", evB)
	}()
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("run %d: %v\n%s", i, err, outs[i])
		}
	}
	mustContain(t, "answer file", h.originFile(answerMD), ansChange, ansBoundaries)
	keys := map[string]int{}
	for _, r := range h.replies() {
		for _, k := range []string{"ic-" + itoa(a.ID), "ic-" + itoa(b.ID)} {
			if strings.Contains(r, "reply="+k+" ") {
				keys[k]++
			}
		}
	}
	if keys["ic-"+itoa(a.ID)] != 1 || keys["ic-"+itoa(b.ID)] != 1 {
		t.Errorf("want exactly one reply per comment, got %v", keys)
	}
}

func TestActionPushRejectedOnce(t *testing.T) {
	h := newHarness(t)
	c := h.api.AddComment("ic", testPR, alice, "/rtgit answer change\n"+ansChange)
	fired := false
	beforePush = func() {
		if fired {
			return
		}
		fired = true
		func() { // someone pushes an edit of another answer first
			other := h.workspace()
			gitCmd(t, other, "switch", "-q", "rtgit/"+testSlug)
			p := filepath.Join(other, filepath.FromSlash(answerMD))
			data, _ := os.ReadFile(p)
			data = []byte(strings.Replace(string(data), "<!-- rtgit:answer id=example -->\n\n_Write your answer here, replacing this line._",
				"<!-- rtgit:answer id=example -->\n\n"+ansExample, 1))
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Error(err)
			}
			gitCmd(t, other, "commit", "-q", "-am", "answer example by hand")
			gitCmd(t, other, "push", "-q", "origin", "rtgit/"+testSlug)
		}()
	}
	t.Cleanup(func() { beforePush = nil })
	out, err := h.run("issue_comment", h.api.IssueCommentEvent(c))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	mustContain(t, "output", out, "rejected (attempt 1 of 5)")
	mustContain(t, "answer file", h.originFile(answerMD), ansChange, ansExample)
	mustContain(t, "history", gitCmd(t, h.origin, "log", "--format=%s", "rtgit/"+testSlug), "answer example by hand", "rtgit: answer change from @alice")
}

func TestActionForkPRRefused(t *testing.T) {
	h := newHarness(t)
	h.api.Do(func() { h.api.PRs[testPR].HeadRepo = "evil/invoices" })
	before := h.tip()
	c := h.api.AddComment("ic", testPR, alice, "C")
	for i := 0; i < 2; i++ {
		if out, err := h.run("issue_comment", h.api.IssueCommentEvent(c)); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
	}
	if h.tip() != before {
		t.Error("a fork PR moved the branch")
	}
	replies := h.replies()
	if len(replies) != 1 {
		t.Fatalf("want one refusal, got %q", replies)
	}
	mustContain(t, "refusal", replies[0], "fork", "evil/invoices")
}

func TestActionRetriesAPI502(t *testing.T) {
	h := newHarness(t)
	failed := 0
	h.api.Before = func(r *http.Request) int {
		if r.Method == "GET" && strings.HasSuffix(r.URL.Path, "/issues/7/comments") && failed == 0 {
			failed++
			return http.StatusBadGateway
		}
		return 0
	}
	h.comment(alice, "/rtgit answer change\n"+ansChange)
	if failed != 1 {
		t.Fatal("the 502 was never served")
	}
	mustContain(t, "answer file", h.originFile(answerMD), ansChange)
}

func TestActionReviewCommentOnAnswerLine(t *testing.T) {
	h := newHarness(t)
	c := h.api.AddLineComment(testPR, alice, answerMD, 17, ansChange)
	out, err := h.run("pull_request_review_comment", h.api.ReviewCommentEvent(c))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	mustContain(t, "answer file", h.originFile(answerMD), "<!-- rtgit:answer id=change -->\n\n"+ansChange)
	equalStrings(t, "reactions", h.api.ReactionsOn(c), []string{"eyes", "+1"})
	replies := h.api.Replies()
	var threaded bool
	for _, r := range replies {
		if r.Kind == "rc" && r.InReplyTo == c.ID {
			threaded = true
			mustContain(t, "threaded reply", r.Body, "Recorded the answer to `change`")
		}
	}
	if !threaded {
		t.Error("no reply in the review thread")
	}
}

func TestActionReviewBodyIsAComment(t *testing.T) {
	h := newHarness(t)
	c := h.api.AddComment("rv", testPR, alice, "/rtgit answer example\n"+ansExample)
	out, err := h.run("pull_request_review", h.api.ReviewEvent(c))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	mustContain(t, "answer file", h.originFile(answerMD), ansExample)
}

func TestActionQuoteReply(t *testing.T) {
	h := newHarness(t)
	body := "> 2. ⬜ Where does this change stop? Name the things right next to it that should stay exactly as they are. `boundaries`\n\n" + ansBoundaries
	h.comment(alice, body)
	mustContain(t, "answer file", h.originFile(answerMD), "<!-- rtgit:answer id=boundaries -->\n\n"+ansBoundaries)
}

func TestActionDirectPush(t *testing.T) {
	h := newHarness(t)
	edit := func(repl func(string) string, msg string) []byte {
		ws := h.workspace()
		gitCmd(t, ws, "switch", "-q", "rtgit/"+testSlug)
		before := gitCmd(t, ws, "rev-parse", "HEAD")
		p := filepath.Join(ws, filepath.FromSlash(answerMD))
		data, _ := os.ReadFile(p)
		if err := os.WriteFile(p, []byte(repl(string(data))), 0o644); err != nil {
			t.Fatal(err)
		}
		gitCmd(t, ws, "commit", "-q", "-am", msg)
		gitCmd(t, ws, "push", "-q", "origin", "rtgit/"+testSlug)
		return h.api.PushEvent("rtgit/"+testSlug, before, gitCmd(t, ws, "rev-parse", "HEAD"), alice)
	}
	answer := func(id, text string) func(string) string {
		return func(s string) string {
			return strings.Replace(s, "<!-- rtgit:answer id="+id+" -->\n\n_Write your answer here, replacing this line._",
				"<!-- rtgit:answer id="+id+" -->\n\n"+text, 1)
		}
	}
	ev := edit(answer("change", ansChange), "answer change")
	out, err := h.run("push", ev)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	mustContain(t, "annotations", out, "::error file="+answerMD+",line=25::`boundaries` is unanswered")
	replies := h.replies()
	if len(replies) != 1 {
		t.Fatalf("want one reply, got %q", replies)
	}
	mustContain(t, "reply", replies[0], "Still needed", "`example` is unanswered")

	ev = edit(func(s string) string {
		s = answer("boundaries", ansBoundaries)(answer("example", ansExample)(s))
		return strings.Replace(s, "- [ ] **[C]**", "- [x] **[C]**", 1)
	}, "answer the rest and tick C")
	if out, err := h.run("push", ev); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	mustContain(t, "meta.json", h.originFile(metaJSON), `"00-01"`)
	mustContain(t, "reply", h.replies()[len(h.replies())-1], "Step 00-02")
	tip := h.tip()
	// rtgit's own push (as with a token that triggers workflows: its
	// account is the sender) is not handled again.
	if out, err := h.run("push", h.api.PushEvent("rtgit/"+testSlug, "", tip, githubtest.Bot)); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if h.tip() != tip || len(h.replies()) != 2 {
		t.Error("rtgit's own push was handled")
	}
}

func TestActionRefusesMismatchedRepository(t *testing.T) {
	h := newHarness(t)
	c := h.api.AddComment("ic", testPR, alice, "C")
	ev := strings.Replace(string(h.api.IssueCommentEvent(c)), `"full_name": "acme/invoices"`, `"full_name": "acme/other"`, 1)
	if _, err := h.run("issue_comment", []byte(ev)); err == nil || !strings.Contains(err.Error(), "GITHUB_REPOSITORY") {
		t.Fatalf("want a refusal naming GITHUB_REPOSITORY, got %v", err)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
