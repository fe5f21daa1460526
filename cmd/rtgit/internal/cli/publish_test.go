package cli

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rtgit/rtgit/review/githubtest"
	"github.com/rtgit/rtgit/steps/meta"
)

// The demo's analysis, finished at brief depth, started from issue #7 and
// pushed to a bare origin; the fake GitHub has the issue and the analysis
// pull request #8.
const demoSlug = "invoice-csv-export"

func newPublishHarness(t *testing.T) *harness {
	t.Helper()
	h := newIssueHarness(t)
	src := filepath.Join(t.TempDir(), "demo")
	if code, out := runRtgit(t, "demo", "--depth", "brief", "--into", src); code != 0 {
		t.Fatalf("rtgit demo: %d\n%s", code, out)
	}
	withPlan(t, src)
	metaPath := filepath.Join(src, "docs/requirements", demoSlug, "meta.json")
	md, err := meta.Read(metaPath)
	if err != nil {
		t.Fatal(err)
	}
	md.Source, md.SourceID, md.SourceURL = "github", "GH-7", h.api.URL+"/acme/invoices/issues/7"
	data, err := md.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(metaPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	gitCmd(t, src, "commit", "-qam", "rtgit: the analysis of #7")
	h.origin = filepath.Join(t.TempDir(), "demo-origin.git")
	gitCmd(t, src, "clone", "-q", "--bare", src, h.origin)
	h.api.OpenPR(8, "rtgit/"+demoSlug, gitCmd(t, h.origin, "rev-parse", "rtgit/"+demoSlug))
	return h
}

// withPlan makes sure the analysis's design review holds a confirmed
// build plan, the answer to its tasks question.
func withPlan(t *testing.T, dir string) {
	t.Helper()
	p := filepath.Join(dir, "docs/requirements", demoSlug, "answers/04-05-design-review.md")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "rtgit:answer id=tasks") {
		return
	}
	plan := "### `tasks`\n\n<!-- rtgit:answer id=tasks -->\n\n" +
		"T001 test: Tests for the CSV export | traces: FR-001, AC-001-01 | files: invoices/export_test.go\n" +
		"T002 code: Write the CSV export | traces: FR-001 | files: invoices/export.go | after: T001\n" +
		"T003 docs: Document the export | after: T002\n\n<!-- rtgit:end id=tasks -->\n\n## What next"
	if err := os.WriteFile(p, []byte(strings.Replace(string(data), "## What next", plan, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	gitCmd(t, dir, "commit", "-qam", "design review: the build plan")
}

// taskIssues maps each task id to the issues rtgit opened for it.
func taskIssues(h *harness) map[string][]int {
	out := map[string][]int{}
	for _, is := range h.api.IssuesBy(githubtest.Bot) {
		if is.Title == demoSlug+": build plan" {
			continue
		}
		id, _, _ := strings.Cut(strings.TrimPrefix(is.Title, demoSlug+": "), " ")
		out[id] = append(out[id], is.Number)
	}
	return out
}

func TestPublishTheDemosPlan(t *testing.T) {
	h := newPublishHarness(t)
	ws := h.workspace()
	gitCmd(t, ws, "switch", "-q", "rtgit/"+demoSlug)
	t.Setenv("GITHUB_API_URL", h.api.APIURL())
	t.Setenv("GITHUB_REPOSITORY", testRepo)
	t.Setenv("GITHUB_SERVER_URL", h.api.URL)
	t.Setenv("GITHUB_TOKEN", githubtest.BotToken)
	apiSleep = func(context.Context, time.Duration) error { return nil }
	t.Cleanup(func() { apiSleep = nil })

	code, out := runRtgit(t, "-C", ws, "publish", "--dry-run", "--login", githubtest.Bot.Login)
	if code != 0 || !strings.Contains(out, "would create an issue: "+demoSlug+": T001") {
		t.Fatalf("publish --dry-run: %d\n%s", code, out)
	}
	if n := h.api.Count("POST", "/issues"); n != 0 || len(h.api.IssuesBy(githubtest.Bot)) != 0 {
		t.Fatalf("a dry run created issues")
	}

	code, out = runRtgit(t, "-C", ws, "publish", "--login", githubtest.Bot.Login)
	if code != 0 {
		t.Fatalf("publish: %d\n%s", code, out)
	}
	issues := taskIssues(h)
	if len(issues) == 0 {
		t.Fatalf("no task issues:\n%s", out)
	}
	for id, ns := range issues {
		if len(ns) != 1 {
			t.Errorf("%s has issues %v", id, ns)
		}
	}
	mustContain(t, "output", out, "Published ", " on #7: ", "Recorded each task's issue in meta.json")
	var source *githubtest.Issue
	h.api.Do(func() { source = h.api.Issues[7] })
	if !strings.Contains(strings.Join(source.Labels, ","), "ready-to-build") {
		t.Errorf("#7's labels: %v", source.Labels)
	}
	md, err := meta.Read(filepath.Join(ws, "docs/requirements", demoSlug, "meta.json"))
	if err != nil {
		t.Fatal(err)
	}
	for id, ns := range issues {
		if md.TaskIssues[id] != ns[0] {
			t.Errorf("meta.json records %s as #%d, want #%d", id, md.TaskIssues[id], ns[0])
		}
	}
	if st := gitCmd(t, ws, "status", "--porcelain"); st != "" {
		t.Errorf("publish left changes uncommitted: %s", st)
	}

	creates := h.api.Count("POST", "/repos/acme/invoices/issues")
	code, out = runRtgit(t, "-C", ws, "publish", "--login", githubtest.Bot.Login)
	if code != 0 || h.api.Count("POST", "/repos/acme/invoices/issues") != creates {
		t.Fatalf("publishing again created issues: %d\n%s", code, out)
	}
	mustContain(t, "second output", out, " 0 new, ")
	if n := len(h.botCommentsOn(7)); n != 1 {
		t.Errorf("%d summaries on #7, want 1", n)
	}
}

func TestPublishCommentConvergesAfterAnInterruption(t *testing.T) {
	h := newPublishHarness(t)
	h.api.Permissions["alice"] = "write"
	creates := 0
	h.api.Before = func(r *http.Request) int {
		if r.Method == "POST" && strings.HasSuffix(r.URL.Path, "/acme/invoices/issues") {
			if creates++; creates > 1 {
				return http.StatusBadGateway
			}
		}
		return 0
	}
	c := h.api.AddComment("ic", 8, alice, "/rtgit publish")
	if out, err := h.run("issue_comment", h.api.IssueCommentEvent(c)); err != nil {
		t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	if got := taskIssues(h); len(got) != 1 {
		t.Fatalf("after the interrupted publish: %v", got)
	}
	h.api.Before = nil
	// Asked again, by a writer; an outsider's request changes nothing.
	c = h.api.AddComment("ic", 8, mallory, "/rtgit publish")
	if out, err := h.run("issue_comment", h.api.IssueCommentEvent(c)); err != nil {
		t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	if got := taskIssues(h); len(got) != 1 {
		t.Fatalf("an outsider's publish published: %v", got)
	}
	c = h.api.AddComment("ic", 8, alice, "/rtgit publish")
	out, err := h.run("issue_comment", h.api.IssueCommentEvent(c))
	if err != nil {
		t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	got := taskIssues(h)
	if len(got) < 2 {
		t.Fatalf("after publishing again: %v\n%s", got, out)
	}
	for id, ns := range got {
		if len(ns) != 1 {
			t.Errorf("%s has issues %v", id, ns)
		}
	}
	md, err := meta.Parse("meta.json", []byte(gitCmd(t, h.origin, "show", "rtgit/"+demoSlug+":docs/requirements/"+demoSlug+"/meta.json")))
	if err != nil {
		t.Fatal(err)
	}
	if len(md.TaskIssues) != len(got) {
		t.Errorf("meta.json on origin records %v, want %v", md.TaskIssues, got)
	}
	replies := h.botCommentsOn(8)
	mustContain(t, "last reply", replies[len(replies)-1], "Published ", "The task list is on #7")
}
