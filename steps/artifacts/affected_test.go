package artifacts

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/model"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	p := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(p, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("no golden file (run go test -run %s -update): %v", t.Name(), err)
	}
	if string(want) != got {
		t.Errorf("%s differs from %s (run with -update after checking the change):\n%s", name, p, got)
	}
}

var impactAnswers = []model.Named{
	{StepID: "02-01", Question: "radius", Text: "Directly changed: src/reports/report.go (a new Totals method), a new src/reports/csv.go and the new " +
		"`tests/report_test.go`. Second-hand: cmd/server/main.go wires the route. See https://example.com/docs/a.html and GET /reports/{id}/file.csv."},
	{StepID: "02-01", Question: "shared", Text: "report.go is imported by api.go and the CLI. Node.js is not involved, e.g. the v1.2 client stays."},
	{StepID: "02-02", Question: "entry_points", Text: "The route needs a module in `go.mod` at the root; internal/legacy/export.go stays exactly as it is."},
	{StepID: "02-03", Question: "risk_zones", Text: "We delete src/reports/old_pdf.go; docs/requirements/x/impact-analysis.md is ours."},
}

var scanAnswers = []model.Named{
	{StepID: "00-03", Question: "files", Text: "Add config/reports.yaml. Strike src/pdf/render.go: it does not change."},
}

var candidates = []string{"src/reports/report.go", "src/pdf/render.go", "src/reports/filter.go", "api.go"}

func TestAffectedFilesGolden(t *testing.T) {
	rows := model.AffectedFiles(impactAnswers, candidates, scanAnswers)
	golden(t, "affected-files.md", AffectedTable(rows))
	var paths []string
	for _, r := range rows {
		paths = append(paths, r.Path)
	}
	for _, want := range []string{"src/reports/report.go", "src/reports/csv.go", "tests/report_test.go", "cmd/server/main.go",
		"go.mod", "src/reports/old_pdf.go", "src/reports/filter.go", "api.go", "config/reports.yaml"} {
		if !slices.Contains(paths, want) {
			t.Errorf("table lacks %s: %q", want, paths)
		}
	}
	for _, not := range []string{"src/pdf/render.go", "internal/legacy/export.go", "Node.js", "example.com/docs/a.html",
		"docs/requirements/x/impact-analysis.md", "e.g", "v1.2"} {
		if slices.Contains(paths, not) {
			t.Errorf("table lists %s, which no answer says changes: %q", not, paths)
		}
	}
	// The table reads back exactly: build tools parse the same rows.
	doc := "# Impact\n\n## 2. Directly Affected Files\n\n" + AffectedTable(rows) + "\n## 3. Entry Points\n\n| `not/this.go` | x |\n"
	if got := model.ImpactFiles([]byte(doc)); !slices.Equal(got, paths) {
		t.Errorf("ImpactFiles = %q, want %q", got, paths)
	}
}

func TestAffectedFilesNone(t *testing.T) {
	table := AffectedTable(model.AffectedFiles([]model.Named{{StepID: "02-01", Question: "radius", Text: "Everything the billing team owns."}}, nil, nil))
	if got := model.ImpactFiles([]byte("## Directly Affected Files\n\n" + table)); len(got) != 0 {
		t.Errorf("empty table reads back %q", got)
	}
	if table == "" {
		t.Error("an empty table must say why it is empty")
	}
}

func TestImpactFilesReadsSeedTables(t *testing.T) {
	// A table as the seeds' own analyses write it, under a level-3 heading
	// with a number, ./ prefixes and a duplicate.
	doc := "## Impact\n\n### 1. Directly Affected Files\n\n| File | Change |\n|---|---|\n| `./src/a.js` | edit |\n| `/src/b.js` | new |\n| `src/a.js` | again |\n\n### Indirectly Affected Files\n\n| `src/c.js` | x |\n"
	if got := model.ImpactFiles([]byte(doc)); !slices.Equal(got, []string{"src/a.js", "src/b.js"}) {
		t.Errorf("ImpactFiles = %q", got)
	}
	if got := model.ImpactFiles([]byte("## Indirectly Affected Files\n\n| `src/c.js` | x |\n")); got != nil {
		t.Errorf("the indirect table must not count: %q", got)
	}
}

func TestModuleIndexGolden(t *testing.T) {
	doc := []byte("# Module Design: reports.export\n\n## 1. Responsibilities\n\n<!-- rtgit:begin 04-01 responsibilities -->\n" +
		"**Responsible for:** turning rows into CSV | safely.\nMore text.\n<!-- rtgit:end 04-01 responsibilities -->\n\n## 2. Boundaries\n")
	e := ReadModuleEntry("module-design-reports-export.md", doc)
	if e.Name != "reports.export" || e.Summary != "turning rows into CSV | safely." {
		t.Errorf("ReadModuleEntry = %+v", e)
	}
	bare := ReadModuleEntry("module-design-store.md", []byte("# Module Design: store\n\n## 1. Responsibilities\n\n_Not stated for this module in step 04-01._\n"))
	golden(t, "module-index.md", ModuleIndex([]ModuleEntry{e, bare}))
}

// FuzzAffectedFiles: whatever the answers say, the table rtgit writes reads
// back as exactly its rows, each a plain relative path, so build tools
// and rtgit's own staleness check see the same files.
func FuzzAffectedFiles(f *testing.F) {
	for _, n := range impactAnswers {
		f.Add(n.Text, scanAnswers[0].Text)
	}
	f.Add("`a b|c.go` and `x`y.go` and src/`z.go` ./src/a.go, /etc/passwd ../up.go a//b.go", "Strike `q.go`")
	f.Fuzz(func(t *testing.T, impact, scan string) {
		rows := model.AffectedFiles([]model.Named{{StepID: "02-01", Question: "radius", Text: impact}}, []string{"src/a.go", "lib/b.py"}, []model.Named{{StepID: "00-03", Question: "files", Text: scan}})
		var paths []string
		for _, r := range rows {
			if r.Path == "" || strings.ContainsAny(r.Path, "`|\n\r \t") || strings.HasPrefix(r.Path, "/") || strings.Contains(r.Path, "..") {
				t.Fatalf("row path %q is not a plain relative path", r.Path)
			}
			paths = append(paths, r.Path)
		}
		doc := "## Directly Affected Files\n\n" + AffectedTable(rows) + "\n## Next\n"
		if got := model.ImpactFiles([]byte(doc)); !slices.Equal(got, paths) {
			t.Fatalf("table reads back %q, rows were %q", got, paths)
		}
		_ = model.Mentions([]model.Named{{StepID: "02-01", Question: "x", Text: impact}}, paths)
	})
}

// A code path names functions as often as files: `invoice.Total` and
// `os.Exit` are qualified names, not files at the repository's root,
// while a quoted root file keeps its place whatever its extension.
func TestAffectedFilesSkipsQualifiedNames(t *testing.T) {
	rows := model.AffectedFiles([]model.Named{{StepID: "02-01", Question: "paths", Text: "The handler calls `invoice.Total`, then `pdf.Render` and `os.Exit`; " +
		"the wrong value appears in `pdf/render.go`. `Makefile.PL` and `main.R` build it."}}, nil, nil)
	var got []string
	for _, r := range rows {
		got = append(got, r.Path)
	}
	if want := []string{"pdf/render.go", "Makefile.PL", "main.R"}; !slices.Equal(got, want) {
		t.Errorf("affected files = %q, want %q", got, want)
	}
}
