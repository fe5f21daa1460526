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

// The spec's requirement headings are read from the rendered document:
// FR, NFR and CON ids at heading levels two to six, the first of each id.
func TestSpecHeadings(t *testing.T) {
	doc := "# Spec\n\n### FR-001: Export invoices\n\nFR-009 in prose\n#### NFR-002 Fast\n## CON-001:\n### FR-001: again\n####### FR-003: too deep\n"
	got := SpecHeadings([]byte(doc))
	want := []SpecHeading{{"FR-001", "Export invoices"}, {"NFR-002", "Fast"}, {"CON-001", ""}}
	if !slices.Equal(got, want) {
		t.Errorf("SpecHeadings = %q, want %q", got, want)
	}
}

func TestADRReaders(t *testing.T) {
	if n, ok := ADRNumber("adr-0003-use-postgres.md"); !ok || n != "0003" {
		t.Errorf("ADRNumber = %q %v", n, ok)
	}
	for _, name := range []string{"adr-003-x.md", "adr-0003.md", "adr-0003-x.txt", "notes.md"} {
		if _, ok := ADRNumber(name); ok {
			t.Errorf("ADRNumber(%q) is a decision record", name)
		}
	}
	doc := []byte("---\nstatus:  accepted  \n---\n\n# ADR-0003: Use Postgres \n\n# later\n")
	if s := ADRStatus(doc); s != "accepted" {
		t.Errorf("ADRStatus = %q", s)
	}
	if s := DocTitle(doc); s != "ADR-0003: Use Postgres" {
		t.Errorf("DocTitle = %q", s)
	}
	if ADRStatus([]byte("# x\n")) != "" || DocTitle([]byte("## x\n")) != "" {
		t.Error("a record with no status or title reads one")
	}
}

// The Module column is read for the table's rows alone.
func TestImpactModules(t *testing.T) {
	doc := "## Directly Affected Files\n\n| File | Module | Impact | Change type |\n| --- | --- | --- | --- |\n" +
		"| `src/a.go` | src | named | modify |\n| `./lib/b.go` | lib | named | new |\n| `c.go` | - | named | modify |\n"
	if got, want := ImpactModules([]byte(doc)), []string{"src", "lib"}; !slices.Equal(got, want) {
		t.Errorf("ImpactModules = %q, want %q", got, want)
	}
	if got := ImpactModules([]byte("| `src/a.go` | src |\n")); got != nil {
		t.Errorf("no table: %q", got)
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
