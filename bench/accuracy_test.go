package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps/quickscan"
)

func TestRecallAndScope(t *testing.T) {
	ranked := []string{"a.go", "b.go", "c.go"}
	if got := recallAt(ranked, []string{"b.go", "z.go"}, 10); got != 0.5 {
		t.Errorf("recall@10 = %v, want 0.5", got)
	}
	if got := recallAt(ranked, []string{"c.go"}, 2); got != 0 {
		t.Errorf("recall@2 of the third file = %v, want 0", got)
	}
	for n, want := range map[int]string{1: "small", 4: "small", 5: "medium", 15: "medium", 16: "large"} {
		if got := scopeOf(n); got != want {
			t.Errorf("scopeOf(%d) = %s, want %s", n, got, want)
		}
	}
	if m := medianOf([]float64{1, 2, 3, 4}); m != 2.5 {
		t.Errorf("median = %v", m)
	}
}

// Every split of the corpus gets its own summary row and calibration rows,
// including one the report code has never heard of.
func TestWriteAccuracyListsEverySplit(t *testing.T) {
	outs := []outcome{
		{repo: "a/go", split: "train", recall: 1, hit: true, scopeRight: true, ratioErr: 1, estScope: "small"},
		{repo: "b/py", split: "heldout", recall: 0.5, ratioErr: 2, estScope: "medium"},
		{repo: "c/ts", split: "fresh", recall: 0.25, hit: true, ratioErr: 3, estScope: "small"},
		{repo: "c/ts", split: "fresh", recall: 0.75, scopeRight: true, ratioErr: 1, estScope: "small"},
	}
	var b strings.Builder
	writeAccuracy(&b, outs)
	out := b.String()
	for _, want := range []string{
		"| c/ts | fresh | 2 | 0.50 | 0.00 | 0.50 |",
		"| **all fresh** | fresh | 2 | 0.50 | 0.00 | 0.50 |",
		"| **all** |  | 4 |",
		"| fresh | small | 2 | 0.50 |",
		"| heldout | medium | 1 | 0.00 |",
		"| train | small | 1 | 1.00 |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}

// -split keeps the changes of one corpus split, so tuning can look at the
// train split alone.
func TestInSplit(t *testing.T) {
	all := []change{{Repo: "a", Split: "train"}, {Repo: "b", Split: "fresh"}, {Repo: "c", Split: "train"}}
	got := inSplit(all, "train")
	if len(got) != 2 || got[0].Repo != "a" || got[1].Repo != "c" {
		t.Errorf("inSplit(train) = %+v", got)
	}
	if got := inSplit(all, ""); len(got) != 3 {
		t.Errorf("no split keeps every change, got %d", len(got))
	}
	if got := inSplit(all, "heldout"); len(got) != 0 {
		t.Errorf("an absent split keeps nothing, got %+v", got)
	}
}

// -v prints the estimate's sum from the scan's JSON, so a tuner sees why
// a change was sized as it was: the JSON's basis decodes whole.
func TestBasisLine(t *testing.T) {
	var s scanJSON
	js := `{"estimated_files":4,"basis":{"core_files":4,"edited_files":1,"edit_share":0.35,"files_per_source_file":2.05,"history_changes":188,"changelog":true,"search_files":3.87,"recent_change_files":2.61,"recent_changes_of":"lib/rack/utils.rb","recent_changes":22}}`
	if err := json.Unmarshal([]byte(js), &s); err != nil {
		t.Fatal(err)
	}
	got := s.Basis.Describe()
	for _, want := range []string{"4 standing-out source files", "× 2.05 files per source file", "+ the changelog", "= 3.9", "the last 22 changes to lib/rack/utils.rb touched 2.6 files", "√(3.9 × 2.6)"} {
		if !strings.Contains(got, want) {
			t.Errorf("basis = %q, lacks %q", got, want)
		}
	}
}

// The ceiling sizes a change by the scan's own rule from the source files
// it really edits, so it bounds what a better guess of them could reach.
func TestCeiling(t *testing.T) {
	for _, tt := range []struct {
		edited int
		b      quickscan.Basis
		want   int
	}{
		{1, quickscan.Basis{PerSource: 1.6}, 2},
		{3, quickscan.Basis{PerSource: 1.6, Changelog: true}, 6},
		{0, quickscan.Basis{}, 1}, // no history: one file per source file, at least one
		{10, quickscan.Basis{PerSource: 2.05}, 21},
	} {
		if got := ceiling(tt.edited, tt.b); got != tt.want {
			t.Errorf("ceiling(%d, %+v) = %d, want %d", tt.edited, tt.b, got, tt.want)
		}
	}
	outs := []outcome{
		{repo: "a/go", split: "train", scopeRight: false, ratioErr: 3, ceilScopeRight: true, ceilRatioErr: 1},
		{repo: "b/py", split: "fresh", scopeRight: true, ratioErr: 1.5, ceilScopeRight: true, ceilRatioErr: 1.25},
	}
	var b strings.Builder
	writeAccuracy(&b, outs)
	for _, want := range []string{
		"| split | changes | scope right | ceiling | median ratio error | ceiling |",
		"| train | 1 | 0.00 | 1.00 | ×3.00 | ×1.00 |",
		"| **all** | 2 | 0.50 | 1.00 | ×2.25 | ×1.12 |",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
}

// The range table sets the share of firm ranges and the coverage of each
// kind beside the coverage overall, and the signs table how far the
// estimate was off for each number of signs.
func TestRangeTablesSplitByEvidence(t *testing.T) {
	outs := []outcome{
		{repo: "a/go", split: "train", trueN: 3, low: 2, high: 8, point: 3, firm: true, signs: 2, ratioErr: 1.5},
		{repo: "a/go", split: "train", trueN: 12, low: 2, high: 8, point: 6, firm: true, signs: 3, ratioErr: 3},
		{repo: "a/go", split: "train", trueN: 20, low: 2, high: 24, signs: 1, ratioErr: 4},
		{repo: "a/go", split: "train", trueN: 1, low: 1, high: 12, signs: 1, ratioErr: 2},
	}
	var b strings.Builder
	writeAccuracy(&b, outs)
	for _, want := range []string{
		"| train | 4 | 0.75 | ×8.00 |",
		"| 0.50 | 0.50 | 1.00 | 1.00 |",
		"| train | 1 | 2 | ×3.00 | 1.00 | ×12.00 |",
		"| train | 3 | 1 | ×3.00 | 0.00 | ×4.00 |",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
}

// The best window after the fact is an upper bound on moving the firm
// range: it finds the one placement that holds most, and no placement
// can hold changes whose counts lie further apart than a ratio of 4.
func TestBestWindow(t *testing.T) {
	for _, c := range []struct {
		name string
		outs []outcome
		want float64
	}{
		// Estimates of 4 for 2 and 8 files: 2 to 8 holds both.
		{"one placement holds all", []outcome{{point: 4, trueN: 2}, {point: 4, trueN: 8}}, 1},
		// 1 and 9 files around one estimate: no window of ratio 4 holds both.
		{"too far apart", []outcome{{point: 3, trueN: 1}, {point: 3, trueN: 9}}, 0.5},
		// The count three times the estimate: the window must start at
		// the estimate itself or above, which only c = 1 gives.
		{"above the estimate", []outcome{{point: 5, trueN: 20}}, 1},
	} {
		if got := bestWindow(c.outs); got != c.want {
			t.Errorf("%s: bestWindow = %.2f, want %.2f", c.name, got, c.want)
		}
	}
}

// The scan quotes its calibration record from a constant; when a run
// measures otherwise, the report says so, and says nothing when they
// agree.
func TestStaleCalibrationRecordIsReported(t *testing.T) {
	train := func(scope string, right bool, quoted, quotedRight int) outcome {
		return outcome{split: "train", estScope: scope, scopeRight: right, record: quoted, recordRight: quotedRight}
	}
	agree := []outcome{train("small", true, 2, 1), train("small", false, 2, 1), {split: "check", estScope: "medium", record: 1, recordRight: 0}}
	if got := staleRecords(agree); got != "" {
		t.Errorf("records that agree reported: %s", got)
	}
	stale := []outcome{train("small", true, 34, 23), train("small", false, 34, 23), train("medium", true, 1, 1)}
	want := "**The calibration record the scan quotes differs from this run's** (quickscan's calibrated; stale unless this run measured part of the corpus): small: the scan quotes 23 of 34, this run measured 1 of 2."
	if got := staleRecords(stale); got != want {
		t.Errorf("staleRecords = %q, want %q", got, want)
	}
}
