package quickscan

import (
	"strings"
	"testing"
)

// The confidence is the calibration record of the estimated class, and the
// line explaining it quotes that record.
func TestConfidenceIsTheCalibrationRecord(t *testing.T) {
	found := Signals{HitFiles: 5, Matched: 3, Keywords: 4}
	tests := []struct {
		scope      string
		confidence string
		why        string
	}{
		{Small, Medium, "small estimates were right on 61% of the calibration changes, 93 of 152; 3 of 4 keywords found"},
		// Right on fewer than half of the changes estimated medium: low.
		{Medium, Low, "medium estimates were right on 43% of the calibration changes, 51 of 119; 3 of 4 keywords found"},
		{Large, Low, "no calibration change was estimated large; 3 of 4 keywords found"},
	}
	for _, tt := range tests {
		c := calibrated[tt.scope]
		e := Estimate{Scope: tt.scope, Signals: found, ScopeRate: c.rate(), Calibrated: c.total}
		e.Confidence = ConfidenceFor(found, e.ScopeRate, e.Calibrated)
		if e.Confidence != tt.confidence {
			t.Errorf("%s: confidence %s, want %s", tt.scope, e.Confidence, tt.confidence)
		}
		if why := e.ConfidenceWhy(); why != tt.why {
			t.Errorf("%s: ConfidenceWhy() = %q, want %q", tt.scope, why, tt.why)
		}
	}
}

// The records are counts of real calibration changes: right never exceeds
// the total, and a class without a record has no rate.
func TestCalibrationRecords(t *testing.T) {
	for scope, c := range calibrated {
		if c.total == 0 || c.right < 0 || c.right > c.total {
			t.Errorf("%s: %+v", scope, c)
		}
	}
	if r := calibrated[Large].rate(); r != 0 {
		t.Errorf("no record, rate %v; want 0", r)
	}
}

// The rate and the number of changes behind it travel with the estimate,
// so what an analysis records is what the scan said.
func TestEstimateCarriesItsCalibration(t *testing.T) {
	kw := []string{"export", "csv"}
	hits := []Hit{{Path: "invoices/export.py", Counts: []int{3, 2}, Size: 100}}
	r := Analyze(kw, hits, 50)
	if r.Scope != Small || r.Calibrated != 152 || r.ScopeRate != 93.0/152 || r.Confidence != Medium {
		t.Errorf("one standing-out file: scope %s, %d calibration changes at %.2f, confidence %s; want small, 152 at 0.61, medium",
			r.Scope, r.Calibrated, r.ScopeRate, r.Confidence)
	}
	if why := r.ConfidenceWhy(); !strings.HasPrefix(why, "small estimates were right on 61%") {
		t.Errorf("ConfidenceWhy() = %q", why)
	}
}
