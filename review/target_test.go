package review

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps/roundtable"
)

func TestCommentTextQuoteReply(t *testing.T) {
	step := &roundtable.StepStatus{AnswerFile: "docs/x.md", Questions: []roundtable.QuestionStatus{
		{ID: "users", Text: "Who are the users?"}, {ID: "goal", Text: "What is the goal of the users?"}}}
	cases := map[string]string{
		"> 1. ⬜ Who are the users? `users`\n\nFinance clerks.": "/rtgit answer users\nFinance clerks.",
		"> What is the goal\n\nClose the month.":               "/rtgit answer goal\nClose the month.",
		// Quoting both questions is ambiguous: plain feedback.
		"> Who are the users?\n> What is the goal of the users?\n\nBoth.": "> Who are the users?\n> What is the goal of the users?\n\nBoth.",
		// A quote with nothing after it answers nothing.
		"> Who are the users?": "> Who are the users?",
		// A command below a quote is the command.
		"> Who are the users?\n\n/rtgit continue": "/rtgit continue",
	}
	for body, want := range cases {
		if got := Interpret(nil, step, Comment{Kind: KindIssueComment, Body: body}); got.Text != want || got.Refuse != "" {
			t.Errorf("Interpret(%q) = %+v, want text %q", body, got, want)
		}
	}
}

// A quote reply may fill an empty answer, but a question someone already
// answered is only replaced by an explicit /rtgit answer: quoting is also
// how people talk about a question.
func TestQuoteReplyNeverReplacesAnAnswer(t *testing.T) {
	step := &roundtable.StepStatus{AnswerFile: "docs/x.md", Questions: []roundtable.QuestionStatus{
		{ID: "users", Text: "Who are the users of the export?", Answered: true}}}
	body := "> Who are the users\n\nnot sure yet, let me check"
	got := Interpret(nil, step, Comment{Kind: KindIssueComment, Body: body})
	if got.Text != body || !strings.Contains(got.Note, "already has an answer") {
		t.Errorf("Interpret = %+v: want the comment as feedback, with a note", got)
	}
	explicit := "> Who are the users\n\n/rtgit answer users\nFinance clerks."
	if got := Interpret(nil, step, Comment{Kind: KindIssueComment, Body: explicit}); got.Text != "/rtgit answer users\nFinance clerks." {
		t.Errorf("an explicit answer below a quote became %+v", got)
	}
}

// A question the depth no longer asks, whose answer is kept under
// "Answered earlier", is quoted like an asked one and never replaced by a
// quote either.
func TestQuoteReplyOnAKeptQuestion(t *testing.T) {
	step := &roundtable.StepStatus{AnswerFile: "docs/x.md",
		Questions: []roundtable.QuestionStatus{{ID: "change", Text: "What should change?"}},
		Kept:      []roundtable.QuestionStatus{{ID: "boundaries", Text: "What must stay exactly as it is?", Answered: true}}}
	body := "> What must stay exactly as it is?\n\nthe emails too"
	got := Interpret(nil, step, Comment{Kind: KindIssueComment, Body: body})
	if got.Text != body || !strings.Contains(got.Note, "`boundaries` already has an answer") {
		t.Errorf("Interpret = %+v: want the comment as feedback, with a note naming boundaries", got)
	}
	explicit := "> What must stay exactly as it is?\n\n/rtgit answer boundaries\nThe PDFs and the emails."
	if got := Interpret(nil, step, Comment{Kind: KindIssueComment, Body: explicit}); got.Text != "/rtgit answer boundaries\nThe PDFs and the emails." {
		t.Errorf("an explicit answer below the quote became %+v", got)
	}
}

func TestWithDashboardKeepsTheAuthorsText(t *testing.T) {
	dash := dashboardMarker + "\nv1\n" + dashboardEnd + "\n"
	body := WithDashboard("My notes.", dash)
	if !strings.HasPrefix(body, "My notes.\n\n"+dashboardMarker) {
		t.Fatalf("appended: %q", body)
	}
	body = WithDashboard(body+"\nMore notes.", dashboardMarker+"\nv2\n"+dashboardEnd+"\n")
	if !strings.Contains(body, "v2") || strings.Contains(body, "v1") || !strings.HasSuffix(body, "More notes.") || !strings.HasPrefix(body, "My notes.") {
		t.Errorf("replaced: %q", body)
	}
}

// A reply quotes the comment it answers without notifying anyone it
// mentions again and without loading its images again.
func TestQuoteDoesNotPingOrEmbed(t *testing.T) {
	c := &Comment{Kind: KindIssueComment, User: User{Login: "alice"},
		Body: "cc @bob, a@b.c, @acme/security ![d](https://evil.example/p.png) <img src=https://evil.example/x.gif>"}
	q := quoteFirstLine(c, "github.com")
	for _, bad := range []string{"@bob", "@acme/security", "evil.example", "<img"} {
		if strings.Contains(q, bad) {
			t.Errorf("the quote still holds %q: %q", bad, q)
		}
	}
	for _, want := range []string{"> @alice: ", "@\u200dbob", "@\u200dacme/security", "(image)", "a@b.c"} {
		if !strings.Contains(q, want) {
			t.Errorf("the quote lacks %q: %q", want, q)
		}
	}
	long := &Comment{Kind: KindIssueComment, User: User{Login: "alice"},
		Body: strings.Repeat("x", 60) + " https://evil.example/a-long-path-that-the-cut-runs-through"}
	if q := quoteFirstLine(long, "github.com"); !strings.Contains(q, " `https://evil.exampl") {
		t.Errorf("a cut address is a link again: %q", q)
	}
}

// TestQuoteShowsOutsideLinksAsText: a link in a quoted comment that
// leads off the repository's host is shown as text, not followed.
func TestQuoteShowsOutsideLinksAsText(t *testing.T) {
	c := &Comment{Kind: KindIssueComment, User: User{Login: "alice"},
		Body: "[log](https://evil.example/l?q=1), [PR](https://github.com/a/x/pull/1)"}
	q := quoteFirstLine(c, "github.com")
	mustHave := []string{"log (`https://evil.example/l?q=1`)", "[PR](https://github.com/a/x/pull/1)"}
	for _, want := range mustHave {
		if !strings.Contains(q, want) {
			t.Errorf("the quote lacks %q: %q", want, q)
		}
	}
}
