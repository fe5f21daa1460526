package meta

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestMarshalFormat(t *testing.T) {
	m := New("Offline <mode> & sync", "github", "GH-20", time.Date(2026, 2, 19, 0, 0, 0, 0, time.UTC))
	m.CompletePhase("00-quick-scan")
	m.CodebaseHash = "abc1234"
	m.CompleteStep("00-01")
	m.DepthOverrides["01-requirements"] = "brief"
	m.Elaborations = append(m.Elaborations, Elaboration{StepID: "01-03", TurnCount: 7, Timestamp: "t", SynthesisSummary: "s"})
	m.QuickScan = &QuickScan{Scope: "small", Complexity: "low", EstimatedFiles: 3, Confidence: "high"}
	m.BaseCommit = "0123456789abcdef0123456789abcdef01234567"
	m.MarkProcessed("ic-7")
	m.ProcessedComments = append(m.ProcessedComments, "8") // an old bare id stays a number
	m.Extra["zeta"] = json.RawMessage(`{ "b": 1, "a": [] }`)
	m.Extra["alpha"] = json.RawMessage(`"x"`)
	m.Extra[legacyKey] = json.RawMessage(`true`)
	got, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "description": "Offline <mode> & sync",
  "source": "github",
  "source_id": "GH-20",
  "created_at": "2026-02-19T00:00:00.000Z",
  "analysis_status": "partial",
  "phases_completed": [
    "00-quick-scan"
  ],
  "codebase_hash": "abc1234",
  "steps_completed": [
    "00-01"
  ],
  "depth_overrides": {
    "01-requirements": "brief"
  },
  "elaborations": [
    {
      "step_id": "01-03",
      "turn_count": 7,
      "personas_active": [],
      "timestamp": "t",
      "synthesis_summary": "s"
    }
  ],
  "elaboration_config": {
    "max_turns": 10
  },
  "quick_scan": {
    "scope": "small",
    "complexity": "low",
    "estimated_files": 3,
    "confidence": "high",
    "keywords": []
  },
  "base_commit": "0123456789abcdef0123456789abcdef01234567",
  "processed_comments": [
    "ic-7",
    8
  ],
  "alpha": "x",
  "zeta": {
    "b": 1,
    "a": []
  }
}
`
	if string(got) != want {
		t.Errorf("Marshal =\n%s\nwant\n%s", got, want)
	}
}

func TestMarshalMinimal(t *testing.T) {
	got, err := (&Meta{}).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "description": "",
  "source": "",
  "source_id": null,
  "created_at": "",
  "analysis_status": "raw",
  "phases_completed": [],
  "steps_completed": [],
  "depth_overrides": {},
  "elaborations": [],
  "elaboration_config": {
    "max_turns": 10
  }
}
`
	if string(got) != want {
		t.Errorf("Marshal of a zero Meta =\n%s\nwant\n%s", got, want)
	}
}

// Fields rtgit does not know belong to someone else: their values must come
// back unchanged, at the top level and inside the objects rtgit does know.
func TestMarshalKeepsUnknownFields(t *testing.T) {
	in := `{
  "description": "d",
  "x_custom": {"nested": {"list": [1, 2.50, 1e400, -0, "\u00e9<>&", true, null]}, "a": {}},
  "x_null": null,
  "phase_a_completed": true,
  "phases_completed": ["00-quick-scan"],
  "elaborations": [{"step_id": "01-03", "x_note": {"k": [1]}}],
  "elaboration_config": {"max_turns": 3, "x_min": 1},
  "quick_scan": {"scope": "small", "x_tool": "scanner v2"},
  "0_first": []
}`
	m, err := Parse("meta.json", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	out, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(out, []byte(legacyKey)) {
		t.Errorf("output keeps %s:\n%s", legacyKey, out)
	}
	src, dst := objects(t, []byte(in)), objects(t, out)
	for _, path := range [][]string{
		{"x_custom"}, {"x_null"}, {"0_first"},
		{"elaboration_config", "x_min"}, {"quick_scan", "x_tool"},
	} {
		if a, b := lookup(t, src, path), lookup(t, dst, path); !bytes.Equal(a, b) {
			t.Errorf("%v: wrote %s, want %s", path, b, a)
		}
	}
	var els []map[string]json.RawMessage
	if err := json.Unmarshal(dst["elaborations"], &els); err != nil || len(els) != 1 || compact(t, els[0]["x_note"]) != `{"k":[1]}` {
		t.Errorf("elaborations[0].x_note lost: %s", dst["elaborations"])
	}
	// The known fields come first, the unknown ones after, sorted.
	if i, j, k := bytes.Index(out, []byte(`"quick_scan"`)), bytes.Index(out, []byte(`"0_first"`)), bytes.Index(out, []byte(`"x_null"`)); !(i < j && j < k) {
		t.Errorf("field order wrong:\n%s", out)
	}
	again, err := Parse("meta.json", out)
	if err != nil {
		t.Fatal(err)
	}
	out2, err := again.Marshal()
	if err != nil || !bytes.Equal(out, out2) {
		t.Errorf("second round trip differs (%v):\n%s\nvs\n%s", err, out, out2)
	}
}

func objects(t *testing.T, data []byte) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// lookup returns the compacted value at path.
func lookup(t *testing.T, obj map[string]json.RawMessage, path []string) []byte {
	t.Helper()
	raw := obj[path[0]]
	if len(path) > 1 {
		return lookup(t, objects(t, raw), path[1:])
	}
	return []byte(compact(t, raw))
}

func compact(t *testing.T, raw []byte) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	return b.String()
}

func TestMarshalDerivesStatusFromFile(t *testing.T) {
	for _, tc := range []struct {
		phases string
		want   string
	}{
		{`[]`, StatusRaw},
		{`["00-quick-scan"]`, StatusPartial},
		{`["00-quick-scan", "01-requirements", "02-impact-analysis", "03-architecture"]`, StatusPartial},
		{`["00-quick-scan", "01-requirements", "02-impact-analysis", "03-architecture", "04-design"]`, StatusAnalyzed},
	} {
		// The stored status is wrong on purpose: it must not survive.
		m, err := Parse("meta.json", []byte(`{"analysis_status": "raw", "phases_completed": `+tc.phases+`}`))
		if tc.want == StatusRaw {
			m, err = Parse("meta.json", []byte(`{"analysis_status": "analyzed", "phases_completed": `+tc.phases+`}`))
		}
		if err != nil {
			t.Fatal(err)
		}
		out, err := m.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(out), `"analysis_status": "`+tc.want+`"`) {
			t.Errorf("%s: status not %s:\n%s", tc.phases, tc.want, out)
		}
	}
}

// Marshal refuses what Parse would reject, so rtgit never writes a
// meta.json it cannot read back.
func TestMarshalRefuses(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*Meta)
		want string
	}{
		{"bad depth", func(m *Meta) { m.DepthOverrides["01-requirements"] = "extreme" }, "01-requirements"},
		{"negative turns", func(m *Meta) { m.Elaborations = []Elaboration{{TurnCount: -1}} }, "elaborations[0].turn_count"},
		{"negative files", func(m *Meta) { m.QuickScan = &QuickScan{EstimatedFiles: -2} }, "quick_scan.estimated_files"},
		{"extra not JSON", func(m *Meta) { m.Extra["x"] = json.RawMessage(`{`) }, "x: Extra value"},
		{"extra empty", func(m *Meta) { m.Extra["x"] = nil }, "x: Extra value"},
		{"extra not UTF-8", func(m *Meta) { m.Extra["x"] = json.RawMessage("\"\xff\"") }, "x: Extra value"},
		{"extra shadows field", func(m *Meta) { m.Extra["source"] = json.RawMessage(`"jira"`) }, "source: set in Extra"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := New("d", "", "", time.Time{})
			tc.edit(m)
			if _, err := m.Marshal(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Marshal error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// candidate_files is written only when recorded, so an analysis from
// before the field existed reads back as nil and its later steps search.
func TestQuickScanCandidateFiles(t *testing.T) {
	for _, files := range [][]string{nil, {}, {"a/b.go", "c.go"}} {
		m := New("d", "manual", "", time.Date(2026, 2, 19, 0, 0, 0, 0, time.UTC))
		m.QuickScan = &QuickScan{Scope: "small", Keywords: []string{"x"}, CandidateFiles: files}
		data, err := m.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if got := bytes.Contains(data, []byte(`"candidate_files"`)); got != (files != nil) {
			t.Errorf("%q: candidate_files written = %v\n%s", files, got, data)
		}
		back, err := Parse("meta.json", data)
		if err != nil {
			t.Fatal(err)
		}
		got := back.QuickScan.CandidateFiles
		if (got == nil) != (files == nil) || strings.Join(got, ",") != strings.Join(files, ",") {
			t.Errorf("round trip of %q gave %q", files, got)
		}
	}
}

// seedDefaults are the fields the seeds' readMetaJson defaults when they are
// missing (interface-spec §4.1 and three-verb-utils), with the JSON type it
// expects; a file rtgit writes must carry every one, so a reader of the
// other framework never falls back to a default for an rtgit item.
var seedDefaults = map[string]string{
	"description": "string", "source": "string", "created_at": "string", "analysis_status": "string",
	"phases_completed": "array", "steps_completed": "array", "depth_overrides": "object",
	"elaborations": "array", "elaboration_config": "object",
}

func TestWrittenMetaSatisfiesSeedReader(t *testing.T) {
	m := New("Export invoices", "", "", time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	m.Slug = "export-invoices"
	m.CodebaseHash = "abc1234"
	m.Extra["topics_covered"] = json.RawMessage(`["a", {"b": null}]`)
	m.Extra["sizing_decision"] = json.RawMessage(`{"intensity":"light"}`)
	data, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	for key, want := range seedDefaults {
		v, ok := raw[key]
		if !ok {
			t.Errorf("meta.json lacks %q, which the seed's reader would default", key)
			continue
		}
		if got := jsonKind(v); got != want {
			t.Errorf("%s is a JSON %s, want %s", key, got, want)
		}
	}
	if v, ok := raw["source_id"]; !ok || v != nil {
		t.Errorf("source_id = %v (present %v), want null for an item with no external id", v, ok)
	}
	if raw["slug"] != "export-invoices" || raw["codebase_hash"] != "abc1234" || raw["source"] != "manual" {
		t.Errorf("slug %v, codebase_hash %v, source %v", raw["slug"], raw["codebase_hash"], raw["source"])
	}
	// Unknown fields survive a read and a write unchanged.
	back, err := Parse("meta.json", data)
	if err != nil {
		t.Fatal(err)
	}
	again, err := back.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if string(again) != string(data) {
		t.Errorf("round trip changed meta.json:\n%s\nwant\n%s", again, data)
	}
	var c bytes.Buffer
	if err := json.Compact(&c, back.Extra["topics_covered"]); err != nil || c.String() != `["a",{"b":null}]` {
		t.Errorf("topics_covered = %s (%v)", back.Extra["topics_covered"], err)
	}
}

func TestSourceIDEmptyStringReadsAsNone(t *testing.T) {
	for _, in := range []string{`{"source_id": ""}`, `{"source_id": null}`, `{}`} {
		m, err := Parse("meta.json", []byte(in))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if m.SourceID != "" {
			t.Errorf("%s: SourceID = %q", in, m.SourceID)
		}
		out, _ := m.Marshal()
		if !strings.Contains(string(out), `"source_id": null`) {
			t.Errorf("%s: written as\n%s", in, out)
		}
	}
	m, err := Parse("meta.json", []byte(`{"source_id": "GH-20", "slug": "x"}`))
	if err != nil || m.SourceID != "GH-20" || m.Slug != "x" {
		t.Fatalf("%+v %v", m, err)
	}
	if _, err := Parse("meta.json", []byte(`{"slug": 3}`)); err == nil {
		t.Error("a numeric slug must be refused")
	}
}

func jsonKind(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case nil:
		return "null"
	}
	return "other"
}
