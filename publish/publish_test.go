package publish

import (
	"bytes"
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rtgit/rtgit/plan"
	"github.com/rtgit/rtgit/review"
	"github.com/rtgit/rtgit/review/githubtest"
)

var carol = githubtest.User{Login: "carol", Type: "User"}

const commit = "0123456789abcdef0123456789abcdef01234567"

func setup(t *testing.T) (*githubtest.Server, *review.Client, *[]time.Duration) {
	t.Helper()
	s := githubtest.New("acme/invoices")
	t.Cleanup(s.Close)
	s.Unexpected = func(method, path string) { t.Errorf("unexpected API call: %s %s", method, path) }
	s.AddIssue(7, carol, "Let customers export invoices as CSV", "One CSV a month, please.")
	s.OpenPR(8, "rtgit/csv-export", commit)
	var waits []time.Duration
	c, err := review.NewClient(review.ClientOptions{APIURL: s.APIURL(), Token: githubtest.BotToken, Repo: "acme/invoices",
		Sleep: func(_ context.Context, d time.Duration) error { waits = append(waits, d); return nil }})
	if err != nil {
		t.Fatal(err)
	}
	return s, c, &waits
}

func tasks() []plan.Task {
	return []plan.Task{
		{ID: "T001", Title: "Test the CSV export of one month", Kind: "test", Traces: []string{"FR-001", "AC-001"}, Files: []string{"export/csv_test.go"}},
		{ID: "T002", Title: "Write the CSV export", Kind: "code", Traces: []string{"FR-001"}, Files: []string{"export/csv.go"}, DependsOn: []string{"T001"}},
		{ID: "T003", Title: "Document the export", Kind: "docs", Traces: []string{"NFR-009"}, DependsOn: []string{"T002"}, BlockedBy: []string{"Q-001"}},
	}
}

func options(ts []plan.Task) Options {
	return Options{Slug: "csv-export", Description: "CSV export", Tasks: ts, Source: 7, PR: 8, Commit: commit,
		BlobURL: "https://github.com/acme/invoices/blob", Labels: review.DefaultLabels(), Self: githubtest.Bot.Login,
		Artifacts: []File{{Path: "docs/requirements/csv-export/requirements-spec.md", Content: "# Spec\n\n### FR-001: Export\n\nAC-001 one file\n"}}}
}

func publish(t *testing.T, c *review.Client, o Options) *Result {
	t.Helper()
	res, err := Publish(context.Background(), c, o)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func botIssues(s *githubtest.Server) map[string][]int {
	out := map[string][]int{}
	for _, is := range s.IssuesBy(githubtest.Bot) {
		if id, ok := markedTask(is.Body, "csv-export"); ok {
			out[id] = append(out[id], is.Number)
		}
	}
	return out
}

func writes(s *githubtest.Server) int {
	n := 0
	s.Do(func() {
		for _, r := range s.Requests {
			if !strings.HasPrefix(r, "GET ") {
				n++
			}
		}
	})
	return n
}

func TestPublishOpensOneIssuePerTaskAndLabelsTheSource(t *testing.T) {
	s, c, _ := setup(t)
	res := publish(t, c, options(tasks()))
	got := botIssues(s)
	if len(got) != 3 || len(got["T001"]) != 1 || len(got["T002"]) != 1 || len(got["T003"]) != 1 {
		t.Fatalf("issues by task %v", got)
	}
	if len(res.Created) != 3 || res.Issues["T002"] != got["T002"][0] || res.Target != 7 {
		t.Errorf("result %+v", res)
	}
	var t2 *githubtest.Issue
	s.Do(func() { t2 = s.Issues[res.Issues["T002"]] })
	if t2.Title != "csv-export: T002 Write the CSV export" || len(t2.Labels) != 1 || t2.Labels[0] != "rtgit:task" {
		t.Errorf("T002's issue: %q %v", t2.Title, t2.Labels)
	}
	for _, want := range []string{
		"[FR-001](https://github.com/acme/invoices/blob/" + commit + "/docs/requirements/csv-export/requirements-spec.md#L3)",
		"`export/csv.go`", "**Depends on:** #" + itoa(res.Issues["T001"]) + " (T001)", "analysed in #8",
	} {
		if !strings.Contains(t2.Body, want) {
			t.Errorf("T002's body lacks %q:\n%s", want, t2.Body)
		}
	}
	var source *githubtest.Issue
	s.Do(func() { source = s.Issues[7] })
	if len(source.Labels) != 1 || source.Labels[0] != "ready-to-build" || source.Body != "One CSV a month, please." {
		t.Errorf("source issue labels %v, body %q", source.Labels, source.Body)
	}
	summary := s.CommentsOn(7)
	if len(summary) != 1 {
		t.Fatalf("%d comments on #7, want one summary", len(summary))
	}
	for _, id := range []string{"T001", "T002", "T003"} {
		if !strings.Contains(summary[0].Body, "- [ ] #"+itoa(res.Issues[id])+"\n") {
			t.Errorf("summary lacks %s's issue:\n%s", id, summary[0].Body)
		}
	}
	if !strings.Contains(summary[0].Body, "csv-export`**: 3 tasks.") || !strings.Contains(summary[0].Body, "/tree/"+commit+"/docs/requirements/csv-export") {
		t.Errorf("summary:\n%s", summary[0].Body)
	}
	// N creates, and a constant number of other calls: the label listed
	// once, the source issue read, its comments listed, labelled and
	// commented on.
	if n := s.Count("POST", "/repos/acme/invoices/issues"); n != 3 {
		t.Errorf("%d creates, want 3", n)
	}
	if n := s.Count("GET", "/repos/acme/invoices/issues"); n != 1 {
		t.Errorf("the label's issues listed %d times, want once", n)
	}
	if n := len(s.Requests); n > 3+5 {
		t.Errorf("%d requests for 3 tasks: %q", n, s.Requests)
	}

	// Again: nothing to create or edit, and the summary stays as it is.
	before := writes(s)
	res = publish(t, c, options(tasks()))
	if len(res.Created)+len(res.Updated) != 0 || len(res.Unchanged) != 3 {
		t.Errorf("second publish %+v", res)
	}
	if n := writes(s) - before; n != 0 {
		t.Errorf("%d writes on the second publish of the same plan, want none", n)
	}
	if len(botIssues(s)) != 3 || len(s.CommentsOn(7)) != 1 {
		t.Errorf("second publish made issues or comments")
	}
	before = writes(s)
	publish(t, c, options(tasks()))
	if n := writes(s) - before; n != 0 {
		t.Errorf("%d writes on a third publish of the same plan", n)
	}
}

func TestPublishUpdatesInPlaceAndClosesRemovedTasks(t *testing.T) {
	s, c, _ := setup(t)
	first := publish(t, c, options(tasks()))
	ts := tasks()[:2]
	ts[1].Title = "Write the CSV export, one row per invoice"
	ts = append(ts, plan.Task{ID: "T004", Title: "Verify with the bookkeeper", Kind: "verify", Traces: []string{"NFR-009"}, DependsOn: []string{"T002"}})
	res := publish(t, c, options(ts))
	if strings.Join(res.Created, ",") != "T004" || strings.Join(res.Updated, ",") != "T002" || strings.Join(res.Removed, ",") != "T003" {
		t.Errorf("result %+v", res)
	}
	var t2 *githubtest.Issue
	s.Do(func() { t2 = s.Issues[first.Issues["T002"]] })
	if t2.Title != "csv-export: T002 Write the CSV export, one row per invoice" {
		t.Errorf("T002 not edited in place: %q", t2.Title)
	}
	gone := s.CommentsOn(first.Issues["T003"])
	if len(gone) != 1 || !strings.Contains(gone[0].Body, "T003 is no longer in the plan") {
		t.Fatalf("comments on T003's issue: %v", gone)
	}
	// The note names the task that took over T003's requirement.
	if want := "now in #" + strconv.Itoa(res.Issues["T004"]) + " (T004)."; !strings.Contains(gone[0].Body, want) {
		t.Errorf("the note does not name what replaced T003 (%q): %q", want, gone[0].Body)
	}
	var t3 githubtest.Issue
	s.Do(func() { t3 = *s.Issues[first.Issues["T003"]] })
	if t3.State != "closed" || t3.StateReason != "not_planned" {
		t.Errorf("T003's issue is %s (%s), want closed as not planned", t3.State, t3.StateReason)
	}
	if _, ok := res.Issues["T003"]; ok {
		t.Error("a removed task kept its place in the task issues")
	}
	again := publish(t, c, options(ts))
	if n := len(s.CommentsOn(first.Issues["T003"])); n != 1 {
		t.Errorf("%d comments on T003's issue after another publish, want 1", n)
	}
	if len(again.Removed) != 0 || again.Writes != 0 {
		t.Errorf("another publish of the same plan: %+v", again)
	}
	if n := len(s.IssuesBy(githubtest.Bot)); n != 4 {
		t.Errorf("%d issues by rtgit after three publishes, want 4 (three tasks and T004): nothing is duplicated", n)
	}
}

// A publish stopped after its note and before the close closes the issue
// next time, without a second note.
func TestRemovedTaskClosedAfterAnInterruptedPublish(t *testing.T) {
	s, c, _ := setup(t)
	first := publish(t, c, options(tasks()))
	n := first.Issues["T003"]
	s.Before = func(r *http.Request) int {
		if r.Method == "PATCH" && strings.HasSuffix(r.URL.Path, "/issues/"+strconv.Itoa(n)) {
			return http.StatusBadGateway
		}
		return 0
	}
	if _, err := Publish(context.Background(), c, options(tasks()[:2])); err == nil {
		t.Fatal("a publish whose close failed succeeded")
	}
	s.Before = nil
	publish(t, c, options(tasks()[:2]))
	var st string
	s.Do(func() { st = s.Issues[n].State })
	if got := len(s.CommentsOn(n)); got != 1 || st != "closed" {
		t.Errorf("after the second publish: %d notes, issue %s; want 1, closed", got, st)
	}
	if body := s.CommentsOn(n)[0].Body; !strings.Contains(body, "No task of the plan takes over") {
		t.Errorf("a task nothing replaces: %q", body)
	}
	// A person reopens it: it stays open, and is not noted again.
	s.Do(func() { s.Issues[n].State, s.Issues[n].StateReason = "open", "reopened" })
	if res := publish(t, c, options(tasks()[:2])); res.Writes != 0 {
		t.Errorf("a reopened issue: %d writes, want 0", res.Writes)
	}
	s.Do(func() { st = s.Issues[n].State })
	if st != "open" || len(s.CommentsOn(n)) != 1 {
		t.Errorf("a reopened issue is %s with %d notes", st, len(s.CommentsOn(n)))
	}
}

func TestInterruptedPublishConverges(t *testing.T) {
	s, c, _ := setup(t)
	creates := 0
	s.Before = func(r *http.Request) int {
		if r.Method == "POST" && strings.HasSuffix(r.URL.Path, "/acme/invoices/issues") {
			creates++
			if creates > 1 {
				return http.StatusBadGateway // every retry too: the run gives up
			}
		}
		return 0
	}
	if _, err := Publish(context.Background(), c, options(tasks())); err == nil {
		t.Fatal("a publish whose creates fail succeeded")
	}
	if got := botIssues(s); len(got) != 1 {
		t.Fatalf("after the failure: %v", got)
	}
	s.Before = nil
	// A duplicate left by a create whose answer was lost, and an issue
	// anyone could write with rtgit's marker in it.
	dup := s.AddIssue(0, githubtest.Bot, "csv-export: T001 copy", taskMarker("csv-export", "T001"), "rtgit:task")
	s.AddIssue(0, carol, "csv-export: T002 forged", taskMarker("csv-export", "T002"), "rtgit:task")
	res := publish(t, c, options(tasks()))
	got := botIssues(s)
	if len(got["T002"]) != 1 || len(got["T003"]) != 1 || len(got["T001"]) != 2 {
		t.Fatalf("after the second run: %v", got)
	}
	if res.Issues["T001"] == dup.Number || res.Issues["T001"] != got["T001"][0] {
		t.Errorf("T001 is #%d; the first of %v should be", res.Issues["T001"], got["T001"])
	}
	again := publish(t, c, options(tasks()))
	if len(again.Created) != 0 {
		t.Errorf("a third run created %v", again.Created)
	}
}

func TestDryRunWritesNothing(t *testing.T) {
	s, c, _ := setup(t)
	var log bytes.Buffer
	o := options(tasks())
	o.DryRun, o.Log = true, &log
	res := publish(t, c, o)
	if n := writes(s); n != 0 {
		t.Errorf("a dry run made %d writes: %q", n, s.Requests)
	}
	for _, want := range []string{"would create an issue: csv-export: T001 Test the CSV export of one month",
		"would label #7 ready-to-build", "would post the summary on #7"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("dry run output lacks %q:\n%s", want, log.String())
		}
	}
	if res.Writes != 5 {
		t.Errorf("a dry run counts %d writes, want 5", res.Writes)
	}
}

func TestPublishHonoursTheSecondaryRateLimit(t *testing.T) {
	s, c, waits := setup(t)
	n := 0
	s.Throttle = func(r *http.Request) bool {
		if r.Method == "POST" && strings.HasSuffix(r.URL.Path, "/issues") {
			n++
			return n == 2
		}
		return false
	}
	var paused []time.Duration
	o := options(tasks())
	o.Pause = func(_ context.Context, d time.Duration) error { paused = append(paused, d); return nil }
	publish(t, c, o)
	if got := botIssues(s); len(got) != 3 || len(got["T002"]) != 1 {
		t.Fatalf("issues %v", got)
	}
	if len(*waits) != 1 || (*waits)[0] != time.Second {
		t.Errorf("waits %v: want the Retry-After of one second", *waits)
	}
	if len(paused) != 2 {
		t.Errorf("paused %v between creates, want twice", paused)
	}
}

func TestPublishWithoutSourceOpensOneTrackingIssue(t *testing.T) {
	s, c, _ := setup(t)
	o := options(tasks())
	o.Source = 0
	first := publish(t, c, o)
	second := publish(t, c, o)
	if first.Target == 0 || first.Target != second.Target {
		t.Fatalf("tracking issues #%d then #%d", first.Target, second.Target)
	}
	var tr *githubtest.Issue
	s.Do(func() { tr = s.Issues[first.Target] })
	if tr.User != githubtest.Bot || tr.Labels[0] != "ready-to-build" || !strings.Contains(tr.Body, "csv-export") {
		t.Errorf("tracking issue %+v", tr)
	}
	if n := len(s.CommentsOn(first.Target)); n != 1 {
		t.Errorf("%d summaries on the tracking issue", n)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// One publish opens at most MaxCreates issues: a plan needing more is
// refused before any write, and a dry run counts what it would open.
func TestPublishIsBounded(t *testing.T) {
	s, c, _ := setup(t)
	o := options(tasks())
	o.DryRun = true
	if res := publish(t, c, o); strings.Join(res.Created, ",") != "T001,T002,T003" {
		t.Errorf("the dry run would create %v, want all three", res.Created)
	}
	o.DryRun, o.MaxCreates = false, 2
	_, err := Publish(context.Background(), c, o)
	if err == nil || !strings.Contains(err.Error(), "needs 3 new issues and one publish opens at most 2") {
		t.Fatalf("a publish over the bound: %v", err)
	}
	if n := writes(s); n != 0 {
		t.Errorf("a refused publish made %d writes", n)
	}
	o.MaxCreates = 3
	publish(t, c, o)
	if got := botIssues(s); len(got) != 3 {
		t.Errorf("issues %v", got)
	}
}

// A person's notes in a task issue, above rtgit's part or below it, stay
// when a publish rewrites the task; a publish with the task unchanged
// edits nothing, whatever GitHub's editor did to the line endings.
func TestPublishRewritesOnlyItsOwnPart(t *testing.T) {
	s, c, _ := setup(t)
	first := publish(t, c, options(tasks()))
	n := first.Issues["T002"]
	s.Do(func() {
		is := s.Issues[n]
		is.Body = strings.ReplaceAll("Picked up by @dana.\n\n"+is.Body+"\nNotes: the bank wants semicolons.\n", "\n", "\r\n")
	})
	before := writes(s)
	if res := publish(t, c, options(tasks())); len(res.Updated) != 0 {
		t.Errorf("a publish of the same plan updated %v", res.Updated)
	}
	if n := writes(s) - before; n != 0 {
		t.Errorf("%d writes on a publish of the same plan", n)
	}
	ts := tasks()
	ts[1].Title = "Write the CSV export, one row per invoice"
	if res := publish(t, c, options(ts)); strings.Join(res.Updated, ",") != "T002" {
		t.Errorf("updated %v, want T002", res.Updated)
	}
	var body string
	s.Do(func() { body = s.Issues[n].Body })
	for _, want := range []string{"Picked up by @dana.", "Write the CSV export, one row per invoice", "Notes: the bank wants semicolons."} {
		if !strings.Contains(body, want) {
			t.Errorf("T002's body lacks %q:\n%s", want, body)
		}
	}
	if strings.Count(body, "rtgit:bot task ") != 1 {
		t.Errorf("T002's body holds rtgit's part twice:\n%s", body)
	}
}
