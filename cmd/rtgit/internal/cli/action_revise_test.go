package cli

import (
	"fmt"
	"strings"
	"testing"
)

// A finished step is corrected from the pull request: a line comment on
// its answer file, `/rtgit answer <step>/<id>`, and `/rtgit revise <step>`
// each get one reply, and the revisions rebuild the artifacts at once.
func TestActionRevisesFinishedStep(t *testing.T) {
	h := newHarness(t)
	h.comment(alice, "/rtgit answer change\n"+ansChange)
	h.comment(alice, "/rtgit answer boundaries\n"+ansBoundaries)
	h.comment(alice, "/rtgit answer example\n"+ansExample)
	h.comment(alice, "C")
	mustContain(t, "meta.json after C", h.originFile(metaJSON), `"00-01"`)
	quickScan := "docs/requirements/" + testSlug + "/quick-scan.md"
	mustContain(t, "quick-scan.md", h.originFile(quickScan), ansBoundaries)

	// A review comment on the line of a finished answer replaces it.
	line := 0
	for i, l := range strings.Split(h.originFile(answerMD), "\n") {
		if l == ansBoundaries {
			line = i + 1
		}
	}
	if line == 0 {
		t.Fatalf("no line holds the boundaries answer:\n%s", h.originFile(answerMD))
	}
	const newBoundaries = "The PDF download, the JSON listing and the invoice emails stay exactly as they are."
	replies := len(h.replies())
	tip := h.tip()
	c := h.api.AddLineCommentAt(testPR, alice, answerMD, line, tip, newBoundaries)
	if out, err := h.run("pull_request_review_comment", h.api.ReviewCommentEvent(c)); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if got := len(h.replies()); got != replies+1 {
		t.Fatalf("want one reply to the line comment, got %d", got-replies)
	}
	mustContain(t, "reply", h.replies()[replies], "replaced the answer to `00-01/boundaries`", "Revised 00-01 Scope Estimation")
	mustContain(t, "answer file", h.originFile(answerMD), newBoundaries)
	mustContain(t, "quick-scan.md", h.originFile(quickScan), newBoundaries)
	if strings.Contains(h.originFile(quickScan), ansBoundaries) {
		t.Error("quick-scan.md still holds the replaced answer")
	}
	mustContain(t, "meta.json", h.originFile(metaJSON), `"revisions": [`, `"step_id": "00-01"`)
	assertOneRevisionCommit(t, h, tip, fmt.Sprintf("rc-%d", c.ID), answerMD, quickScan)

	// /rtgit answer <step>/<id> does the same from the conversation.
	const newExample = "Dana the bookkeeper exports a whole year of invoices in one click instead of opening 400 PDFs."
	tip = h.tip()
	ic, _ := h.comment(alice, "/rtgit answer 00-01/example\n"+newExample)
	last := h.replies()[len(h.replies())-1]
	mustContain(t, "reply", last, "Recorded the answer to `00-01/example`", "Revised 00-01 Scope Estimation")
	mustContain(t, "quick-scan.md", h.originFile(quickScan), newExample)
	assertOneRevisionCommit(t, h, tip, fmt.Sprintf("ic-%d", ic.ID), answerMD, quickScan)

	// /rtgit revise reopens the finished file, saying it is a revision;
	// the step stays finished and nothing is applied yet.
	tip = h.tip()
	_, _ = h.comment(alice, "/rtgit revise 00-01")
	last = h.replies()[len(h.replies())-1]
	mustContain(t, "reply", last, "Step 00-01 Scope Estimation is open for revision")
	mustContain(t, "answer file", h.originFile(answerMD), "Step 00-01: Scope Estimation (revision)", newExample, newBoundaries)
	if n := gitCmd(t, h.origin, "rev-list", "--count", tip+"..rtgit/"+testSlug); n != "1" {
		t.Errorf("/rtgit revise made %s commits, want 1", n)
	}
	mustContain(t, "commit", gitCmd(t, h.origin, "log", "-1", "--format=%s", "rtgit/"+testSlug), "rtgit: reopen 00-01 for revision from @alice")

	// Revising a step that is not finished is refused politely.
	_, _ = h.comment(alice, "/rtgit revise 03-02")
	mustContain(t, "reply", h.replies()[len(h.replies())-1], "03-02", "not finished")
}

// assertOneRevisionCommit checks that the comment with key, applied on top
// of tip, made exactly one commit: the revision of 00-01, which changes
// the answer file and what is rendered from it, and records in the same
// meta.json both the revision and the comment as processed.
func assertOneRevisionCommit(t *testing.T, h *harness, tip, key string, changed ...string) {
	t.Helper()
	branch := "rtgit/" + testSlug
	if n := gitCmd(t, h.origin, "rev-list", "--count", tip+".."+branch); n != "1" {
		t.Fatalf("the revising comment %s made %s commits, want 1:\n%s", key, n,
			gitCmd(t, h.origin, "log", "--format=%s", tip+".."+branch))
	}
	msg := gitCmd(t, h.origin, "log", "-1", "--format=%B", branch)
	mustContain(t, "commit message", msg, "rtgit: revise 00-01 Scope Estimation", "Rtgit-Comment: "+key, "\nCo-authored-by: alice <")
	files := gitCmd(t, h.origin, "diff", "--name-only", tip, branch)
	mustContain(t, "files of the commit", files, append(changed, metaJSON)...)
	md := h.originFile(metaJSON)
	mustContain(t, "meta.json", md, `"step_id": "00-01"`, `"`+key+`"`)
	before := gitCmd(t, h.origin, "show", tip+":"+metaJSON)
	if strings.Count(md, `"step_id": "00-01"`) != strings.Count(before, `"step_id": "00-01"`)+1 {
		t.Errorf("the commit of %s does not record exactly one more revision of 00-01:\n%s", key, md)
	}
}
