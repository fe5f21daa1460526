package follow

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rtgit/rtgit/layout"
)

// fakeRepo is a base branch of a few changes after an analysis's merge.
type fakeRepo struct {
	files   map[string]string // at the tip
	changes []Change
	drifted map[string][]File // by from
}

func (f *fakeRepo) ReadFileAt(_, p string) ([]byte, error) {
	if s, ok := f.files[p]; ok {
		return []byte(s), nil
	}
	return nil, fmt.Errorf("%s: %w", p, fs.ErrNotExist)
}
func (f *fakeRepo) ListFiles(string, string) ([]string, error) { return nil, nil }
func (f *fakeRepo) FirstCommit(string, string) (string, error) { return "merge", nil }
func (f *fakeRepo) Mainline(from, to string, paths []string) ([]Change, error) {
	return f.changes, nil
}
func (f *fakeRepo) Drift(from, to string, paths []string) ([]File, error) {
	var out []File
	for _, d := range f.drifted[from] {
		if slices.Contains(paths, d.Path) {
			out = append(out, d)
		}
	}
	return out, nil
}

const tasksMD = `# Tasks
- [ ] T001 test: Tests for FR-001 | traces: FR-001, AC-001-01, AC-001-02 | files: src/a_test.go
- [ ] T002 code: Export | traces: FR-001 | files: src/a.go, CHANGELOG.md | after: T001
- [ ] T003 docs: Document it | traces: FR-001 | files: docs/a.md
`

func newFake() *fakeRepo {
	return &fakeRepo{files: map[string]string{
		"docs/requirements/inv/meta.json": `{"slug": "inv", "analysis_status": "analyzed", "task_issues": {"T001": 11, "T002": 12, "T003": 13}}`,
		"docs/requirements/inv/tasks.md":  tasksMD,
	}}
}

type fakeTests map[string][]string

func (t fakeTests) Named(_ string, ids []string) (map[string][]string, error) { return t, nil }
func (t fakeTests) Result(id string) (bool, bool) {
	if id == "AC-001-01" {
		return true, true
	}
	return false, false
}

func TestProgressAndDrift(t *testing.T) {
	r := newFake()
	r.changes = []Change{
		{Hash: "c1", Subject: "tests and code", Touched: []string{"src/a.go", "src/a_test.go"}},
		{Hash: "c2", Subject: "T003 somewhere else", Message: "T003 of another analysis"},
		{Hash: "c3", Subject: "later edit", Touched: []string{"src/a.go"}},
	}
	r.drifted = map[string][]File{"c1": {{Path: "src/a.go", Change: "modified", Commits: []Commit{{Hash: "c3", Subject: "later edit"}}}}}
	a, err := Read(r, layout.Default(), "tip", "inv")
	if err != nil {
		t.Fatal(err)
	}
	p, err := a.Progress(map[int]bool{13: true}, fakeTests{"AC-001-01": {"src/a_test.go:3"}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Done != 2 || !p.Tasks[0].Done || p.Tasks[0].In != "c1" || p.Tasks[2].Done {
		t.Fatalf("tasks = %+v", p.Tasks)
	}
	if !slices.Equal(p.Phantom, []string{"T003"}) {
		t.Errorf("a closed issue with no change behind it: phantom = %q", p.Phantom)
	}
	if p.Named != 1 || p.Reported != 1 || p.Passed != 1 || len(p.Criteria) != 2 {
		t.Errorf("criteria = %+v", p)
	}
	d, err := a.Drift(r)
	if err != nil {
		t.Fatal(err)
	}
	if d.Since != "c1" || d.Why != SinceDone || !slices.Equal(d.Pending, []string{"T003"}) || len(d.Files) != 1 {
		t.Fatalf("drift = %+v", d)
	}

	// Naming the analysis with the task id, or closing the task's issue,
	// does a task.
	r.changes[1].Message = "docs: Closes #13"
	a, _ = Read(r, layout.Default(), "tip", "inv")
	if s := a.TaskStates(nil)[2]; !s.Done || s.How != DoneNamed {
		t.Errorf("Closes #13: %+v", s)
	}
	r.changes[1].Message = "inv: T003 written"
	a, _ = Read(r, layout.Default(), "tip", "inv")
	if s := a.TaskStates(nil)[2]; !s.Done {
		t.Errorf("inv T003: %+v", s)
	}
	// A bare id counts in a change to the analysis's files.
	r.changes[1].Message, r.changes[1].Touched = "T003 and a fix", []string{"src/a.go"}
	a, _ = Read(r, layout.Default(), "tip", "inv")
	if s := a.TaskStates(nil)[2]; !s.Done || s.How != DoneNamed {
		t.Errorf("T003 in a change to src/a.go: %+v", s)
	}
	r.changes[1].Touched = nil

	// An accepted commit after the last change clears the drift.
	r.files[BaselinePath(layout.Default(), "inv")] = string(NewBaseline(strings.Repeat("a", 40), "A", time.Time{}).Marshal())
	r.changes = append(r.changes, Change{Hash: strings.Repeat("a", 40)})
	a, _ = Read(r, layout.Default(), "tip", "inv")
	d, _ = a.Drift(r)
	if d.Why != SinceAccepted || d.Drifted() {
		t.Errorf("after accepting: %+v", d)
	}
	// One not on the history is left out, and said so.
	r.changes = r.changes[:3]
	a, _ = Read(r, layout.Default(), "tip", "inv")
	if d, _ = a.Drift(r); d.Why != SinceDone || d.Note == "" {
		t.Errorf("an accepted commit off the history: %+v", d)
	}
}
