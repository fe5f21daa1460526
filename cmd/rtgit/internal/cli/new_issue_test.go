package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/rtgit/rtgit/review/githubtest"
)

func runRtgit(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var out bytes.Buffer
	code := Run(args, Streams{In: strings.NewReader(""), Out: &out, Err: &out})
	return code, out.String()
}

func TestNewFromIssue(t *testing.T) {
	h := newIssueHarness(t)
	ws := h.workspace()
	t.Setenv("GITHUB_API_URL", h.api.APIURL())
	t.Setenv("GITHUB_REPOSITORY", testRepo)
	t.Setenv("GITHUB_TOKEN", githubtest.BotToken)
	code, out := runRtgit(t, "-C", ws, "new", "--issue", "7")
	if code != 0 {
		t.Fatalf("rtgit new --issue 7: %d\n%s", code, out)
	}
	mustContain(t, "output", out, "Started export-invoices-csv on branch rtgit/export-invoices-csv")
	md := gitCmd(t, ws, "show", "rtgit/export-invoices-csv:docs/requirements/export-invoices-csv/meta.json")
	mustContain(t, "meta.json", md, `"description": "Let customers export invoices as CSV"`, `"source": "github"`,
		`"source_id": "GH-7"`, `"source_url": "`+h.api.URL+`/acme/invoices/issues/7"`, `"library": "feature"`)
	answer := gitCmd(t, ws, "show", "rtgit/export-invoices-csv:docs/requirements/export-invoices-csv/answers/00-01-scope-estimation.md")
	mustContain(t, "first answer", answer, "_Taken from issue [#7]("+h.api.URL+"/acme/invoices/issues/7) as its author wrote it._", issueBody)

	// An address names the repository itself; a bug label picks the bug
	// library; --type still wins over it.
	h.api.Do(func() { h.api.Issues[testIssue].Labels = []string{"Bug"} })
	t.Setenv("GITHUB_REPOSITORY", "")
	code, out = runRtgit(t, "-C", ws, "new", "--slug", "csv-bug", "--issue", h.api.URL+"/acme/invoices/issues/7")
	if code != 0 {
		t.Fatalf("rtgit new --issue URL: %d\n%s", code, out)
	}
	mustContain(t, "bug meta.json", gitCmd(t, ws, "show", "rtgit/csv-bug:docs/requirements/csv-bug/meta.json"), `"library": "bug"`)
	code, out = runRtgit(t, "-C", ws, "new", "--slug", "csv-feature", "--type", "feature", "--issue", "#7", "--repo", testRepo)
	if code != 0 {
		t.Fatalf("rtgit new --type feature --issue: %d\n%s", code, out)
	}
	mustContain(t, "typed meta.json", gitCmd(t, ws, "show", "rtgit/csv-feature:docs/requirements/csv-feature/meta.json"), `"library": "feature"`)
}

func TestNewFromIssueCreatesNothingWithoutTheIssue(t *testing.T) {
	h := newIssueHarness(t)
	ws := h.workspace()
	t.Setenv("GITHUB_REPOSITORY", testRepo)
	t.Setenv("GH_TOKEN", "")
	t.Setenv("GITHUB_TOKEN", "")
	t.Setenv("GITHUB_API_URL", h.api.APIURL())
	before := gitCmd(t, ws, "for-each-ref")
	for _, tc := range []struct {
		name, token string
		args        []string
		code        int
		want        string
	}{
		{"no token", "", []string{"7"}, 2, "new: no token; pass --token, or set GITHUB_TOKEN or GH_TOKEN"},
		{"no such issue", githubtest.BotToken, []string{"99"}, 1, "read issue #99: not found; nothing was created"},
		{"not a number", githubtest.BotToken, []string{"seven"}, 2, `--issue "seven" is not an issue number`},
		{"a description too", githubtest.BotToken, []string{"7", "CSV export"}, 2, "--issue takes the description"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("GITHUB_TOKEN", tc.token)
			code, out := runRtgit(t, append([]string{"-C", ws, "new", "--issue"}, tc.args...)...)
			if code != tc.code || !strings.Contains(out, tc.want) {
				t.Errorf("exit %d, want %d; output lacks %q:\n%s", code, tc.code, tc.want, out)
			}
		})
	}
	// Offline: the API cannot be reached at all. Its retries need not wait.
	apiSleep = func(context.Context, time.Duration) error { return nil }
	t.Cleanup(func() { apiSleep = nil })
	t.Setenv("GITHUB_TOKEN", githubtest.BotToken)
	t.Setenv("GITHUB_API_URL", "http://127.0.0.1:1/api/v3")
	if code, out := runRtgit(t, "-C", ws, "new", "--issue", "7"); code == 0 || !strings.Contains(out, "nothing was created") {
		t.Errorf("offline: exit %d\n%s", code, out)
	}
	if after := gitCmd(t, ws, "for-each-ref"); after != before {
		t.Errorf("refs changed:\n%s\nwas\n%s", after, before)
	}
	if st := gitCmd(t, ws, "status", "--porcelain"); st != "" {
		t.Errorf("files written: %s", st)
	}
}
