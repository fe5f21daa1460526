package meta

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// writeFile puts content in a fresh file under t.TempDir and returns its path.
func writeFile(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "docs", "requirements", "x", "meta.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestNew(t *testing.T) {
	now := time.Date(2026, 2, 19, 1, 2, 3, 456789000, time.FixedZone("CET", 3600))
	m := New("Offline mode", "", "", now)
	if m.CreatedAt != "2026-02-19T00:02:03.456Z" {
		t.Errorf("CreatedAt = %q, want UTC with milliseconds", m.CreatedAt)
	}
	if m.Source != "manual" || m.AnalysisStatus != StatusRaw || m.ElaborationConfig.MaxTurns != DefaultMaxTurns {
		t.Errorf("New defaults: source %q, status %q, max_turns %d", m.Source, m.AnalysisStatus, m.ElaborationConfig.MaxTurns)
	}
	if m.StepsCompleted == nil || m.PhasesCompleted == nil || m.DepthOverrides == nil || m.Elaborations == nil || m.Extra == nil {
		t.Error("New left a collection nil")
	}
	if g := New("d", "github", "GH-20", now); g.Source != "github" || g.SourceID != "GH-20" {
		t.Errorf("New kept source %q %q", g.Source, g.SourceID)
	}
}

func TestStatus(t *testing.T) {
	for _, tc := range []struct {
		phases []string
		want   string
	}{
		{nil, StatusRaw},
		{[]string{"00-quick-scan"}, StatusPartial},
		{legacyPhases[:4], StatusPartial},
		{legacyPhases, StatusAnalyzed},
		{append(slices.Clone(legacyPhases), "05-security"), StatusAnalyzed},
		{[]string{"a", "a", "a", "a", "a"}, StatusPartial}, // duplicates count once
	} {
		if got := DeriveStatus(tc.phases); got != tc.want {
			t.Errorf("DeriveStatus(%q) = %q, want %q", tc.phases, got, tc.want)
		}
	}
	for _, tc := range []struct {
		done, total int
		want        string
	}{
		{0, 6, StatusRaw}, {1, 6, StatusPartial}, {5, 6, StatusPartial}, {6, 6, StatusAnalyzed}, {7, 6, StatusAnalyzed},
	} {
		if got := StatusFor(tc.done, tc.total); got != tc.want {
			t.Errorf("StatusFor(%d, %d) = %q, want %q", tc.done, tc.total, got, tc.want)
		}
	}
}

func TestCompleteIsIdempotent(t *testing.T) {
	m := &Meta{} // a literal, not New: the methods must cope with nil slices
	for range 3 {
		m.CompleteStep("01-01")
		m.CompleteStep("01-02")
		m.CompletePhase("00-quick-scan")
		m.MarkProcessed("ic-42")
	}
	if !slices.Equal(m.StepsCompleted, []string{"01-01", "01-02"}) {
		t.Errorf("StepsCompleted = %q", m.StepsCompleted)
	}
	if !slices.Equal(m.PhasesCompleted, []string{"00-quick-scan"}) {
		t.Errorf("PhasesCompleted = %q", m.PhasesCompleted)
	}
	if !slices.Equal(m.ProcessedComments, []string{"ic-42"}) {
		t.Errorf("ProcessedComments = %v", m.ProcessedComments)
	}
	if !m.HasStep("01-02") || m.HasStep("01-03") || !m.HasPhase("00-quick-scan") || m.HasPhase("01-requirements") {
		t.Error("HasStep/HasPhase disagree with what was completed")
	}
	if !m.Processed("ic-42") || m.Processed("rc-42") || m.Processed("ic-43") {
		t.Error("Processed disagrees with MarkProcessed")
	}
}

// A plan longer than the default five phases sets the status with
// StatusFor; Marshal must not overrule that, but must overrule nonsense.
func TestMarshalSettlesStatus(t *testing.T) {
	six := append(slices.Clone(legacyPhases), "05-security")
	for _, tc := range []struct {
		name   string
		phases []string
		set    string
		want   string
	}{
		{"0 phases, claimed analyzed", nil, StatusAnalyzed, StatusRaw},
		{"1 phase, unset", []string{"00-quick-scan"}, "", StatusPartial},
		{"1 phase, claimed analyzed", []string{"00-quick-scan"}, StatusAnalyzed, StatusPartial},
		{"4 phases, claimed raw", legacyPhases[:4], StatusRaw, StatusPartial},
		{"5 phases, unset", legacyPhases, "", StatusAnalyzed},
		{"5 phases, claimed raw", legacyPhases, StatusRaw, StatusAnalyzed},
		{"5 of 6 phases, StatusFor", legacyPhases, StatusFor(5, 6), StatusPartial},
		{"6 of 6 phases, StatusFor", six, StatusFor(6, 6), StatusAnalyzed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := New("d", "manual", "", time.Time{})
			m.PhasesCompleted, m.AnalysisStatus = tc.phases, tc.set
			data, err := m.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			if m.AnalysisStatus != tc.want {
				t.Errorf("AnalysisStatus = %q, want %q", m.AnalysisStatus, tc.want)
			}
			back, err := Parse("meta.json", data)
			if err != nil {
				t.Fatal(err)
			}
			if back.AnalysisStatus != tc.want {
				t.Errorf("written analysis_status = %q, want %q", back.AnalysisStatus, tc.want)
			}
		})
	}
}

// GitHub's issue comments, review comments and reviews have separate id
// sequences: review comment 1002 is not issue comment 1002.
func TestProcessedKeysKeepKinds(t *testing.T) {
	m := &Meta{}
	m.MarkProcessed("ic-1002")
	if m.Processed("rc-1002") || m.Processed("rv-1002") {
		t.Error("a processed issue comment hides the review comment and review with the same number")
	}
	// A file written before kinds were recorded meant any kind.
	old, err := Parse("meta.json", []byte(`{"processed_comments": [1003]}`))
	if err != nil {
		t.Fatal(err)
	}
	if !old.Processed("ic-1003") || !old.Processed("rc-1003") {
		t.Error("an old bare id is no longer read as processed")
	}
	old.MarkProcessed("rc-1004")
	data, err := old.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "\"processed_comments\": [\n    1003,\n    \"rc-1004\"\n  ]") {
		t.Errorf("processed_comments written as\n%s", data)
	}
}
