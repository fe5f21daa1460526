package verify

import (
	"context"
	"slices"
	"testing"

	"github.com/rtgit/rtgit/follow"
	"github.com/rtgit/rtgit/plan"
	"github.com/rtgit/rtgit/portfolio"
)

// What verify says a change advances is what build progress counts done
// once that change is merged, whatever way the change does the task:
// both ask follow.Work. Each change here is verified alone, then all are
// merged one after another and read as rtgit status reads them.
func TestVerifyAndProgressAgree(t *testing.T) {
	tasks := []plan.Task{
		{ID: "T001", Kind: plan.KindTest, Title: "tests", Files: []string{"export/csv_test.go", "CHANGELOG.md"}},
		{ID: "T002", Kind: plan.KindCode, Title: "code", Files: []string{"export/csv.go"}},
		{ID: "T003", Kind: plan.KindDocs, Title: "docs", Files: []string{"docs/export.md"}},
		{ID: "T004", Kind: plan.KindCode, Title: "format", Files: []string{"export/format.go"}},
		{ID: "T005", Kind: plan.KindCode, Title: "store", Files: []string{"store/store.go"}},
		{ID: "T006", Kind: plan.KindDocs, Title: "notes", Files: []string{"docs/notes.md"}},
		{ID: "T007", Kind: plan.KindDocs, Title: "never", Files: []string{"docs/never.md"}},
	}
	issues := map[string]int{"T003": 13, "T006": 16}
	footprint := []string{"docs/export.md", "docs/never.md", "docs/notes.md", "export/csv.go", "export/csv_test.go", "export/format.go", "store/store.go"}
	a := Analysis{Slug: "csv-export", Dir: "docs/requirements/csv-export", Plan: plan.Plan{Tasks: tasks}, Footprint: footprint, TaskIssues: issues}
	changes := []follow.Change{
		{Hash: "c1", Message: "the changelog alone does no task", Touched: []string{"CHANGELOG.md"}},
		{Hash: "c2", Message: "export: the CSV writer", Touched: []string{"export/csv.go"}},
		{Hash: "c3", Message: "docs\n\nCloses #13"},
		{Hash: "c4", Message: "T004 and T005 with a fix", Touched: []string{"export/csv.go"}},
		{Hash: "c5", Message: "csv-export: T006 written elsewhere"},
		{Hash: "c6", Message: "T007 of another analysis", Touched: []string{"other/file.go"}},
	}
	var advanced []string
	for _, c := range changes {
		r, err := Run(context.Background(), Input{Change: change{files: c.Touched, texts: []string{c.Message}}, Base: base{a}})
		if err != nil {
			t.Fatal(err)
		}
		for _, ref := range r.Advances {
			if !slices.Contains(advanced, ref.Task) {
				advanced = append(advanced, ref.Task)
			}
		}
	}
	fa := &follow.Analysis{Slug: a.Slug, Tasks: tasks, Issues: issues, Footprint: portfolio.Footprint{Files: footprint}}
	for _, c := range changes {
		// follow's history holds, of each change, the analysis's files
		// it touched (Repo.Mainline).
		c.Touched = slices.DeleteFunc(slices.Clone(c.Touched), func(f string) bool { return !slices.Contains(footprint, f) && f != "CHANGELOG.md" })
		fa.Changes = append(fa.Changes, c)
	}
	var done []string
	for _, s := range fa.TaskStates(nil) {
		if s.Done {
			done = append(done, s.ID)
		}
	}
	slices.Sort(advanced)
	want := []string{"T002", "T003", "T004", "T005", "T006"}
	if !slices.Equal(advanced, want) || !slices.Equal(done, want) {
		t.Errorf("verify advances %v, status counts done %v; want both %v", advanced, done, want)
	}
}
