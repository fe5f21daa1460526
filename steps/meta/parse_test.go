package meta

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestReadDefaults(t *testing.T) {
	for _, content := range []string{
		`{}`,
		"\uFEFF{}\n",
		`{"steps_completed": null, "depth_overrides": null, "elaborations": null, "quick_scan": null}`,
		`{"elaboration_config": {}}`,
		`{"elaboration_config": {"max_turns": 0}}`,
		`{"elaboration_config": {"max_turns": -3}}`,
		`{"elaboration_config": {"max_turns": null}}`,
	} {
		t.Run(content, func(t *testing.T) {
			m, err := Read(writeFile(t, content))
			if err != nil {
				t.Fatal(err)
			}
			if m.StepsCompleted == nil || len(m.StepsCompleted) != 0 {
				t.Errorf("StepsCompleted = %#v, want empty non-nil", m.StepsCompleted)
			}
			if m.PhasesCompleted == nil || len(m.PhasesCompleted) != 0 {
				t.Errorf("PhasesCompleted = %#v, want empty non-nil", m.PhasesCompleted)
			}
			if m.DepthOverrides == nil || len(m.DepthOverrides) != 0 {
				t.Errorf("DepthOverrides = %#v, want empty non-nil", m.DepthOverrides)
			}
			if m.Elaborations == nil || len(m.Elaborations) != 0 {
				t.Errorf("Elaborations = %#v, want empty non-nil", m.Elaborations)
			}
			if m.ElaborationConfig.MaxTurns != 10 {
				t.Errorf("MaxTurns = %d, want 10", m.ElaborationConfig.MaxTurns)
			}
			if m.AnalysisStatus != StatusRaw || m.QuickScan != nil || m.Extra == nil || len(m.Extra) != 0 {
				t.Errorf("status %q, quick scan %v, extra %v", m.AnalysisStatus, m.QuickScan, m.Extra)
			}
		})
	}
}

func TestReadFull(t *testing.T) {
	m, err := Read(writeFile(t, `{
  "description": "Roundtable analysis agent",
  "source": "github",
  "source_id": "GH-20",
  "created_at": "2026-02-19T00:00:00.000Z",
  "analysis_status": "partial",
  "phases_completed": ["00-quick-scan", "01-requirements"],
  "codebase_hash": "abc1234",
  "steps_completed": ["00-01", "01-01"],
  "depth_overrides": {"01-requirements": "brief"},
  "elaborations": [{"step_id": "01-03", "turn_count": 7, "personas_active": ["business-analyst"],
    "timestamp": "2026-02-20T14:30:00.000Z", "synthesis_summary": "3 more criteria"}],
  "elaboration_config": {"max_turns": 4},
  "quick_scan": {"scope": "small", "complexity": "low", "estimated_files": 3, "confidence": "high", "keywords": ["menu"]},
  "base_commit": "0123456789abcdef0123456789abcdef01234567",
  "processed_comments": [9007199254740993, 2, "rc-2", "rv-9007199254740993"]
}`))
	if err != nil {
		t.Fatal(err)
	}
	want := &Meta{
		Description: "Roundtable analysis agent", Source: "github", SourceID: "GH-20",
		CreatedAt: "2026-02-19T00:00:00.000Z", AnalysisStatus: StatusPartial,
		PhasesCompleted: []string{"00-quick-scan", "01-requirements"}, CodebaseHash: "abc1234",
		StepsCompleted: []string{"00-01", "01-01"}, DepthOverrides: map[string]string{"01-requirements": "brief"},
		Elaborations: []Elaboration{{StepID: "01-03", TurnCount: 7, PersonasActive: []string{"business-analyst"},
			Timestamp: "2026-02-20T14:30:00.000Z", SynthesisSummary: "3 more criteria"}},
		ElaborationConfig: ElaborationConfig{MaxTurns: 4},
		QuickScan:         &QuickScan{Scope: "small", Complexity: "low", EstimatedFiles: 3, Confidence: "high", Keywords: []string{"menu"}},
		BaseCommit:        "0123456789abcdef0123456789abcdef01234567",
		ProcessedComments: []string{"9007199254740993", "2", "rc-2", "rv-9007199254740993"}, // beyond float64 precision: must stay exact
		Extra:             map[string]json.RawMessage{},
	}
	if !reflect.DeepEqual(m, want) {
		t.Errorf("Read =\n%#v\nwant\n%#v", m, want)
	}
}

func TestReadLegacy(t *testing.T) {
	for _, tc := range []struct {
		content string
		phases  []string
		status  string
	}{
		{`{"phase_a_completed": true}`, legacyPhases, StatusAnalyzed},
		{`{"phase_a_completed": false}`, []string{}, StatusRaw},
		{`{"phase_a_completed": null}`, []string{}, StatusRaw},
		// Newer fields win over the legacy flag.
		{`{"phase_a_completed": true, "analysis_status": "partial", "phases_completed": ["00-quick-scan"]}`, []string{"00-quick-scan"}, StatusPartial},
	} {
		m, err := Parse("meta.json", []byte(tc.content))
		if err != nil {
			t.Fatalf("%s: %v", tc.content, err)
		}
		if !slices.Equal(m.PhasesCompleted, tc.phases) || m.AnalysisStatus != tc.status {
			t.Errorf("%s: phases %q status %q, want %q %q", tc.content, m.PhasesCompleted, m.AnalysisStatus, tc.phases, tc.status)
		}
		if _, ok := m.Extra[legacyKey]; ok {
			t.Errorf("%s: legacy key kept in Extra", tc.content)
		}
	}
}

func TestReadErrors(t *testing.T) {
	for _, tc := range []struct {
		name    string
		content string
		line    int
		want    string
	}{
		{"syntax", "{\n  \"description\": \"x\",\n  }", 3, "3:3: invalid character '}'"},
		{"missing colon", "{\n  \"description\" \"x\"}", 2, "invalid character"},
		{"truncated in string", "{\n  \"description\": \"abc", 2, "truncated"},
		{"truncated after comma", "{\"source\": \"manual\",\n", 2, "truncated"},
		{"truncated literal", "{\"x\": tru", 1, "truncated"},
		{"empty", "", 1, "empty"},
		{"blank", "\n\n", 3, "empty"},
		{"array", "[]", 1, "top-level value is an array; want an object"},
		{"string", `"x"`, 1, "top-level value is a string"},
		{"null", "\nnull", 2, "top-level value is null; want an object"},
		{"trailing data", "{}\n}", 2, "after the top-level object"},
		{"second object", "{}\n{}", 2, "after the top-level object"},
		{"NUL", "{\"description\": \"a\x00\"}", 1, "NUL byte"},
		{"invalid UTF-8", "{\n\"description\": \"\xff\"}", 2, "2:17: file is not valid UTF-8"},
		{"steps_completed string", "{\n  \"description\": \"x\",\n\n  \"steps_completed\": \"01-01\"\n}", 4,
			"4:22: steps_completed: want an array of strings, got string"},
		{"steps_completed item", "{\"steps_completed\": [\"01-01\",\n 2]}", 2, "steps_completed[1]: want a string, got number"},
		{"phases_completed object", `{"phases_completed": {}}`, 1, "phases_completed: want an array of strings, got object"},
		{"depth_overrides array", "{\n\"depth_overrides\": []}", 2, "depth_overrides: want an object, got array"},
		{"depth value", "{\"depth_overrides\": {\n\"01-requirements\": \"extreme\"}}", 2,
			`depth_overrides.01-requirements: "extreme" is not a depth`},
		{"depth number", `{"depth_overrides": {"01-requirements": 1}}`, 1, "depth_overrides.01-requirements: want a string, got number"},
		{"description number", `{"description": 42}`, 1, "description: want a string, got number"},
		{"analysis_status bool", `{"analysis_status": true}`, 1, "analysis_status: want a string, got boolean"},
		{"elaborations object", `{"elaborations": {}}`, 1, "elaborations: want an array of objects, got object"},
		{"elaboration item", "{\"elaborations\": [\n1]}", 2, "elaborations[0]: want an object, got number"},
		{"turn_count string", "{\"elaborations\": [{\"step_id\": \"01-03\",\n\"turn_count\": \"7\"}]}", 2,
			"elaborations[0].turn_count: want a non-negative integer, got string"},
		{"turn_count fraction", `{"elaborations": [{"turn_count": 1.5}]}`, 1, "want a non-negative integer, got 1.5"},
		{"turn_count negative", `{"elaborations": [{"turn_count": -1}]}`, 1, "want a non-negative integer, got -1"},
		{"personas string", `{"elaborations": [{"personas_active": "x"}]}`, 1, "elaborations[0].personas_active: want an array"},
		{"config number", `{"elaboration_config": 10}`, 1, "elaboration_config: want an object, got number"},
		{"max_turns string", `{"elaboration_config": {"max_turns": "10"}}`, 1, "elaboration_config.max_turns: want an integer"},
		{"quick_scan string", `{"quick_scan": "small"}`, 1, "quick_scan: want an object, got string"},
		{"estimated_files negative", `{"quick_scan": {"estimated_files": -1}}`, 1, "quick_scan.estimated_files"},
		{"keywords", `{"quick_scan": {"keywords": [null]}}`, 1, "quick_scan.keywords[0]: want a string, got null"},
		{"processed_comments bare string", `{"processed_comments": ["1"]}`, 1, `processed_comments[0]: "1" is not a comment key`},
		{"processed_comments unknown kind", `{"processed_comments": ["xx-1"]}`, 1, `processed_comments[0]: "xx-1" is not a comment key`},
		{"processed_comments null", `{"processed_comments": [null]}`, 1, "processed_comments[0]: want a comment key"},
		{"processed_comments overflow", `{"processed_comments": [99999999999999999999]}`, 1, "processed_comments[0]"},
		{"legacy string", `{"phase_a_completed": "yes"}`, 1, "phase_a_completed: want true or false, got string"},
		{"duplicate key", "{\"steps_completed\": [],\n\"steps_completed\": [\"01-01\"]}", 2, "given twice (first on line 1)"},
		{"duplicate escaped key", `{"source": "a", "sour\u0063e": "b"}`, 1, "source: key given twice"},
		{"duplicate nested key", `{"quick_scan": {"scope": "a", "scope": "b"}}`, 1, "quick_scan.scope: key given twice"},
		{"acceptance object", "{\"acceptance\":\n {}}", 2, "acceptance: want an array of objects, got object"},
		{"acceptance state", "{\"acceptance\": [{\"area\": \"design\",\n\"state\": \"approved\"}]}", 2,
			`acceptance[0].state: "approved" is not a state; want current, stale or changes_requested`},
		{"acceptance area", `{"acceptance": [{"area": "Design Docs"}]}`, 1, `acceptance[0].area: "Design Docs" is not an area`},
		{"acceptance by number", `{"acceptance": [{"by": 7}]}`, 1, "acceptance[0].by: want a string, got number"},
		{"acceptance changed_in", `{"acceptance": [{"changed_in": "01-06"}]}`, 1, "acceptance[0].changed_in: want an array of strings"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := writeFile(t, tc.content)
			m, err := Read(path)
			if err == nil {
				t.Fatalf("Read succeeded: %+v", m)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, fmt.Sprintf("%s:%d:", path, tc.line)) {
				t.Errorf("error %q does not start with %s:%d:", msg, filepath.Base(path), tc.line)
			}
			if !strings.Contains(msg, tc.want) {
				t.Errorf("error %q does not contain %q", msg, tc.want)
			}
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line != tc.line {
				t.Errorf("error %T is not a *ParseError at line %d", err, tc.line)
			}
		})
	}
}

func TestReadMissing(t *testing.T) {
	_, err := Read(filepath.Join(t.TempDir(), "meta.json"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Read of a missing file: %v, want fs.ErrNotExist", err)
	}
}
