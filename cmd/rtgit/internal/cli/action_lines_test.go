package cli

import (
	"strings"
	"testing"
)

// answerLine is the line of the placeholder inside id's answer block in
// file: where a reviewer puts a line comment to answer id.
func answerLine(t *testing.T, file, id string) int {
	t.Helper()
	for i, l := range strings.Split(file, "\n") {
		if strings.TrimSpace(l) == "<!-- rtgit:answer id="+id+" -->" {
			return i + 3
		}
	}
	t.Fatalf("no answer block %s", id)
	return 0
}

// One review, three line comments written on the same commit: the first
// answer grows the file, and the others must still land on the questions
// the reviewer saw, not on whatever those line numbers hold now.
func TestActionLineCommentsMapThroughTheirCommit(t *testing.T) {
	h := newHarness(t)
	seen := h.tip()
	file := h.originFile(answerMD)
	long := ansChange + strings.Repeat("\n\nAnd one more paragraph about the export.", 12)
	first := h.api.AddLineCommentAt(testPR, alice, answerMD, answerLine(t, file, "change"), seen, long)
	h.api.AddLineCommentAt(testPR, alice, answerMD, answerLine(t, file, "boundaries"), seen, ansBoundaries)
	h.api.AddLineCommentAt(testPR, alice, answerMD, answerLine(t, file, "example"), seen, ansExample)
	if out, err := h.run("pull_request_review_comment", h.api.ReviewCommentEvent(first)); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	got := h.originFile(answerMD)
	for id, want := range map[string]string{"change": long, "boundaries": ansBoundaries, "example": ansExample} {
		mustContain(t, "answer file", got, "<!-- rtgit:answer id="+id+" -->\n\n"+want+"\n\n<!-- rtgit:end id="+id+" -->")
	}

	// A line comment on an answer given before replaces it, and says so.
	tip := h.tip()
	again := h.api.AddLineCommentAt(testPR, bob, answerMD, answerLine(t, got, "boundaries"), tip, "Only the CSV button is new.")
	if out, err := h.run("pull_request_review_comment", h.api.ReviewCommentEvent(again)); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	mustContain(t, "answer file", h.originFile(answerMD), "Only the CSV button is new.")
	last := h.replies()[len(h.replies())-1]
	mustContain(t, "reply", last, "replaced the earlier answer to `boundaries`")
}

// A line comment on a commit the branch no longer has (a force-push) is
// refused with a reply: its line number means nothing in today's file.
func TestActionLineCommentOnAnUnknownCommitIsRefused(t *testing.T) {
	h := newHarness(t)
	before := h.originFile(answerMD)
	c := h.api.AddLineCommentAt(testPR, alice, answerMD, answerLine(t, before, "change"), strings.Repeat("ab", 20), ansChange)
	if out, err := h.run("pull_request_review_comment", h.api.ReviewCommentEvent(c)); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if h.originFile(answerMD) != before {
		t.Error("a line comment on an unknown commit changed the answer file")
	}
	mustContain(t, "reply", strings.Join(h.replies(), "\n"), "I can't read `"+answerMD+"` at abababababab", "Nothing changed")
	equalStrings(t, "reactions", h.api.ReactionsOn(c), []string{"eyes", "confused"})
}

// Quoting a question in conversation ("not sure yet, let me check") is
// talk about it, and must not overwrite the answer a writer gave.
func TestActionQuoteReplyKeepsAnExistingAnswer(t *testing.T) {
	h := newHarness(t)
	h.comment(alice, "/rtgit answer boundaries\n"+ansBoundaries)
	h.comment(bob, "> Where does this change stop?\n\nnot sure yet, let me check")
	file := h.originFile(answerMD)
	mustContain(t, "answer file", file, "<!-- rtgit:answer id=boundaries -->\n\n"+ansBoundaries+"\n")
	last := h.replies()[len(h.replies())-1]
	mustContain(t, "reply", last, "already has an answer")
}
