package cli

import (
	"fmt"
	"strings"
	"testing"
)

// An answer that would slow every later run (65,000 nested quotes) or
// outgrow a GitHub comment is refused in the reply, naming the file and
// the answer's line. Nothing is lost: the comment stays on GitHub as it
// was, the answer file keeps what it had, and the next plain answer lands
// as before.
func TestActionLargeAnswerIsRefusedAndLaterRunsWork(t *testing.T) {
	h := newHarness(t)
	before := h.originFile(answerMD)
	line := 0
	for i, l := range strings.Split(before, "\n") {
		if l == "<!-- rtgit:answer id=change -->" {
			line = i + 1
		}
	}
	at := fmt.Sprintf("%s:%d: ", answerMD, line)
	for _, tt := range []struct{ body, want string }{
		{strings.Repeat(">", 65000), at + `line 1 of the answer to "change" starts with more than 100 nested quote or list markers`},
		{strings.Repeat("Customers export invoices. ", 65536/27+1), at + `the answer to "change" is 65,555 characters long; it may hold at most 65,536`},
	} {
		body := "/rtgit answer change\n" + tt.body
		c, _ := h.comment(alice, body)
		replies := h.replies()
		mustContain(t, "reply", replies[len(replies)-1], "I couldn't do that: "+tt.want)
		h.api.Do(func() {
			if c.Body != body {
				t.Errorf("the refused comment was changed on GitHub")
			}
		})
		if got := h.originFile(answerMD); got != before {
			t.Errorf("a refused answer changed the answer file:\n%.2000s", got)
		}
	}
	h.comment(alice, "/rtgit answer change\n"+ansChange)
	mustContain(t, "answer file on origin", h.originFile(answerMD), ansChange)
}

// An issue whose body nests 65,000 quotes still starts its analysis: the
// draft taken from it shows the markers as text, so the answer file stays
// quick to read, and the issue keeps the body as written.
func TestActionAnalyzeFitsADeepIssueBodyIntoItsDraft(t *testing.T) {
	h := newIssueHarness(t)
	body := "She wants one CSV file.\n\n" + strings.Repeat(">", 65000)
	h.api.Do(func() { h.api.Issues[testIssue].Body = body })
	out := h.onIssue(alice, "/rtgit analyze")
	if prs := h.openPRs(); len(prs) != 1 {
		t.Fatalf("%d pull requests, want 1\n%s", len(prs), out)
	}
	const slug = "export-invoices-csv"
	answer := gitCmd(t, h.origin, "show", "rtgit/"+slug+":docs/requirements/"+slug+"/answers/00-01-scope-estimation.md")
	mustContain(t, "first answer file", answer, "She wants one CSV file.\n\n\\>>>>")
}
