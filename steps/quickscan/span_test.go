package quickscan

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// rankedIn builds n standing-out source files over dirs directories, the
// first defining a keyword when defines is set.
func rankedIn(n, dirs int, defines bool) []File {
	var out []File
	for i := range n {
		f := File{Path: fmt.Sprintf("d%d/f%d.go", i%dirs, i), Kind: KindSource, Score: float64(20 - i)}
		if i == 0 && defines {
			f.Defines = []string{"Thing"}
		}
		out = append(out, f)
	}
	return out
}

// steadyHistory and variedHistory are thirty recent changes: all of three
// files, or alternately one file and thirteen.
func steadyHistory() History {
	var cs [][]string
	for i := range 30 {
		cs = append(cs, []string{fmt.Sprintf("pkg/s%d.go", i), fmt.Sprintf("pkg/s%d_test.go", i), "CHANGES.md"})
	}
	return HistoryOf(cs)
}

func variedHistory() History {
	var cs [][]string
	for i := range 30 {
		c := []string{fmt.Sprintf("pkg/v%d.go", i)}
		if i%2 == 0 {
			for j := range 12 {
				c = append(c, fmt.Sprintf("pkg/v%d_%d.go", i, j))
			}
		}
		cs = append(cs, c)
	}
	return HistoryOf(cs)
}

// The range is narrow (two thirds of the estimate to about 2.7 times it)
// when two of the three signs of a firm estimate hold, a steady history
// among them or not, and reaches from one file to six times the estimate
// otherwise; it always holds the estimate.
func TestRangeIsNarrowWhereTheEvidenceIsFirm(t *testing.T) {
	tests := []struct {
		name     string
		ranked   []File
		h        History
		evidence []string
		firm     bool
	}{
		{"steady, defined, local", rankedIn(6, 1, true), steadyHistory(), []string{signSteady, signDefines, signLocal}, true},
		// A repository whose changes vary in size still gets a narrow
		// range when the search found the definition in one place.
		{"varied, defined, local", rankedIn(6, 2, true), variedHistory(), []string{signDefines, signLocal}, true},
		{"steady, spread over the tree", rankedIn(6, 6, false), steadyHistory(), []string{signSteady}, false},
		{"varied, defined, spread over the tree", rankedIn(12, 6, true), variedHistory(), []string{signDefines}, false},
		{"no history, nothing defined", rankedIn(6, 1, false), History{}, []string{signLocal}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Result{Files: tt.ranked, Estimate: EstimateFrom(3, 3, tt.ranked)}.WithHistory(tt.h)
			if !slices.Equal(r.Basis.Evidence, tt.evidence) {
				t.Errorf("evidence %q, want %q", r.Basis.Evidence, tt.evidence)
			}
			lo, hi := r.Range[0], r.Range[1]
			if lo > r.FileCount || hi < r.FileCount {
				t.Errorf("range %v does not hold the estimate %d", r.Range, r.FileCount)
			}
			if r.Basis.Firm() != tt.firm {
				t.Errorf("firm = %v, want %v", r.Basis.Firm(), tt.firm)
			}
			if tt.firm && hi != lo*firmRatio && hi != r.FileCount {
				t.Errorf("range %v around %d (point %v): want high = 4 × low", r.Range, r.FileCount, r.Basis.Point)
			}
			if !tt.firm && (lo != 1 || hi < int(r.Basis.Point*looseAbove)) {
				t.Errorf("range %v around %d (point %v): want 1 to six times the estimate", r.Range, r.FileCount, r.Basis.Point)
			}
		})
	}
}

func TestRangeAround(t *testing.T) {
	tests := []struct {
		point          float64
		firm, sweeping bool
		want           [2]int
	}{
		{4.2, true, false, [2]int{3, 12}},  // two thirds of the estimate to four times that
		{4.2, false, false, [2]int{1, 25}}, // one file to six times the estimate
		{6.9, true, false, [2]int{5, 20}},  // the ends keep a ratio of 4
		{2.5, true, false, [2]int{1, 4}},   // a small estimate: one to four files
		{1.4, true, false, [2]int{1, 4}},   // whole files
		{2.6, true, false, [2]int{2, 8}},   // just above small
		{40, true, false, [2]int{27, 108}}, // holds the estimate
		{0.4, false, false, [2]int{1, 2}},  // at least one file, however small the estimate
		{4.2, false, true, [2]int{1, 50}},  // a sweeping change: one file to twelve times the estimate
		{4.2, true, true, [2]int{3, 12}},   // a firm estimate keeps its narrow range
	}
	for _, tt := range tests {
		if got := rangeAround(tt.point, tt.firm, tt.sweeping); got != tt.want {
			t.Errorf("rangeAround(%v, %v, %v) = %v, want %v", tt.point, tt.firm, tt.sweeping, got, tt.want)
		}
	}
}

// Basis.Firm draws the range narrow for a small estimate whatever the
// signs, and never for one above firmCap, however many signs hold.
func TestFirmByPointAndSigns(t *testing.T) {
	all := []string{signSteady, signDefines, signLocal}
	for _, tt := range []struct {
		point    float64
		evidence []string
		firm     bool
		says     string
	}{
		{2.4, nil, true, "a narrow range: a small estimate"},
		{5, all[1:], true, "a narrow range: a definition found, one or two directories"},
		{5, all[:1], false, "a wide range: only steady history"},
		{7, all, true, "a narrow range: steady history"},
		{7.2, all, false, "a wide range: steady history, a definition found, one or two directories, but an estimate above 7 files"},
	} {
		b := Basis{Point: tt.point, Evidence: tt.evidence}
		if b.Firm() != tt.firm {
			t.Errorf("Basis{Point: %v, Evidence: %q}.Firm() = %v, want %v", tt.point, tt.evidence, b.Firm(), tt.firm)
		}
		if d := b.Describe(); !strings.Contains(d, tt.says) {
			t.Errorf("Describe() = %q, want it to say %q", d, tt.says)
		}
	}
}

func TestGeoSpread(t *testing.T) {
	for _, tt := range []struct {
		ns   []int
		want float64
	}{{[]int{3}, 1}, {[]int{2, 2, 2}, 1}, {[]int{1, 4}, 2.67}, {[]int{1, 1, 12, 12}, 4.2}} {
		if got := geoSpread(tt.ns); got != tt.want {
			t.Errorf("geoSpread(%v) = %v, want %v", tt.ns, got, tt.want)
		}
	}
}

func TestSweeps(t *testing.T) {
	for _, tt := range []struct {
		text string
		want []string
	}{
		{"Drop Python 3.8", []string{"drop"}},
		{"Fix whitespace errors across all source files and tests", []string{"across", "all"}},
		{"Removed deprecated module functionality\n\nThis removes every alias.", []string{"removed", "deprecated"}},
		{"Refactored module exports; refactored again", []string{"refactored"}},
		{"Add a timeout to the client", nil},
		// Only the title counts: a body's "remove" describes a detail.
		{"Add a timeout\n\nRemove the old default.", nil},
	} {
		if got := Sweeps(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("Sweeps(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// A title that says the change sweeps across the code widens a range
// that is not firm, whichever of Sweeping and WithHistory comes first,
// and leaves a firm range as it was.
func TestSweepingTitleWidensALooseRange(t *testing.T) {
	loose := rankedIn(6, 6, false)
	base := Result{Files: loose, Estimate: EstimateFrom(3, 3, loose)}
	plain := base.WithHistory(steadyHistory())
	a := base.Sweeping([]string{"remove"}).WithHistory(steadyHistory())
	b := base.WithHistory(steadyHistory()).Sweeping([]string{"remove"})
	if plain.Basis.Firm() || a.Basis.Firm() {
		t.Fatalf("want a loose estimate, got evidence %q", a.Basis.Evidence)
	}
	if a.Range != b.Range || !slices.Equal(a.Basis.Sweeps, b.Basis.Sweeps) {
		t.Errorf("order matters: %v %q against %v %q", a.Range, a.Basis.Sweeps, b.Range, b.Basis.Sweeps)
	}
	if want := max(int(a.Basis.Point*sweepAbove+0.5), a.FileCount); a.Range != [2]int{1, want} {
		t.Errorf("sweeping range %v (point %v), want [1 %d]", a.Range, a.Basis.Point, want)
	}
	if a.Range[1] <= plain.Range[1] {
		t.Errorf("sweeping range %v is no wider than %v", a.Range, plain.Range)
	}
	if !strings.Contains(a.Basis.Describe(), "sweeps (remove)") {
		t.Errorf("Describe does not say why: %s", a.Basis.Describe())
	}

	firm := rankedIn(6, 1, true)
	fb := Result{Files: firm, Estimate: EstimateFrom(3, 3, firm)}.WithHistory(steadyHistory())
	if got := fb.Sweeping([]string{"remove"}).Range; got != fb.Range {
		t.Errorf("a firm range moved from %v to %v", fb.Range, got)
	}
}
