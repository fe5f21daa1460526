package plan

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// FuzzParse checks that no input panics Parse, that every error names a
// line of the input, and that whatever Parse reads, Format writes back in a
// form Parse reads as the same tasks.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"T001 [P] test: Tests | traces: FR-001, AC-001-01 | files: a.go, `b c.go` | after: T002 | blocked by: Q-001",
		"- [ ] T002 code: a \\| b \\\\ c | files: `x\\|y`\nT003 docs: d",
		"## Tests\n<!-- x -->\n\nT004 verify: v | depends on: T001\nnot a task",
		"T005 x | files: `open", "1. T006 code: | after: T006",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := Parse(text)
		n := strings.Count(text, "\n") + 1
		if err != nil {
			var errs Errors
			if !errors.As(err, &errs) || len(errs) == 0 {
				t.Fatalf("error is not a list of line errors: %v", err)
			}
			for _, e := range errs {
				if e.Line < 1 || e.Line > n {
					t.Fatalf("error at line %d of %d: %v", e.Line, n, e)
				}
			}
		}
		for _, task := range p.Tasks {
			if !IsTaskID(task.ID) || task.Title == "" || !isKind(task.Kind) || task.Line < 1 || task.Line > n {
				t.Fatalf("bad task %+v", task)
			}
		}
		out := Format(p)
		again, err := Parse(out)
		if err != nil {
			t.Fatalf("Format's output does not parse: %v\n%q", err, out)
		}
		for i := range again.Tasks {
			again.Tasks[i].Line = p.Tasks[i].Line
		}
		if !reflect.DeepEqual(again.Tasks, p.Tasks) {
			t.Fatalf("round trip of %q:\n%q\ngot  %+v\nwant %+v", text, out, again.Tasks, p.Tasks)
		}
	})
}
