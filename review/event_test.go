package review

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/review/githubtest"
)

func fake(t *testing.T) *githubtest.Server {
	s := githubtest.New("acme/invoices")
	t.Cleanup(s.Close)
	s.OpenPR(7, "rtgit/csv-export", "ec26c3e57ca3a959ca5aad62de7213c562f8c821")
	return s
}

func TestParseEventFixtures(t *testing.T) {
	s := fake(t)
	alice := githubtest.User{Login: "alice", Type: "User"}
	ic := s.AddComment("ic", 7, alice, "C")
	ev, err := ParseEvent(EventIssueComment, s.IssueCommentEvent(ic))
	if err != nil {
		t.Fatal(err)
	}
	if ev.Repo != "acme/invoices" || ev.PR != 7 || ev.Skip != "" || ev.Comment.Body != "C" || ev.Comment.Kind != KindIssueComment || ev.Comment.ID != ic.ID {
		t.Errorf("issue_comment parsed as %+v %+v", ev, ev.Comment)
	}
	rc := s.AddLineComment(7, alice, "docs/requirements/csv-export/answers/00-01-scope-estimation.md", 17, "text")
	ev, err = ParseEvent(EventReviewComment, s.ReviewCommentEvent(rc))
	if err != nil {
		t.Fatal(err)
	}
	if ev.Comment.Path != rc.Path || ev.Comment.Line != 17 || ev.Comment.Kind != KindReviewComment {
		t.Errorf("review comment parsed as %+v", ev.Comment)
	}
	rv := s.AddComment("rv", 7, alice, "looks good")
	if ev, err = ParseEvent(EventReview, s.ReviewEvent(rv)); err != nil || ev.Comment.Kind != KindReview || ev.Comment.Body != "looks good" {
		t.Errorf("review parsed as %+v, %v", ev, err)
	}
	s.OpenPR(8, "export", strings.Repeat("c", 40))
	if ev, err = ParseEvent(EventPullRequest, s.PullRequestEvent("synchronize", 8, alice)); err != nil || ev.PR != 8 || ev.Skip != "" || ev.Merged || ev.Sender.Login != "alice" {
		t.Errorf("pull_request parsed as %+v, %v", ev, err)
	}
	if ev, err = ParseEvent(EventPullRequest, s.PullRequestEvent("closed", 8, alice)); err != nil || ev.Skip == "" {
		t.Errorf("a pull request closed without a merge: %+v, %v", ev, err)
	}
	s.Do(func() { s.PRs[8].State, s.PRs[8].Merged = "closed", true })
	if ev, err = ParseEvent(EventPullRequest, s.PullRequestEvent("closed", 8, alice)); err != nil || ev.Skip != "" || !ev.Merged {
		t.Errorf("a merged pull request: %+v, %v", ev, err)
	}
	sha := strings.Repeat("a", 40)
	if ev, err = ParseEvent(EventPush, s.PushEvent("rtgit/csv-export", sha, sha, alice)); err != nil || ev.Branch != "rtgit/csv-export" || ev.After != sha {
		t.Errorf("push parsed as %+v, %v", ev, err)
	}
}

func TestParseEventSkips(t *testing.T) {
	s := fake(t)
	c := s.AddComment("ic", 7, githubtest.User{Login: "alice", Type: "User"}, "C")
	plain := strings.Replace(string(s.IssueCommentEvent(c)), `"pull_request": {`, `"not_a_pull_request": {`, 1)
	if ev, err := ParseEvent(EventIssueComment, []byte(plain)); err != nil || !strings.Contains(ev.Skip, "not a pull request") {
		t.Errorf("a comment on an issue: %+v, %v", ev, err)
	}
	edited := strings.Replace(string(s.IssueCommentEvent(c)), `"action": "created"`, `"action": "edited"`, 1)
	if ev, err := ParseEvent(EventIssueComment, []byte(edited)); err != nil || ev.Skip == "" {
		t.Errorf("an edited comment: %+v, %v", ev, err)
	}
	sha := strings.Repeat("b", 40)
	if ev, err := ParseEvent(EventPush, []byte(strings.Replace(string(s.PushEvent("rtgit/csv-export", sha, sha, c.User)), "refs/heads/", "refs/tags/", 1))); err != nil || ev.Skip == "" {
		t.Errorf("a tag push: %+v, %v", ev, err)
	}
}

// Every value taken from a payload is checked; a hostile one is refused
// with an error naming what is wrong.
func TestParseEventRefusesHostileValues(t *testing.T) {
	s := fake(t)
	alice := githubtest.User{Login: "alice", Type: "User"}
	good := string(s.IssueCommentEvent(s.AddComment("ic", 7, alice, "C")))
	sha := strings.Repeat("c", 40)
	push := string(s.PushEvent("rtgit/csv-export", sha, sha, alice))
	cases := []struct {
		name, event, payload, want string
	}{
		{"bad json", EventIssueComment, "{", "event payload"},
		{"repository with a path", EventIssueComment, strings.Replace(good, `"full_name": "acme/invoices"`, `"full_name": "acme/../../etc"`, 1), "not a valid owner/name"},
		{"login with a newline", EventIssueComment, strings.Replace(good, `"login": "alice"`, `"login": "alice\n::error::x"`, 1), "not a valid GitHub login"},
		{"negative comment id", EventIssueComment, strings.Replace(good, `"id": 1001`, `"id": -5`, 1), "not positive"},
		{"NUL in the body", EventIssueComment, strings.Replace(good, `"body": "C"`, `"body": "a\u0000b"`, 1), "UTF-8"},
		{"slug escaping its folder", EventPush, strings.Replace(push, "refs/heads/rtgit/csv-export", "refs/heads/rtgit/../../x", 1), "branch"},
		{"branch outside rtgit/", EventPush, strings.Replace(push, "refs/heads/rtgit/csv-export", "refs/heads/main", 1), "not an analysis branch"},
		{"push without a sha", EventPush, strings.Replace(push, `"after": "`+sha+`"`, `"after": "HEAD"`, 1), "not a commit SHA"},
		{"unknown event", "workflow_run", good, "not one rtgit handles"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseEvent(c.event, []byte(c.payload))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want an error containing %q", err, c.want)
			}
		})
	}
}

func TestIsBot(t *testing.T) {
	for _, u := range []User{{Login: "dependabot[bot]", Type: "Bot"}, {Login: "renovate[bot]", Type: "User"}, {Login: "ci", Type: "Bot"}} {
		if !u.IsBot() {
			t.Errorf("%+v is a bot", u)
		}
	}
	if (User{Login: "alice", Type: "User"}).IsBot() {
		t.Error("alice is not a bot")
	}
}

func TestAnnotationEscapesCommands(t *testing.T) {
	got := annotation("docs/a,b:c.md:12: `x` is bad\n::add-mask::y")
	want := "::error file=docs/a%2Cb%3Ac.md,line=12::`x` is bad%0A::add-mask::y"
	// The file name holds ':' so the split finds "docs/a,b" first; what
	// matters is that no newline or unescaped separator gets through.
	if strings.Contains(got, "\n") || !strings.HasPrefix(got, "::error file=") {
		t.Errorf("annotation = %q (want something like %q)", got, want)
	}
	if got := annotation("docs/x.md:7: `q` is unanswered: Who?"); got != "::error file=docs/x.md,line=7::`q` is unanswered: Who?" {
		t.Errorf("annotation = %q", got)
	}
}
