package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A pull request names the tasks it does in its title and its body as in
// its commits: the title's "csv-export: T002" and the body's "Closes #22"
// (T003's issue) are tasks it advances, and as it touches neither task's
// files, each is a named-without-files warning on the task's line.
func TestActionVerifyReadsThePullRequestsTitleAndBody(t *testing.T) {
	h := verifyHarness(t, 2)
	ws := h.workspace()
	meta := filepath.Join(ws, filepath.FromSlash(metaJSON))
	data, err := os.ReadFile(meta)
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.Replace(string(data), "{", `{"task_issues": {"T001": 20, "T002": 21, "T003": 22},`, 1))
	tasks := filepath.Join(ws, "docs/requirements", testSlug, "tasks.md")
	plan, err := os.ReadFile(tasks)
	if err != nil {
		t.Fatal(err)
	}
	plan = append(plan, "- [ ] T002 docs: Document it | traces: FR-001 | files: docs/export.md\n"+
		"- [ ] T003 docs: Write the guide | traces: FR-001 | files: docs/guide.md\n"...)
	for p, d := range map[string][]byte{meta: data, tasks: plan} {
		if err := os.WriteFile(p, d, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gitCmd(t, ws, "add", metaJSON, "docs/requirements/"+testSlug+"/tasks.md")
	gitCmd(t, ws, "commit", "-q", "-m", "published")
	gitCmd(t, ws, "push", "-q", "origin", "main")
	h.api.Do(func() {
		h.api.PRs[8].Title = "csv-export: T002, the export's docs"
		h.api.PRs[8].Body = "The export.\n\nCloses #22\n"
	})

	out, err := h.run("pull_request", h.api.PullRequestEvent("opened", 8, alice))
	if err != nil {
		t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	r := checkRun(t, h)
	if !strings.Contains(r.Summary, "Advances `csv-export` T001, T002, T003.") {
		t.Errorf("summary: %q", r.Summary)
	}
	var named []string
	for _, a := range r.Annotations {
		if a.GetTitle() == "named-without-files" {
			named = append(named, a.GetMessage())
		}
	}
	equalStrings(t, "named without files", named, []string{
		"the change names T002 of csv-export (issue #21) but touches none of its files (docs/export.md)",
		"the change names T003 of csv-export (issue #22) but touches none of its files (docs/guide.md)",
	})
}
