package quickscan

import (
	"errors"
	"fmt"
	"reflect"
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
	// The typical change: the geometric mean of 10 changes of 3 files,
	// 10 of 2 and one of 1 is 2.35 files.
	if h.Typical != 2.35 {
		t.Errorf("Typical = %v; want 2.35", h.Typical)
	}
	// Changes to one file: pkg/a.go's 20 (10 of 3 files, 10 of 2), b.go's
	// 10 of 2; c.go's single change is too few to go by, and README.md is
	// no source file, so the typical change stands in for both.
	for _, tt := range []struct {
		path    string
		files   float64
		changes int
	}{
		{"pkg/a.go", 2.45, 20},
		{"pkg/b.go", 2, 10},
		{"pkg/c.go", 2.35, 0},
		{"README.md", 2.35, 0},
		{"", 2.35, 0},
	} {
		if files, n := h.Around(tt.path); files != tt.files || n != tt.changes {
			t.Errorf("Around(%q) = %v over %d changes; want %v over %d", tt.path, files, n, tt.files, tt.changes)
		}
	}
	if got := HistoryOf(nil); got.Changes != 0 || got.PerSource != 0 || got.Typical != 0 {
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
	// 0.35 of 12 is 4.2 source files, one file each; the top file,
	// pkg/f0.go, has no changes of its own, so the typical change (1
	// file) stands in: 1.15 × √(4.2 × 1) ≈ 2.
	if lone.FileCount != 2 || lone.Scope != Small || lone.Basis.History != 40 || lone.Basis.PerSource != 1 ||
		lone.Basis.Search != 4.2 || lone.Basis.Recent != 1 || lone.Basis.RecentOf != "" {
		t.Fatalf("one-file history: %d files (%s), basis %+v; want 2, small", lone.FileCount, lone.Scope, lone.Basis)
	}
	full := r.WithHistory(HistoryOf(changes(40, "pkg/f1.go", "pkg/f1_test.go", "CHANGES.rst")))
	// 4.2 source files, three files each, and a typical change of three
	// files: 1.15 × √(12.6 × 3) ≈ 7.
	if full.FileCount != 7 || full.Scope != Medium || full.Basis.PerSource != 3 || full.Basis.Recent != 3 {
		t.Fatalf("test-and-changelog history: %d files (%s), basis %+v; want 7, medium", full.FileCount, full.Scope, full.Basis)
	}
	if full.Signals.Keywords != 3 || full.Signals.Matched != 3 {
		t.Errorf("WithHistory lost the keyword signals: %+v", full.Signals)
	}
	if d := full.Basis.Describe(); !strings.Contains(d, "× 3.00 files per source file (over 40 recent source changes in this repository)") {
		t.Errorf("Describe() = %q; want the rate and where it comes from", d)
	}
	if d := full.Basis.Describe(); !strings.Contains(d, "= 12.6; a typical recent change here touched 3.0 files; 1.15 × √(12.6 × 3.0)") {
		t.Errorf("Describe() = %q; want the blend with the typical change", d)
	}
	// Too short a history says nothing: the estimate stays as without.
	short := r.WithHistory(HistoryOf(changes(minHistory-1, "pkg/f1.go", "pkg/f1_test.go")))
	if short.FileCount != 6 || short.Basis.History != 0 {
		t.Fatalf("short history: %d files, basis %+v; want the estimate without history", short.FileCount, short.Basis)
	}
	if d := short.Basis.Describe(); !strings.Contains(d, "(no usable history)") {
		t.Errorf("Describe() = %q; want it to say no history was used", d)
	}
	// A History not made by HistoryOf, without the size of a typical
	// change, is not used either: nothing would stand in for the top
	// file's changes.
	if partial := r.WithHistory(History{Changes: 40, PerSource: 2}); partial.FileCount != 6 || partial.Basis.History != 0 {
		t.Fatalf("history without a typical change: %d files, basis %+v; want the estimate without history", partial.FileCount, partial.Basis)
	}
}

// The same search in two repositories whose other changes are alike: the
// top file's own recent changes move the count. Where pkg/f0.go changes
// with its test, a helper and a doc, a change there is likely larger than
// where it changes alone.
func TestEstimateBlendsTheTopFilesChanges(t *testing.T) {
	var ranked []File
	for i := range 12 {
		ranked = append(ranked, File{Path: fmt.Sprintf("pkg/f%d.go", i), Kind: KindSource, Score: float64(20 - i)})
	}
	r := Result{Files: ranked, Estimate: EstimateFrom(3, 3, ranked)}
	others := changes(30, "pkg/f1.go")
	alone := r.WithHistory(HistoryOf(append(changes(6, "pkg/f0.go"), others...)))
	// 36 changes of one file: 4.2 source files at one file each; pkg/f0.go's
	// 6 changes touched one file: 1.15 × √(4.2 × 1) ≈ 2.
	if alone.FileCount != 2 || alone.Basis.RecentOf != "pkg/f0.go" || alone.Basis.RecentChanges != 6 || alone.Basis.Recent != 1 {
		t.Errorf("top file changed alone: %d files, basis %+v; want 2 over pkg/f0.go's 6 changes", alone.FileCount, alone.Basis)
	}
	together := r.WithHistory(HistoryOf(append(changes(6, "pkg/f0.go", "pkg/f0_test.go", "pkg/g.go", "docs/f0.md"), others...)))
	// 54 files for 42 source files: 1.29 per source file, 4.2 × 1.29 =
	// 5.42; pkg/f0.go's changes touched 4 files: 1.15 × √(5.42 × 4) ≈ 5.
	if together.FileCount != 5 || together.Scope != Medium || together.Basis.Recent != 4 || together.Basis.Search != 5.42 {
		t.Errorf("top file changed with others: %d files (%s), basis %+v; want 5, medium", together.FileCount, together.Scope, together.Basis)
	}
	if d := together.Basis.Describe(); !strings.Contains(d, "= 5.4; the last 6 changes to pkg/f0.go touched 4.0 files on average (geometric mean); 1.15 × √(5.4 × 4.0)") {
		t.Errorf("Describe() = %q; want the top file's changes in the sum", d)
	}
	// Four changes of the top file are too few: the typical change (here
	// 30 changes of one file and 4 of four, 1.18 files) stands in.
	few := r.WithHistory(HistoryOf(append(changes(4, "pkg/f0.go", "pkg/f0_test.go", "pkg/g.go", "docs/f0.md"), others...)))
	if few.Basis.RecentOf != "" || few.Basis.RecentChanges != 0 || few.Basis.Recent != 1.18 {
		t.Errorf("too few changes of the top file: basis %+v; want the typical change, 1.18 files", few.Basis)
	}
}

// ReadHistory asks for HistoryDepth commits and delivers their History;
// without a reader, or when reading fails, the channel closes empty, so
// a scan waiting on it never blocks.
func TestReadHistory(t *testing.T) {
	var asked int
	recent := changes(1, "a.go", "a_test.go")
	h, ok := <-ReadHistory(func(n int) ([][]string, error) { asked = n; return recent, nil })
	if !ok || asked != HistoryDepth || !reflect.DeepEqual(h, HistoryOf(recent)) {
		t.Errorf("read: got %+v (delivered %v) after asking for %d commits, want %+v after %d", h, ok, asked, HistoryOf(recent), HistoryDepth)
	}
	if h, ok := <-ReadHistory(nil); ok {
		t.Errorf("no reader delivered %+v", h)
	}
	if h, ok := <-ReadHistory(func(int) ([][]string, error) { return nil, errors.New("shallow") }); ok {
		t.Errorf("a failed read delivered %+v", h)
	}
}
