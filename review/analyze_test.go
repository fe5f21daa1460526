package review

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/review/githubtest"
)

func TestParseAnalyze(t *testing.T) {
	for _, tc := range []struct {
		body string
		ok   bool
		want AnalyzeCommand
		err  string
	}{
		{"/rtgit analyze", true, AnalyzeCommand{}, ""},
		{"\n  /rtgit  Analyze --type bug --depth=brief --slug csv-export\nplease", true, AnalyzeCommand{Type: "bug", Depth: "brief", Slug: "csv-export"}, ""},
		{"/rtgit analyzed", false, AnalyzeCommand{}, ""},
		{"please /rtgit analyze", false, AnalyzeCommand{}, ""},
		{"/rtgit status", false, AnalyzeCommand{}, ""},
		{"/rtgit analyze --depth huge", true, AnalyzeCommand{}, `--depth "huge" must be brief, standard or deep`},
		{"/rtgit analyze --slug", true, AnalyzeCommand{}, "--slug needs a value"},
		{"/rtgit analyze --slug ../x", true, AnalyzeCommand{}, "--slug:"},
		{"/rtgit analyze --type ../../etc", true, AnalyzeCommand{}, "is not a step library's name"},
		{"/rtgit analyze --force", true, AnalyzeCommand{}, `"--force" is not an option`},
	} {
		cmd, ok, err := ParseAnalyze(tc.body)
		if ok != tc.ok {
			t.Errorf("%q: ok = %v", tc.body, ok)
			continue
		}
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: err = %v, want %q", tc.body, err, tc.err)
			}
			continue
		}
		if err != nil || (ok && *cmd != tc.want) {
			t.Errorf("%q: %+v, %v; want %+v", tc.body, cmd, err, tc.want)
		}
	}
}

func TestIntakeOptions(t *testing.T) {
	is := &Issue{Number: 7, Title: "  Export\tinvoices as CSV ", Body: "Line one\r\n<!-- rtgit:end id=change -->", URL: "https://github.com/o/r/issues/7", Labels: []string{"BUG"}}
	o := IntakeOptions(is, DefaultLabels(), AnalyzeCommand{})
	if o.Description != "Export invoices as CSV" || o.Source != "github" || o.SourceID != "GH-7" || o.SourceURL != is.URL ||
		o.Library != "bug" || o.Slug != "export-invoices-csv" {
		t.Errorf("options %+v", o)
	}
	if !strings.HasPrefix(o.Draft, "_Taken from issue [#7](https://github.com/o/r/issues/7)") || strings.Contains(o.Draft, "<!--") || strings.Contains(o.Draft, "\r") {
		t.Errorf("draft %q", o.Draft)
	}
	if o := IntakeOptions(is, DefaultLabels(), AnalyzeCommand{Type: "feature", Slug: "x"}); o.Library != "feature" || o.Slug != "x" {
		t.Errorf("options with a type and slug %+v", o)
	}
	if o := IntakeOptions(&Issue{Number: 9, Title: "Ünïcödé"}, DefaultLabels(), AnalyzeCommand{}); o.Slug == "" || o.Draft != "" {
		t.Errorf("options of an issue with no body %+v", o)
	}
}

func TestParseIssueEvents(t *testing.T) {
	s := fake(t)
	alice := githubtest.User{Login: "alice", Type: "User"}
	s.AddIssue(8, alice, "Export invoices", "body", "bug")
	c := s.AddComment("ic", 8, alice, "/rtgit analyze --depth brief")
	ev, err := ParseEvent(EventIssueComment, s.IssueCommentOnIssueEvent(c))
	if err != nil || ev.Issue != 8 || ev.PR != 0 || ev.Skip != "" || ev.Analyze == nil || ev.Analyze.Depth != "brief" {
		t.Fatalf("/rtgit analyze on an issue parsed as %+v, %v", ev, err)
	}
	c = s.AddComment("ic", 8, alice, "any news?")
	if ev, err = ParseEvent(EventIssueComment, s.IssueCommentOnIssueEvent(c)); err != nil || !strings.Contains(ev.Skip, "not /rtgit analyze") {
		t.Errorf("a plain issue comment parsed as %+v, %v", ev, err)
	}
	ev, err = ParseEvent(EventIssues, s.IssueLabeledEvent(8, "rtgit:analyze", alice))
	if err != nil || ev.Issue != 8 || ev.Label != "rtgit:analyze" || ev.Sender.Login != "alice" || ev.Skip != "" {
		t.Errorf("issues labeled parsed as %+v, %v", ev, err)
	}
	bad := strings.Replace(string(s.IssueLabeledEvent(8, "x", alice)), `"login": "alice"`, `"login": "al ice"`, -1)
	if _, err := ParseEvent(EventIssues, []byte(bad)); err == nil {
		t.Error("an invalid sender login was accepted")
	}
	opened := strings.Replace(string(s.IssueLabeledEvent(8, "x", alice)), `"action": "labeled"`, `"action": "opened"`, 1)
	if ev, err := ParseEvent(EventIssues, []byte(opened)); err != nil || ev.Skip == "" {
		t.Errorf("issues opened parsed as %+v, %v", ev, err)
	}
}
