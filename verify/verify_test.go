package verify

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/plan"
)

type change struct{ files, texts []string }

func (c change) ChangedFiles(context.Context) ([]string, error) { return c.files, nil }
func (c change) Texts(context.Context) ([]string, error)        { return c.texts, nil }

type base []Analysis

func (b base) Analyses(context.Context) ([]Analysis, error) { return b, nil }

type sources map[string]string

func (s sources) TestFiles(_ context.Context, paths []string, visit func(string, []byte) error) error {
	for _, p := range paths {
		if d, ok := s[p]; ok {
			if err := visit(p, []byte(d)); err != nil {
				return err
			}
		}
	}
	return nil
}

func demo() Analysis {
	return Analysis{
		Slug: "csv-export", Dir: "docs/requirements/csv-export",
		Plan: plan.Plan{Tasks: []plan.Task{
			{ID: "T001", Kind: plan.KindTest, Title: "tests", Traces: []string{"FR-001", "AC-001-01", "AC-001-02"}, Files: []string{"export/csv_test.go"}},
			{ID: "T002", Kind: plan.KindCode, Title: "code", Files: []string{"export/csv.go"}},
			{ID: "T003", Kind: plan.KindDocs, Title: "docs", Files: []string{"docs/export.md"}},
		}},
		ReadOnly:   []string{"report/report.go"},
		Footprint:  []string{"docs/export.md", "export/csv.go", "export/csv_test.go", "export/format.go"},
		TaskIssues: map[string]int{"T001": 11, "T002": 12, "T003": 13},
	}
}

func rules(r Report) string {
	var out []string
	for _, f := range r.Findings {
		out = append(out, string(f.Level)+" "+f.Rule+" "+f.Path+f.Criterion+f.Task)
	}
	return strings.Join(out, "\n")
}

func TestAdvancesByFilesAndNames(t *testing.T) {
	r, err := Run(context.Background(), Input{
		Change:  change{files: []string{"export/csv.go", "export/csv_test.go"}, texts: []string{"export: CSV\n\nCloses #13"}},
		Base:    base{demo()},
		Sources: sources{"export/csv_test.go": "// AC-001-01\nfunc TestHeader(t *testing.T) {}\nfunc TestAC_001_02(t *testing.T) {}\n"},
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range r.Advances {
		got = append(got, a.Task)
	}
	if strings.Join(got, ",") != "T001,T002,T003" {
		t.Errorf("advances %v, want T001,T002,T003", got)
	}
	want := "warning named-without-files docs/requirements/csv-export/tasks.mdT003"
	if rules(r) != want {
		t.Errorf("findings:\n%s\nwant:\n%s", rules(r), want)
	}
	if len(r.Criteria) != 2 || r.Criteria[0].Tests[0].Name != "TestHeader" {
		t.Errorf("criteria %+v", r.Criteria)
	}
}

func TestReadOnlyAndUnplanned(t *testing.T) {
	r, err := Run(context.Background(), Input{
		Change: change{files: []string{"report/report.go", "export/format.go", "other.go"}},
		Base:   base{demo()},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "error read-only-changed report/report.go\nwarning unplanned-file export/format.go"
	if rules(r) != want {
		t.Errorf("findings:\n%s\nwant:\n%s", rules(r), want)
	}
	if len(r.Advances) != 0 {
		t.Errorf("advances %+v", r.Advances)
	}
}

func TestLevelsFromConfig(t *testing.T) {
	r, _ := Run(context.Background(), Input{
		Change: change{files: []string{"report/report.go", "export/format.go"}},
		Base:   base{demo()},
		Levels: Levels{RuleReadOnly: LevelWarning, RuleUnplanned: LevelOff},
	})
	if rules(r) != "warning read-only-changed report/report.go" {
		t.Errorf("findings:\n%s", rules(r))
	}
	if err := (Levels{"nope": LevelError}).Validate(); err == nil {
		t.Error("an unknown rule was accepted")
	}
}

func TestJUnitResults(t *testing.T) {
	r, _ := Run(context.Background(), Input{
		Change:   change{files: []string{"export/csv_test.go"}},
		Base:     base{demo()},
		Sources:  sources{"export/csv_test.go": "// AC-001-01\nfunc TestHeader(t *testing.T) {}\n// AC-001-02\nfunc TestRows(t *testing.T) {}\n"},
		Reported: true,
		Reports:  []TestResult{{Name: "TestHeader/empty", Status: "passed"}, {Name: "TestRows", Status: "failed"}},
	})
	want := "error criterion-test-failed export/csv_test.goAC-001-02T001"
	if rules(r) != want {
		t.Errorf("findings:\n%s\nwant:\n%s", rules(r), want)
	}
	if r.Criteria[0].Result != "passed" || r.Criteria[1].Result != "failed" {
		t.Errorf("criteria %+v", r.Criteria)
	}
}

type closedIssues map[int]bool

func (c closedIssues) Closed(_ context.Context, _ string, n int) (bool, error) { return c[n], nil }

// doneTasks is the base branch's history: the tasks a merged change did.
type doneTasks map[string]bool

func (d doneTasks) Done(_ context.Context, _ Analysis, t plan.Task) (bool, error) {
	return d[t.ID], nil
}

// A closed task issue is phantom work unless a merged change did the
// task, or this change does; without the tracker it is not checked, and
// the report says so.
func TestPhantomWork(t *testing.T) {
	a := demo()
	a.Plan.Tasks = append(a.Plan.Tasks, plan.Task{ID: "T004", Kind: plan.KindCode, Title: "store", Files: []string{"store.go"}, Line: 7})
	a.TaskIssues["T004"] = 14
	in := Input{
		Change:  change{files: []string{"export/csv.go"}},
		Base:    base{a},
		Issues:  closedIssues{11: true, 12: true, 13: true, 14: true},
		History: doneTasks{"T001": true, "T003": true},
	}
	r, err := Run(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	want := "warning phantom-task docs/requirements/csv-export/tasks.mdT004"
	if rules(r) != want {
		t.Errorf("findings:\n%s\nwant:\n%s", rules(r), want)
	}
	if f := r.Findings[0]; f.Line != 7 || !strings.Contains(f.Message, "issue #14 of T004 (csv-export) is closed") {
		t.Errorf("finding %+v", f)
	}
	in.Issues, in.History = nil, nil
	want = "phantom work was not checked: the repository records the issues of 4 tasks of 1 analysis (meta.json's task_issues), " +
		"but whether an issue is closed is known only to GitHub, which this run does not ask; the Action checks it on every pull request"
	if r, _ = Run(context.Background(), in); len(r.Findings) != 0 || !slices.Contains(r.Notes, want) {
		t.Errorf("without the tracker: %+v", r)
	}
	// With no task published, there was nothing to check.
	a.TaskIssues = nil
	in.Base = base{a}
	if r, _ = Run(context.Background(), in); strings.Contains(strings.Join(r.Notes, "\n"), "phantom") {
		t.Errorf("no published task: %q", r.Notes)
	}
}
