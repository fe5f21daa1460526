package portfolio

import (
	"reflect"
	"strings"
	"testing"
)

const spec = `# Interface specification
item: a
operations:
  export_invoices:
    kind: http
    route: "GET /customers/{id}/invoices.csv"
  iter_invoices:
    kind: python
`

func TestReadFootprint(t *testing.T) {
	r := mapReader{"rtgit/a": {
		"docs/requirements/a/impact-analysis.md":  impact("invoices/api.py@invoices", "tests/test_api.py@tests"),
		"docs/requirements/a/interface-spec.yaml": spec,
		"docs/requirements/a/tasks.md":            "# Build Plan: a\n\n- [ ] T001 code: Add the writer | traces: FR-001 | files: `invoices/csv.py`, `invoices/api.py`\n\n```mermaid\nflowchart TD\n  T001[\"T001 Add the writer\"]\n```\n",
	}}
	f, err := ReadFootprint(r, "rtgit/a", "docs/requirements/a")
	if err != nil {
		t.Fatal(err)
	}
	want := Footprint{
		Files:      []string{"invoices/api.py", "invoices/csv.py", "tests/test_api.py"},
		Modules:    []string{"invoices", "tests"},
		Operations: []string{"GET /customers/{id}/invoices.csv", "export_invoices", "iter_invoices"},
		Tasks:      1,
	}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("footprint:\n got %+v\nwant %+v", f, want)
	}
	// An analysis that has not reached its impact analysis has nothing yet.
	f, err = ReadFootprint(r, "rtgit/a", "docs/requirements/b")
	if err != nil || !f.Empty() {
		t.Errorf("empty analysis: %+v, %v", f, err)
	}
}

func TestOverlaps(t *testing.T) {
	a := Analysis{Slug: "a", Branch: "rtgit/a", State: "02-03", Footprint: Footprint{Files: []string{"x.go", "y.go"}, Operations: []string{"op"}}}
	b := Analysis{Slug: "b", Branch: "origin/rtgit/b", State: "ready", Owner: "Ana", Footprint: Footprint{Files: []string{"y.go", "z.go"}}}
	c := Analysis{Slug: "c", Branch: "rtgit/c", State: "04-01", Footprint: Footprint{Files: []string{"q.go"}, Operations: []string{"op"}}}
	d := Analysis{Slug: "d", Branch: "rtgit/d", State: "00-01"}
	got := Overlaps(a, []Analysis{a, b, c, d})
	want := []Overlap{
		{Slug: "b", Branch: "origin/rtgit/b", Files: []string{"y.go"}, Operations: []string{}, State: "ready", Owner: "Ana"},
		{Slug: "c", Branch: "rtgit/c", Files: []string{}, Operations: []string{"op"}, State: "04-01"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("overlaps:\n got %+v\nwant %+v", got, want)
	}
	if l := got[0].Line(); l != "b (origin/rtgit/b, ready, started by Ana) plans to change the same file y.go" {
		t.Errorf("line: %q", l)
	}
	all := AllOverlaps([]Analysis{a, b, c, d})
	if !reflect.DeepEqual(all["a"], want) {
		t.Errorf("AllOverlaps[a] = %+v, want %+v", all["a"], want)
	}
	// Every overlap is seen from both sides.
	if len(all["b"]) != 1 || all["b"][0].Slug != "a" || len(all["c"]) != 1 || all["c"][0].Slug != "a" {
		t.Errorf("AllOverlaps from the other side: b %+v, c %+v", all["b"], all["c"])
	}
	if _, ok := all["d"]; ok {
		t.Errorf("d overlaps nothing, got %+v", all["d"])
	}
}

const adr = `---
status: accepted
date: 2026-03-02
---

# CSV writer

## Context and Problem Statement

<!-- rtgit:begin 03-02 context -->
Building the export needs a writer.
<!-- rtgit:end 03-02 context -->

## Decision Outcome

<!-- rtgit:begin 03-02 decision-outcome -->
Chosen option: "Python standard library csv module", because no new dependency
and writes one row at a time.

CSV writer: the csv module gets quoting right.
<!-- rtgit:end 03-02 decision-outcome -->

### Consequences
`

func TestParseADR(t *testing.T) {
	d := ParseADR("ADR-0002", "docs/requirements/a/adr-0002-csv-writer.md", []byte(adr))
	want := Decision{ID: "ADR-0002", Path: "docs/requirements/a/adr-0002-csv-writer.md", Title: "CSV writer", Status: "accepted", Date: "2026-03-02",
		Decision: `Chosen option: "Python standard library csv module", because no new dependency and writes one row at a time.`}
	if d != want {
		t.Errorf("ParseADR:\n got %+v\nwant %+v", d, want)
	}
}

func TestPriors(t *testing.T) {
	r := mapReader{"main": {
		"docs/requirements/old/adr-0001-csv-writer.md": adr,
		"docs/requirements/old/meta.json":              "{}",
	}}
	self := Footprint{Files: []string{"invoices/api.py"}, Modules: []string{"invoices"}}
	merged := []Merged{
		{Slug: "old", Dir: "docs/requirements/old", Rev: "main", Footprint: Footprint{Files: []string{"invoices/api.py", "x.py"}, Modules: []string{"invoices"}}},
		{Slug: "other", Dir: "docs/requirements/other", Rev: "main", Footprint: Footprint{Files: []string{"billing/tax.py"}, Modules: []string{"billing"}}},
	}
	asked := []string{}
	got, err := Priors(r, self, merged, func(m Merged) string { asked = append(asked, m.Slug); return "abc1234" })
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Slug != "old" || got[0].Commit != "abc1234" || len(got[0].Decisions) != 1 || got[0].Decisions[0].Title != "CSV writer" {
		t.Fatalf("priors: %+v", got)
	}
	if !reflect.DeepEqual(got[0].Files, []string{"invoices/api.py"}) || !reflect.DeepEqual(got[0].Modules, []string{"invoices"}) {
		t.Errorf("shared: %+v %+v", got[0].Files, got[0].Modules)
	}
	// The merged commit is looked up only for what is listed.
	if strings.Join(asked, ",") != "old" {
		t.Errorf("commit asked for %v", asked)
	}
}

// Every build plan in a repository that keeps a changelog adds an entry
// to it; that says nothing about two analyses changing the same code, so
// the changelog is left out of the footprint.
func TestFootprintLeavesOutTheChangelog(t *testing.T) {
	r := mapReader{"rtgit/a": {
		"docs/requirements/a/impact-analysis.md": impact("pdf/render.go@pdf"),
		"docs/requirements/a/tasks.md": "- [ ] T001 code: Fix the total | files: `pdf/render.go`\n" +
			"- [ ] T002 docs: Add a CHANGELOG.md entry: PDF total | files: `CHANGELOG.md`\n" +
			"- [ ] T003 docs: Update the notes | files: `docs/changelog.md`, `NEWS`\n",
	}}
	f, err := ReadFootprint(r, "rtgit/a", "docs/requirements/a")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"docs/changelog.md", "pdf/render.go"}; !reflect.DeepEqual(f.Files, want) {
		t.Errorf("files = %q, want %q", f.Files, want)
	}
}
