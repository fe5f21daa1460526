package publish

import "testing"

// A trace link points at the line that defines the id, not at the first
// file that mentions it.
func TestDefinedAt(t *testing.T) {
	files := []File{
		{Path: "d/quick-scan.md", Content: "# Scan\n\nFR-001 and US-001 and NFR-001 come up here first.\n"},
		{Path: "d/requirements-spec.md", Content: "# Spec\n\nThe smallest version is FR-001.\n\n### FR-001: Export\n\n- AC-001-01: Given one invoice\n\n### NFR-001: Performance\n"},
		{Path: "d/user-stories.json", Content: "[\n  {\n    \"id\": \"US-001\",\n    \"links\": [\"FR-001\"]\n  }\n]\n"},
		{Path: "d/nfr-matrix.md", Content: "| slug | id | category |\n|---|---|---|\n| csv | NFR-001 | Performance |\n"},
	}
	for id, want := range map[string]struct {
		path string
		line int
	}{
		"FR-001":    {"d/requirements-spec.md", 5},
		"AC-001-01": {"d/requirements-spec.md", 7},
		"US-001":    {"d/user-stories.json", 3},
		"NFR-001":   {"d/nfr-matrix.md", 3},
		"CON-001":   {"", 0},
	} {
		if p, l := DefinedAt(files, id); p != want.path || l != want.line {
			t.Errorf("DefinedAt(%s) = %s:%d, want %s:%d", id, p, l, want.path, want.line)
		}
	}
}
