package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/review"
	"github.com/rtgit/rtgit/review/githubtest"
)

// verifyHarness merges the harness's analysis into main with an impact
// analysis naming files files (and README.md, read-only) and a build plan
// whose one task names the first, and opens pull request #8 from a
// branch of this repository that changes them all and the README.
func verifyHarness(t *testing.T, files int) *harness {
	h := newHarness(t)
	ws := h.workspace()
	gitCmd(t, ws, "merge", "-q", "--no-ff", "-m", "Merge the csv-export analysis", "origin/rtgit/"+testSlug)
	var names []string
	for i := range files {
		names = append(names, fmt.Sprintf("src/f%02d.go", i))
	}
	plan := "# Tasks\n\n- [ ] T001 code: Write the export | traces: FR-001 | files: " + names[0] + "\n"
	impact := "# Impact\n\n## 2. Directly Affected Files\n\n| File | Module | Impact | Change type |\n| --- | --- | --- | --- |\n"
	for _, n := range names {
		impact += "| `" + n + "` | src | named | modify |\n"
	}
	impact += "| `README.md` | (root) | named | read-only |\n"
	write := func(rel, content string) {
		p := filepath.Join(ws, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("docs/requirements/"+testSlug+"/tasks.md", plan)
	write("docs/requirements/"+testSlug+"/impact-analysis.md", impact)
	gitCmd(t, ws, "add", "-A")
	gitCmd(t, ws, "commit", "-q", "-m", "the build plan")
	gitCmd(t, ws, "push", "-q", "origin", "main")
	gitCmd(t, ws, "switch", "-q", "-c", "export")
	for _, n := range names {
		write(n, "package src\n")
	}
	write("README.md", "# invoices, exported\n")
	gitCmd(t, ws, "add", "-A")
	gitCmd(t, ws, "commit", "-q", "-m", "Write the export")
	gitCmd(t, ws, "push", "-q", "origin", "export")
	h.api.OpenPR(8, "export", gitCmd(t, ws, "rev-parse", "HEAD"))
	return h
}

// writes counts the API requests that change something.
func writes(api *githubtest.Server) []string {
	var out []string
	api.Do(func() {
		for _, r := range api.Requests {
			if !strings.HasPrefix(r, "GET ") {
				out = append(out, r)
			}
		}
	})
	return out
}

// A pull request that is not an analysis's gets one check run named
// rtgit verify, its annotations in batches of 50, and one comment that a
// second run edits rather than repeats.
func TestActionVerifiesAPullRequest(t *testing.T) {
	h := verifyHarness(t, 61)
	out, err := h.run("pull_request", h.api.PullRequestEvent("opened", 8, alice))
	if err != nil {
		t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	var runs []githubtest.CheckRun
	h.api.Do(func() {
		for _, r := range h.api.CheckRuns {
			runs = append(runs, *r)
		}
	})
	if len(runs) != 1 || runs[0].Name != review.CheckName || runs[0].Conclusion != "failure" || runs[0].Status != "completed" {
		t.Fatalf("check runs: %+v\n%s", runs, out)
	}
	r := runs[0]
	// The read-only README is an error; the 60 files of the footprint no
	// task names are warnings.
	if len(r.Annotations) != 61 || r.Requests != 2 {
		t.Errorf("%d annotations in %d requests, want 61 in 2 (50 + 11)", len(r.Annotations), r.Requests)
	}
	if a := r.Annotations[0]; a.GetPath() != "README.md" || a.GetStartLine() != 1 || a.GetAnnotationLevel() != "failure" || a.GetTitle() != "read-only-changed" {
		t.Errorf("first annotation: %+v", a)
	}
	if a := r.Annotations[1]; a.GetPath() != "src/f01.go" || a.GetAnnotationLevel() != "warning" || a.GetTitle() != "unplanned-file" {
		t.Errorf("second annotation: %+v", a)
	}
	if !strings.Contains(r.Summary, "Advances `csv-export` T001.") {
		t.Errorf("summary: %q", r.Summary)
	}
	if w := writes(h.api); len(w) != 3 {
		t.Errorf("writes of a first run: %q, want 3 (the check run, its second batch, the comment)", w)
	}
	mine := func() []*githubtest.Comment {
		var out []*githubtest.Comment
		for _, c := range h.api.CommentsOn(8) {
			if c.User == githubtest.Bot {
				out = append(out, c)
			}
		}
		return out
	}
	if c := mine(); len(c) != 1 || !strings.Contains(c[0].Body, "**rtgit verify** at ") || !strings.Contains(c[0].Body, "1 error, 60 warnings, 0 notes") {
		t.Fatalf("comments: %+v", c)
	}

	// Anyone can type the marker: a person's comment holding it is not
	// rtgit's, and is left alone.
	h.api.AddComment("ic", 8, bob, "<!-- rtgit:bot verify -->\nmine")
	if out, err := h.run("pull_request", h.api.PullRequestEvent("synchronize", 8, alice)); err != nil {
		t.Fatalf("second run: %v\n%s", err, out)
	}
	if c := mine(); len(c) != 1 {
		t.Errorf("%d comments by rtgit after a second run, want 1", len(c))
	}
	for _, c := range h.api.CommentsOn(8) {
		if c.User == bob && c.Body != "<!-- rtgit:bot verify -->\nmine" {
			t.Errorf("a person's comment was edited: %q", c.Body)
		}
	}
}

// Forks and people without write access are refused before anything is
// fetched, and nothing is written; so are an analysis's own pull request
// and a closed one.
func TestActionVerifyRefuses(t *testing.T) {
	h := verifyHarness(t, 2)
	cases := []struct {
		name   string
		setup  func()
		sender githubtest.User
		pr     int
		skip   string
	}{
		{"outsider", func() {}, mallory, 8, "who has read access, not write"},
		{"bot", func() {}, helper, 8, "not a person with write access"},
		{"fork", func() { h.api.PRs[8].HeadRepo = "mallory/invoices" }, alice, 8, "comes from the fork mallory/invoices"},
		{"analysis", func() {}, alice, testPR, "is an analysis pull request"},
		{"closed", func() { h.api.PRs[8].State = "closed" }, alice, 8, "#8 is closed"},
	}
	for _, c := range cases {
		h.api.Do(c.setup)
		before := len(writes(h.api))
		out, err := h.run("pull_request", h.api.PullRequestEvent("synchronize", c.pr, c.sender))
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.name, err, out)
		}
		if !strings.Contains(out, c.skip) {
			t.Errorf("%s: the run does not say %q:\n%s", c.name, c.skip, out)
		}
		if w := writes(h.api)[before:]; len(w) != 0 {
			t.Errorf("%s: the run wrote %q", c.name, w)
		}
	}
}

// Once the pull request is merged, the analysis's issue shows its build
// progress in one comment: a task done by the merged change counts, and
// a task whose issue was closed with no change behind it is named as
// such, not counted.
func TestActionShowsProgressAfterMerge(t *testing.T) {
	h := verifyHarness(t, 2)
	h.api.AddIssue(3, alice, "Let customers export invoices as CSV", "please")
	h.api.AddIssue(20, githubtest.Bot, "csv-export: T001 Write the export", "<!-- rtgit:bot task slug=csv-export id=T001 -->\n", "rtgit:task")
	h.api.AddIssue(21, githubtest.Bot, "csv-export: T002 Document it", "<!-- rtgit:bot task slug=csv-export id=T002 -->\n", "rtgit:task")
	h.api.Do(func() { h.api.Issues[21].State = "closed" })
	ws := h.workspace()
	meta := filepath.Join(ws, filepath.FromSlash(metaJSON))
	data, err := os.ReadFile(meta)
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.Replace(strings.Replace(string(data), `"source_id": null`, `"source_id": "GH-3"`, 1), "{", `{"task_issues": {"T001": 20, "T002": 21},`, 1))
	tasks := filepath.Join(ws, "docs/requirements", testSlug, "tasks.md")
	plan, _ := os.ReadFile(tasks)
	plan = append(plan, "- [ ] T002 docs: Document it | traces: FR-001 | files: docs/export.md\n"...)
	if err := os.WriteFile(meta, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tasks, plan, 0o644); err != nil {
		t.Fatal(err)
	}
	gitCmd(t, ws, "commit", "-q", "-am", "published")
	gitCmd(t, ws, "merge", "-q", "--no-ff", "-m", "Merge pull request #8 from acme/export", "origin/export")
	gitCmd(t, ws, "push", "-q", "origin", "main")
	h.api.Do(func() { h.api.PRs[8].State, h.api.PRs[8].Merged = "closed", true })
	ev := h.api.PullRequestEvent("closed", 8, alice)
	for range 2 {
		if out, err := h.run("pull_request", ev); err != nil {
			t.Fatalf("rtgit action: %v\n%s", err, out)
		}
	}
	var bodies []string
	for _, c := range h.api.CommentsOn(3) {
		if c.User == githubtest.Bot {
			bodies = append(bodies, c.Body)
		}
	}
	if len(bodies) != 1 {
		t.Fatalf("%d comments by rtgit on #3 after two runs, want 1: %q", len(bodies), bodies)
	}
	for _, want := range []string{"**Build progress** of `csv-export` at ", "- 1 of 2 tasks done\n",
		"- T002: its issue is closed, but no merged change touched its files or named it\n"} {
		if !strings.Contains(bodies[0], want) {
			t.Errorf("the progress comment lacks %q:\n%s", want, bodies[0])
		}
	}
}
