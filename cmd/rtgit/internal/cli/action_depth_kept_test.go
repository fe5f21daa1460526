package cli

import (
	"strings"
	"testing"
)

// "keep it short" on the pull request keeps the answers the brief depth
// does not ask, on the branch and in the reply; a line comment changes a
// kept answer; "/rtgit standard" puts them back; a C at brief depth
// carries them into the documents.
func TestActionDepthChangeKeepsAnswers(t *testing.T) {
	h := newHarness(t)
	h.comment(alice, "/rtgit answer change\n"+ansChange)
	h.comment(bob, "/rtgit answer boundaries\n"+ansBoundaries)
	h.comment(alice, "/rtgit answer example\n"+ansExample)

	h.comment(bob, "keep it short, please")
	reply := h.replies()[len(h.replies())-1]
	mustContain(t, "reply to keep it short", reply, "switching to brief mode",
		"Brief depth does not ask `boundaries` or `example`, so your answers are kept under \"Answered earlier\" in "+answerMD)
	file := h.originFile(answerMD)
	mustContain(t, "brief answer file", file, "rtgit:file step=00-01 depth=brief", "## Answered earlier",
		"<!-- rtgit:answer id=boundaries -->\n\n"+ansBoundaries+"\n\n<!-- rtgit:end id=boundaries -->",
		"<!-- rtgit:answer id=example -->\n\n"+ansExample+"\n\n<!-- rtgit:end id=example -->")

	// A line comment on a kept answer changes it, as on any answer.
	edited := ansExample + " She checks the totals against the ledger."
	lc := h.api.AddLineCommentAt(testPR, alice, answerMD, answerLine(t, file, "example"), h.tip(), edited)
	if out, err := h.run("pull_request_review_comment", h.api.ReviewCommentEvent(lc)); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	mustContain(t, "reply to the line comment", h.replies()[len(h.replies())-1], "replaced the answer to `example` kept under \"Answered earlier\"")
	mustContain(t, "answer file after the line comment", h.originFile(answerMD), "<!-- rtgit:answer id=example -->\n\n"+edited+"\n\n<!-- rtgit:end id=example -->")

	h.comment(alice, "/rtgit standard")
	reply = h.replies()[len(h.replies())-1]
	mustContain(t, "reply to /rtgit standard", reply, "Your answers to `boundaries` and `example` are back under their questions in "+answerMD)
	file = h.originFile(answerMD)
	if strings.Contains(file, "Answered earlier") {
		t.Errorf("standard depth asks every answered question, yet the file keeps some:\n%s", file)
	}
	mustContain(t, "standard answer file", file, "rtgit:file step=00-01 depth=standard", ansChange, ansBoundaries, edited)

	h.comment(bob, "/rtgit brief")
	h.comment(alice, "C")
	mustContain(t, "quick-scan.md", h.originFile("docs/requirements/csv-export/quick-scan.md"), ansChange, ansBoundaries, edited)
}
