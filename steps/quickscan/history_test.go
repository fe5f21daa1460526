package quickscan

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// changes makes n commits of the given files, as RecentChanges lists them.
func changes(n int, files ...string) [][]string {
	out := make([][]string, n)
	for i := range out {
		out[i] = files
	}
	return out
}

func TestHistoryOfCountsFilesPerSourceFile(t *testing.T) {
	var hist [][]string
	// Ten changes of one source file with its test and a changelog entry,
	// ten of two source files alone: 50 files for 30 source files.
	hist = append(hist, changes(10, "pkg/a.go", "pkg/a_test.go", "CHANGELOG.md")...)
	hist = append(hist, changes(10, "pkg/a.go", "pkg/b.go")...)
	// None of these say how a source change is made: docs alone, CI and
	// dependency files (never counted), a bulk reformatting.
	hist = append(hist, changes(5, "README.md")...)
	hist = append(hist, changes(5, "go.sum", ".github/workflows/ci.yml", "LICENSE")...)
	hist = append(hist, []string{"pkg/c.go", "go.mod", "go.sum"})
	var bulk []string
	for i := range bulkChange + 1 {
		bulk = append(bulk, fmt.Sprintf("pkg/f%d.go", i))
	}
	hist = append(hist, bulk)
	h := HistoryOf(hist)
	// 21 source changes: the 20 above and pkg/c.go, whose go.mod and
	// go.sum do not count; 51 files for 31 source files.
	if h.Changes != 21 || h.PerSource != 1.65 {
		t.Fatalf("HistoryOf = %+v; want 21 changes, 1.65 files per source file", h)
	}
	if got := HistoryOf(nil); got.Changes != 0 || got.PerSource != 0 {
		t.Fatalf("HistoryOf(nil) = %+v; want nothing", got)
	}
}

// The estimate from a history fixture: the same ranking sized for a
// repository whose changes come one file at a time and for one that
// brings a test and a changelog entry with every source file.
func TestEstimateWithHistory(t *testing.T) {
	var ranked []File
	for i := range 12 {
		ranked = append(ranked, File{Path: fmt.Sprintf("pkg/f%d.go", i), Kind: KindSource, Score: 10})
	}
	r := Result{Files: ranked, Estimate: EstimateFrom(3, 3, ranked)}
	// Without history: half of the 12 standing-out files.
	if r.FileCount != 6 || r.Basis.History != 0 || r.Basis.PerSource != 1 {
		t.Fatalf("without history: %d files, basis %+v; want 6", r.FileCount, r.Basis)
	}
	lone := r.WithHistory(HistoryOf(changes(40, "pkg/f1.go")))
	// 0.35 of 12 is 4.2 source files, one file each.
	if lone.FileCount != 4 || lone.Scope != Small || lone.Basis.History != 40 || lone.Basis.PerSource != 1 {
		t.Fatalf("one-file history: %d files (%s), basis %+v; want 4, small", lone.FileCount, lone.Scope, lone.Basis)
	}
	full := r.WithHistory(HistoryOf(changes(40, "pkg/f1.go", "pkg/f1_test.go", "CHANGES.rst")))
	// 4.2 source files, three files each.
	if full.FileCount != 13 || full.Scope != Medium || full.Basis.PerSource != 3 {
		t.Fatalf("test-and-changelog history: %d files (%s), basis %+v; want 13, medium", full.FileCount, full.Scope, full.Basis)
	}
	if full.Signals.Keywords != 3 || full.Signals.Matched != 3 {
		t.Errorf("WithHistory lost the keyword signals: %+v", full.Signals)
	}
	if d := full.Basis.Describe(); !strings.Contains(d, "× 3.00 files per source file (over 40 recent source changes in this repository)") {
		t.Errorf("Describe() = %q; want the rate and where it comes from", d)
	}
	// Too short a history says nothing: the estimate stays as without.
	short := r.WithHistory(HistoryOf(changes(minHistory-1, "pkg/f1.go", "pkg/f1_test.go")))
	if short.FileCount != 6 || short.Basis.History != 0 {
		t.Fatalf("short history: %d files, basis %+v; want the estimate without history", short.FileCount, short.Basis)
	}
	if d := short.Basis.Describe(); !strings.Contains(d, "(no usable history)") {
		t.Errorf("Describe() = %q; want it to say no history was used", d)
	}
}

// ReadHistory asks for HistoryDepth commits and delivers their History;
// without a reader, or when reading fails, the channel closes empty, so
// a scan waiting on it never blocks.
func TestReadHistory(t *testing.T) {
	var asked int
	recent := changes(1, "a.go", "a_test.go")
	h, ok := <-ReadHistory(func(n int) ([][]string, error) { asked = n; return recent, nil })
	if !ok || asked != HistoryDepth || h != HistoryOf(recent) {
		t.Errorf("read: got %+v (delivered %v) after asking for %d commits, want %+v after %d", h, ok, asked, HistoryOf(recent), HistoryDepth)
	}
	if h, ok := <-ReadHistory(nil); ok {
		t.Errorf("no reader delivered %+v", h)
	}
	if h, ok := <-ReadHistory(func(int) ([][]string, error) { return nil, errors.New("shallow") }); ok {
		t.Errorf("a failed read delivered %+v", h)
	}
}
