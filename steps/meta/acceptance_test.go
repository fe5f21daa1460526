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

// answered_by keeps everyone who answered, revised or skipped a step, each
// once; a file written when it kept one name per step reads as a list of
// that one, and is written back as a list.
func TestAnsweredByKeepsEveryone(t *testing.T) {
	m, err := Parse("meta.json", []byte(`{"description": "x", "answered_by": {"01-01": "Dana Developer", "01-06": ["@alice", "@bob"]}}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := m.AnsweredBy["01-01"]; len(got) != 1 || got[0] != "Dana Developer" {
		t.Errorf("an old single name: %q", got)
	}
	m.SetAnsweredBy("01-01", "@carol")
	m.SetAnsweredBy("01-01", "Dana Developer")
	m.SetAnsweredBy("01-01", "")
	if got := strings.Join(m.AnsweredBy["01-01"], ","); got != "Dana Developer,@carol" {
		t.Errorf("after carol revised it: %s", got)
	}
	out, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	again, err := Parse("meta.json", out)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(again.AnsweredBy["01-06"], ","); got != "@alice,@bob" || len(again.AnsweredBy["01-01"]) != 2 {
		t.Errorf("read back: %v\n%s", again.AnsweredBy, out)
	}
	for _, bad := range []string{`{"answered_by": {"01-01": 3}}`, `{"answered_by": {"01-01": ["@a", 3]}}`, `{"answered_by": ["@a"]}`} {
		if _, err := Parse("meta.json", []byte(bad)); err == nil || !strings.Contains(err.Error(), "answered_by") {
			t.Errorf("%s: %v", bad, err)
		}
	}
}
