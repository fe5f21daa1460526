package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/review/githubtest"
)

// A task issue closed on GitHub counts as done only when a change did the
// task: the pull request's check run names, as phantom work, the closed
// issue of a task no merged change touched or named, on the task's line
// of tasks.md; a closed issue whose task a merged change did, or whose
// task this pull request does, is not.
func TestActionVerifyFindsPhantomWork(t *testing.T) {
	h := verifyHarness(t, 2)
	for n, id := range map[int]string{20: "T001", 21: "T002", 22: "T003"} {
		h.api.AddIssue(n, githubtest.Bot, "csv-export: "+id, "<!-- rtgit:bot task slug=csv-export id="+id+" -->\n", "rtgit:task")
		h.api.Do(func() { h.api.Issues[n].State = "closed" })
	}
	// A person's issue with the marker is not rtgit's, and says nothing.
	h.api.AddIssue(23, mallory, "csv-export: T004", "<!-- rtgit:bot task slug=csv-export id=T004 -->\n", "rtgit:task")
	h.api.Do(func() { h.api.Issues[23].State = "closed" })
	ws := h.workspace()
	meta := filepath.Join(ws, filepath.FromSlash(metaJSON))
	data, err := os.ReadFile(meta)
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.Replace(string(data), "{", `{"task_issues": {"T001": 20, "T002": 21, "T003": 22, "T004": 23},`, 1))
	tasks := filepath.Join(ws, "docs/requirements", testSlug, "tasks.md")
	plan, _ := os.ReadFile(tasks)
	plan = append(plan, "- [ ] T002 docs: Document it | traces: FR-001 | files: docs/export.md\n"+
		"- [ ] T003 docs: Write the guide | traces: FR-001 | files: docs/guide.md\n"+
		"- [ ] T004 docs: Write the notes | traces: FR-001 | files: docs/notes.md\n"...)
	for p, d := range map[string][]byte{meta: data, tasks: plan, filepath.Join(ws, "docs/guide.md"): []byte("# guide\n")} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, d, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gitCmd(t, ws, "add", metaJSON, "docs/requirements/"+testSlug+"/tasks.md")
	gitCmd(t, ws, "commit", "-q", "-m", "published")
	gitCmd(t, ws, "add", "docs/guide.md")
	gitCmd(t, ws, "commit", "-q", "-m", "Write the guide")
	gitCmd(t, ws, "push", "-q", "origin", "main")

	out, err := h.run("pull_request", h.api.PullRequestEvent("opened", 8, alice))
	if err != nil {
		t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	r := checkRun(t, h)
	var phantom []string
	for _, a := range r.Annotations {
		if a.GetTitle() == "phantom-task" {
			phantom = append(phantom, a.GetPath()+" "+a.GetAnnotationLevel()+" "+a.GetMessage())
			if a.GetStartLine() != 4 {
				t.Errorf("the phantom task's annotation is on line %d, want 4 (T002's line)", a.GetStartLine())
			}
		}
	}
	equalStrings(t, "phantom work", phantom, []string{"docs/requirements/csv-export/tasks.md warning issue #21 of T002 (csv-export) is closed, but no merged change touched its files or named it"})
	if strings.Contains(r.Summary, "phantom work was not checked") {
		t.Errorf("summary: %q", r.Summary)
	}
	if c := h.api.CommentsOn(8); len(c) != 1 || !strings.Contains(c[0].Body, "issue #21 of T002 (csv-export) is closed") {
		t.Errorf("comments: %+v", c)
	}
}
