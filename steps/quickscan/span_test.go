package quickscan

import (
	"fmt"
	"testing"
)

// The range holds the estimate; it stays close to it where the changes
// behind it came in steady sizes, and reaches from one file to several
// times it where they varied, or where there is no history to go by.
func TestRangeFollowsTheSpreadOfRecentChanges(t *testing.T) {
	var ranked []File
	for i := range 12 {
		ranked = append(ranked, File{Path: fmt.Sprintf("pkg/f%d.go", i), Kind: KindSource, Score: float64(20 - i)})
	}
	r := Result{Files: ranked, Estimate: EstimateFrom(3, 3, ranked)}
	var steady, varied [][]string
	for i := range 30 {
		steady = append(steady, []string{fmt.Sprintf("pkg/s%d.go", i), fmt.Sprintf("pkg/s%d_test.go", i), "CHANGES.md"})
		c := []string{fmt.Sprintf("pkg/v%d.go", i)}
		if i%2 == 0 {
			for j := range 12 {
				c = append(c, fmt.Sprintf("pkg/v%d_%d.go", i, j))
			}
		}
		varied = append(varied, c)
	}
	s := r.WithHistory(HistoryOf(steady))
	if s.Basis.Spread != 1 || s.Range[0] > s.FileCount || s.Range[1] < s.FileCount || float64(s.Range[1])/float64(s.Range[0]) > 4 {
		t.Errorf("steady changes: %d files, range %v, spread %v; want a range of at most ×4 holding the estimate", s.FileCount, s.Range, s.Basis.Spread)
	}
	v := r.WithHistory(HistoryOf(varied))
	if v.Basis.Spread < steadySpread || v.Range[0] != 1 || v.Range[1] < 4*v.FileCount-1 {
		t.Errorf("varied changes: %d files, range %v, spread %v; want 1 to about four times the estimate", v.FileCount, v.Range, v.Basis.Spread)
	}
	if none := r.Range; none[0] != 1 || none[1] < 4*r.FileCount-1 {
		t.Errorf("no history: %d files, range %v; want 1 to about four times the estimate", r.FileCount, none)
	}
}

func TestRangeAround(t *testing.T) {
	tests := []struct {
		point, spread float64
		want          [2]int
	}{
		{4.2, 1.8, [2]int{2, 7}},  // steady: half to 1.6 times
		{4.2, 2.5, [2]int{1, 17}}, // varied: one to four times
		{4.2, 0, [2]int{1, 17}},   // no history
		{0.6, 1.5, [2]int{1, 1}},  // never below one file
		{1.4, 1.5, [2]int{1, 2}},
	}
	for _, tt := range tests {
		if got := rangeAround(tt.point, tt.spread); got != tt.want {
			t.Errorf("rangeAround(%v, %v) = %v, want %v", tt.point, tt.spread, got, tt.want)
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
