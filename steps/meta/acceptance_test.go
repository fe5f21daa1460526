package meta

import (
	"strings"
	"testing"
	"time"
)

// An acceptance entry survives a rewrite as written, with a field another
// tool added to it, and the file reads back to the same entries.
func TestAcceptanceRoundTrip(t *testing.T) {
	in := `{
  "description": "x",
  "acceptance": [
    {"area": "requirements", "by": "@maya", "at": "2026-01-02T03:04:05Z", "commit": "3f2c1ab", "digest": "sha256:aa",
     "state": "stale", "parts": {"01-06": "sha256:bb"}, "changed_by": "@alex", "changed_in": ["01-06"], "note": {"k": 1}},
    {"area": "design", "by": "@jordan", "at": "2026-01-02T03:04:06Z", "commit": "3f2c1ab", "digest": "sha256:cc", "state": "changes_requested"}
  ]
}`
	m, err := Parse("meta.json", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Acceptance) != 2 || m.Acceptance[0].ChangedBy != "@alex" || m.Acceptance[1].State != AcceptChangesRequested {
		t.Fatalf("parsed %+v", m.Acceptance)
	}
	out, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"acceptance": [`, `"note": {`, `"changed_in": [`, `"state": "changes_requested"`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("written file lacks %s:\n%s", want, out)
		}
	}
	again, err := Parse("meta.json", out)
	if err != nil {
		t.Fatal(err)
	}
	out2, _ := again.Marshal()
	if string(out) != string(out2) {
		t.Errorf("second rewrite differs:\n%s\n---\n%s", out, out2)
	}
}

func TestAcceptanceMarshalRefusesBadState(t *testing.T) {
	m := New("x", "", "", time.Time{})
	m.Acceptance = []Acceptance{{Area: "design", State: "approved"}}
	if _, err := m.Marshal(); err == nil || !strings.Contains(err.Error(), "acceptance[0].state") {
		t.Errorf("Marshal: %v, want a refusal naming acceptance[0].state", err)
	}
}
