package model

import (
	"regexp"
	"slices"
	"testing"
)

// The table is read once for both lists: the files the change edits and
// the read-only ones, each in order and once, from the Directly Affected
// Files heading to the next heading of level two or three; a row is a
// line that starts with a pipe and a path in backticks.
func TestImpactTableReadsBothLists(t *testing.T) {
	doc := "# Impact\r\n\r\n## 1. Summary\r\n\r\n| `not/this.go` | m | x | modify |\r\n\r\n" +
		"## 2. Directly Affected Files\r\n\r\n| File | Module | Impact | Change type |\r\n| --- | --- | --- | --- |\r\n" +
		"| `./src/a.go` | src | named | modify |\r\n| `README.md` | (root) | named | read-only |\r\n" +
		" | `indented.go` | src | named | modify |\r\n| `src/a.go` | src | again | modify |\r\n" +
		"| `/src/b.go` | src | named | create |\r\n#### a note, not a section\r\n| `docs/c.md` | docs | named | read-only |\r\n" +
		"### 3. Next\r\n| `after.go` | m | x | modify |\r\n"
	files, readOnly := ImpactTable([]byte(doc))
	if want := []string{"src/a.go", "src/b.go"}; !slices.Equal(files, want) {
		t.Errorf("files = %q, want %q", files, want)
	}
	if want := []string{"README.md", "docs/c.md"}; !slices.Equal(readOnly, want) {
		t.Errorf("read-only = %q, want %q", readOnly, want)
	}
	if !slices.Equal(ImpactFiles([]byte(doc)), files) || !slices.Equal(ImpactReadOnlyFiles([]byte(doc)), readOnly) {
		t.Error("ImpactFiles and ImpactReadOnlyFiles read the table otherwise")
	}
	if f, r := ImpactTable([]byte("# Impact\n\nno table\n")); f != nil || r != nil {
		t.Errorf("no table: %q %q", f, r)
	}
}

// The row tests are written out for speed; these are the expressions they
// stand for, and the fuzz target holds the two to the same answers.
var (
	codeCellRe = regexp.MustCompile("^\\|\\s*`([^`]+)`\\s*\\|")
	readOnlyRe = regexp.MustCompile(`\|\s*read-only\s*\|\s*$`)
)

func FuzzImpactRow(f *testing.F) {
	for _, s := range []string{
		"| `a.go` | m | x | modify |", "| `README.md` | (root) | named | read-only |",
		"|`a b`|read-only|\r", "| `` | x |", "| `a` x |", "|read-only|", "| `a.go`|\tread-only \f|  \n",
		"| `a.go` | read-only", "x | read-only |", "| `a`b` |",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, row string) {
		cell, ok := firstCodeCell(row)
		m := codeCellRe.FindStringSubmatch(row)
		if ok != (m != nil) || ok && cell != m[1] {
			t.Fatalf("firstCodeCell(%q) = %q, %v; the expression reads %q", row, cell, ok, m)
		}
		if got, want := lastCellReadOnly(row), readOnlyRe.MatchString(row); got != want {
			t.Fatalf("lastCellReadOnly(%q) = %v, the expression %v", row, got, want)
		}
	})
}
