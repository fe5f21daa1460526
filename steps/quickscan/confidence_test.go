package quickscan

import (
	"strings"
	"testing"
)

// An estimate is clear of the class boundaries when being off by the
// typical error either way keeps its class.
func TestBandFor(t *testing.T) {
	for files, want := range map[int]string{
		1: Clear, 3: Clear, // ×1.5 is still under 5
		4: Borderline, 5: Borderline, 7: Borderline, // one way or the other crosses 5
		8: Clear, 10: Clear, // 5.3 to 15
		11: Borderline, 16: Borderline, 22: Borderline, // ×1.5 crosses 15, or ÷1.5 does
		23: Clear, 40: Clear,
	} {
		if got := BandFor(files); got != want {
			t.Errorf("BandFor(%d) = %s, want %s", files, got, want)
		}
	}
}

// The confidence is the calibration record of the estimate's class and
// band, and the line explaining it quotes that record.
func TestConfidenceIsTheCalibrationRecord(t *testing.T) {
	found := Signals{HitFiles: 5, Matched: 3, Keywords: 4}
	at := func(files int) Estimate {
		e := Estimate{FileCount: files, Scope: ScopeFor(files), Band: BandFor(files), Signals: found}
		c, _ := calibrationFor(e.Scope, e.Band)
		e.ScopeRate, e.Calibrated = c.rate(), c.total
		e.Confidence = ConfidenceFor(found, e.ScopeRate)
		return e
	}
	tests := []struct {
		files      int
		confidence string
		why        string
	}{
		{2, High, "small estimates clear of the class boundaries by ×1.5 were right on 76% of the calibration changes, 16 of 21; 3 of 4 keywords found"},
		{4, Low, "small estimates within ×1.5 of a class boundary were right on 44% of the calibration changes, 4 of 9; 3 of 4 keywords found"},
		{6, Medium, "medium estimates within ×1.5 of a class boundary were right on 67% of the calibration changes, 6 of 9"},
		// Too few clear medium estimates to go by: the class's record.
		{9, Medium, "medium estimates were right on 67% of the calibration changes, 8 of 12"},
		{20, Low, "no calibration change was estimated large; 3 of 4 keywords found"},
	}
	for _, tt := range tests {
		e := at(tt.files)
		if e.Confidence != tt.confidence {
			t.Errorf("%d files: confidence %s, want %s", tt.files, e.Confidence, tt.confidence)
		}
		if why := e.ConfidenceWhy(); !strings.HasPrefix(why, tt.why) {
			t.Errorf("%d files: ConfidenceWhy() = %q, want it to start %q", tt.files, why, tt.why)
		}
	}
	if e := at(20); e.ScopeRate != 0 || e.Calibrated != 0 {
		t.Errorf("no record: rate %v over %d changes, want 0 over 0", e.ScopeRate, e.Calibrated)
	}
}

// The records are counts of real calibration changes: every class that
// has one has both bands, and each band's right never exceeds its total.
func TestCalibrationRecords(t *testing.T) {
	for scope, bands := range calibrated {
		for _, band := range []string{Clear, Borderline} {
			c, ok := bands[band]
			if !ok || c.total == 0 || c.right > c.total || c.right < 0 {
				t.Errorf("%s, %s: %+v", scope, band, c)
			}
		}
	}
}

// What an analysis records is what the scan's own estimate says: the
// band and rate travel with the estimate.
func TestEstimateCarriesBandAndRate(t *testing.T) {
	kw := []string{"export", "csv"}
	hits := []Hit{{Path: "invoices/export.py", Counts: []int{3, 2}, Size: 100}}
	r := Analyze(kw, hits, 50)
	if r.FileCount != 1 || r.Band != Clear || r.Calibrated != 21 || r.Confidence != High {
		t.Errorf("one standing-out file: %d files, band %s, %d calibration changes, confidence %s; want 1, clear, 21, high",
			r.FileCount, r.Band, r.Calibrated, r.Confidence)
	}
}
