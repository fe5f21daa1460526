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
		if got := CommentText(t.TempDir(), step, Comment{Kind: KindIssueComment, Body: body}); got != want {
			t.Errorf("CommentText(%q) = %q, want %q", body, got, want)
		}
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
