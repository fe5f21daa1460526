package cli

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/ai/aitest"
)

// TestActionUnclosedHTMLInADraftBlocksNothing: a model reply cut off
// inside a <pre> (or told by a repository file to end every answer with
// <textarea>) would swallow the answer's closing marker. The step still
// opens, with the tag shown as text, and the next C still works.
func TestActionUnclosedHTMLInADraftBlocksNothing(t *testing.T) {
	h := newHarness(t)
	srv := stubModel(t, h)
	srv.Reset()
	// The draft is cut off inside a <pre>; every other reply opens a
	// <textarea> it never closes.
	srv.On("Draft the answer", aitest.Say("Bookkeepers at customer firms reconcile invoices against bank statements every month and today must open each PDF by hand.\n\n<pre>\nstep 1: open the PDF"))
	srv.Default(aitest.Say("<textarea>\nNoted."))

	_, out := h.comment(alice, "/rtgit skip")
	answer := h.originFile("docs/requirements/csv-export/answers/01-01-business-context.md")
	mustContain(t, "the opened answer file", answer, "Bookkeepers at customer firms reconcile invoices", "&lt;pre>", "<!-- rtgit:end suggestion id=")
	if strings.Contains(answer, "\n<pre>") {
		t.Errorf("the answer file holds a live <pre> block:\n%s", answer)
	}
	replies := h.replies()
	if last := replies[len(replies)-1]; strings.Contains(last, "I couldn't do that") {
		t.Fatalf("the step did not open:\n%s\n%s", last, out)
	}
	_, out = h.comment(alice, "Month-end close is when this hurts most.")
	replies = h.replies()
	if last := replies[len(replies)-1]; strings.Contains(last, "I couldn't do that") || strings.Contains(last, "\n<textarea>") {
		t.Fatalf("feedback after the draft failed or echoed live HTML:\n%s\n%s", last, out)
	}
}
