package plan

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseLine(t *testing.T) {
	text := strings.Join([]string{
		"## Tests",
		"T001 [P] test: Tests for FR-001 Export invoices as CSV | traces: FR-001, AC-001-01 AC-001-02 | files: src/reports/csv_test.go",
		"",
		"<!-- derived from the design -->",
		"- [ ] T002 code: Module reports \\| csv | files: src/reports/csv.go, `docs/a b.md` | after: T001 | blocked by: Q-001",
		"3. T003 Write the changelog entry | depends on: T002",
	}, "\n")
	p, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	want := []Task{
		{ID: "T001", Title: "Tests for FR-001 Export invoices as CSV", Kind: "test", Parallel: true,
			Traces: []string{"FR-001", "AC-001-01", "AC-001-02"}, Files: []string{"src/reports/csv_test.go"},
			DependsOn: []string{}, BlockedBy: []string{}, Line: 2},
		{ID: "T002", Title: "Module reports | csv", Kind: "code", Traces: []string{},
			Files: []string{"src/reports/csv.go", "docs/a b.md"}, DependsOn: []string{"T001"}, BlockedBy: []string{"Q-001"}, Line: 5},
		{ID: "T003", Title: "Write the changelog entry", Kind: "code", Traces: []string{}, Files: []string{},
			DependsOn: []string{"T002"}, BlockedBy: []string{}, Line: 6},
	}
	if !reflect.DeepEqual(p.Tasks, want) {
		t.Fatalf("got\n%+v\nwant\n%+v", p.Tasks, want)
	}
}

func TestParseErrorsNameTheirLines(t *testing.T) {
	text := strings.Join([]string{
		"T001 test: fine",
		"Looks good to me.",
		"T1 too short an id",
		"T002",
		"T003 code: x | owner: me",
		"T001 code: again",
		"T004 code: x | after: T004",
		"T005 code: x | traces: fr-1",
		"T006 code: x | blocked by: FR-001",
		"T007 code: x | files: a`b",
		"T008 code: x | files: `open",
		"T009 code: x | after: T001 | after: T002",
		"T010 code: fine too",
	}, "\n")
	p, err := Parse(text)
	var errs Errors
	if !errors.As(err, &errs) {
		t.Fatalf("err = %v", err)
	}
	var lines []int
	for _, e := range errs {
		lines = append(lines, e.Line)
	}
	if want := []int{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}; !reflect.DeepEqual(lines, want) {
		t.Fatalf("error lines %v, want %v:\n%v", lines, want, err)
	}
	for _, part := range []string{
		"line 2: not a task", "line 4: T002 has no title", `unknown field "owner"`,
		"line 6: T001 is already the id of the task on line 1", "cannot wait for itself",
		`"fr-1" is not an id`, `"FR-001" is not a question id`, "backtick",
		"line 12: T009: after is given twice",
	} {
		if !strings.Contains(err.Error(), part) {
			t.Errorf("errors lack %q:\n%v", part, err)
		}
	}
	if len(p.Tasks) != 2 || p.Tasks[0].ID != "T001" || p.Tasks[1].ID != "T010" || p.Tasks[1].Line != 13 {
		t.Fatalf("the good lines should still be read: %+v", p.Tasks)
	}
}

func TestFormatRoundTrip(t *testing.T) {
	p := Plan{Tasks: []Task{
		{ID: "T001", Kind: "test", Title: "Tests for FR-001", Traces: []string{"FR-001", "AC-001-01"}, Files: []string{"a_test.go"}, Parallel: true},
		{ID: "T002", Kind: "code", Title: `a | pipe, a \ backslash and a \| both`, Files: []string{"dir/with space.go", `odd\|name`}, DependsOn: []string{"T001"}},
		{ID: "T003", Kind: "verify", Title: "Watch the error rate", Traces: []string{"NFR-002"}, BlockedBy: []string{"Q-002"}, DependsOn: []string{"T001", "T002"}},
		{ID: "T004", Kind: "docs", Title: "Changelog", Files: []string{"CHANGELOG.md"}},
	}}
	text := Format(p)
	if want := "T001 [P] test: Tests for FR-001 | traces: FR-001, AC-001-01 | files: a_test.go\n"; !strings.HasPrefix(text, want) {
		t.Fatalf("Format:\n%s", text)
	}
	got, err := Parse(text)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	for i := range p.Tasks {
		p.Tasks[i].normalize()
		p.Tasks[i].Line = i + 1
	}
	if !reflect.DeepEqual(got.Tasks, p.Tasks) {
		t.Fatalf("round trip:\n%s\ngot  %+v\nwant %+v", text, got.Tasks, p.Tasks)
	}
	if again := Format(got); again != text {
		t.Fatalf("second Format differs:\n%s\n%s", text, again)
	}
}

func TestJSONNames(t *testing.T) {
	task := Task{ID: "T001", Title: "x", Kind: "test", Line: 7}
	task.normalize()
	data, err := json.Marshal(task)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"id":"T001","title":"x","kind":"test","traces":[],"files":[],"depends_on":[],"parallel":false,"blocked_by":[],"confirmed":false}`
	if string(data) != want {
		t.Fatalf("got  %s\nwant %s", data, want)
	}
}

func TestConfirm(t *testing.T) {
	p := Plan{Tasks: []Task{{ID: "T001"}, {ID: "T002"}}}
	c := p.Confirm()
	if !c.Confirmed || !c.Tasks[0].Confirmed || !c.Tasks[1].Confirmed || p.Tasks[0].Confirmed {
		t.Fatalf("Confirm: %+v (original %+v)", c, p)
	}
	if got, ok := c.Task("T002"); !ok || got.ID != "T002" {
		t.Fatal("Task(T002) not found")
	}
}
