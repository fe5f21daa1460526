package model

import (
	"strings"
	"testing"
)

// People write a definition's id in bold, as Markdown invites: the model
// reads it as the plain form, and keeps the rest of the line's words.
func TestBoldIDsDefine(t *testing.T) {
	reqs, pre := ParseRequirements("Scope first.\n" +
		"- **FR-001**: Install hint -- When fish is missing, the system shall print `brew install fish`\n" +
		"  - **AC-001-01**: Given fish is not installed, When `rtgit completion fish` runs, Then it prints the hint\n" +
		"- **FR-002:** Quiet -- When `--quiet` is set, the system shall print nothing\n" +
		"- __FR-003: Exit code__ -- When the hint prints, the command shall exit 1\n" +
		"- **Note**: FR-004 is for later\n")
	if pre != "Scope first." {
		t.Errorf("preamble %q", pre)
	}
	want := []struct{ id, title, statement string }{
		{"FR-001", "Install hint", "When fish is missing, the system shall print `brew install fish`"},
		{"FR-002", "Quiet", "When `--quiet` is set, the system shall print nothing"},
		{"FR-003", "Exit code", "When the hint prints, the command shall exit 1 **Note**: FR-004 is for later"},
	}
	if len(reqs) != len(want) {
		t.Fatalf("read %d requirements, want %d: %+v", len(reqs), len(want), reqs)
	}
	for i, w := range want {
		if r := reqs[i]; r.ID != w.id || r.Title != w.title || r.Statement != w.statement {
			t.Errorf("requirement %d: %s %q %q, want %s %q %q", i, r.ID, r.Title, r.Statement, w.id, w.title, w.statement)
		}
	}
	if c := reqs[0].Criteria; len(c) != 1 || c[0].ID != "AC-001-01" || c[0].Text != "Given fish is not installed, When `rtgit completion fish` runs, Then it prints the hint" {
		t.Errorf("FR-001's criteria: %+v", c)
	}

	nfrs := ParseNFRs("- **NFR-001**: Performance: the hint prints within 50 ms\n- **NFR-002:** Security: nothing is sent anywhere\n- Usability: one line")
	wantNFR := [][3]string{{"NFR-001", "Performance", "the hint prints within 50 ms"}, {"NFR-002", "Security", "nothing is sent anywhere"}, {"NFR-003", "Usability", "one line"}}
	if len(nfrs) != len(wantNFR) {
		t.Fatalf("read %d NFRs: %+v", len(nfrs), nfrs)
	}
	for i, w := range wantNFR {
		if n := nfrs[i]; n.ID != w[0] || n.Category != w[1] || n.Target != w[2] {
			t.Errorf("NFR %d: %s %q %q, want %v", i, n.ID, n.Category, n.Target, w)
		}
	}
}

// unboldID takes off only the emphasis around an opening id.
func TestUnboldID(t *testing.T) {
	for in, want := range map[string]string{
		"**FR-001**: x":           "FR-001: x",
		"**FR-001:** x":           "FR-001: x",
		"**FR-001: Title** -- x":  "FR-001: Title -- x",
		"__NFR-002__: x":          "NFR-002: x",
		"**AC-001-01**: Given":    "AC-001-01: Given",
		"**Note**: FR-001":        "**Note**: FR-001",
		"**FR-1**: x":             "**FR-1**: x",
		"**FR-0011**: x":          "**FR-0011**: x",
		"**FR-001 x":              "**FR-001 x",
		"FR-001: **bold** text":   "FR-001: **bold** text",
		"**XFR-001**: x":          "**XFR-001**: x",
		"****":                    "****",
		"**":                      "**",
		"**US-001** As a clerk …": "US-001 As a clerk …",
	} {
		if got := unboldID(in); got != want {
			t.Errorf("unboldID(%q) = %q, want %q", in, got, want)
		}
	}
}

// Whatever the line, unboldID either returns it whole or takes off just
// one pair of markers, leaving an id at the start.
func FuzzUnboldID(f *testing.F) {
	for _, s := range []string{"**FR-001**: x", "**FR-001: T** -- x", "__AC-001-01__: Given", "**Note**: x", "**", "**FR-001"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := unboldID(s)
		if got == s {
			return
		}
		if len(got) != len(s)-4 {
			t.Fatalf("unboldID(%q) = %q: more than one pair of markers went", s, got)
		}
		m := s[:2]
		if m != "**" && m != "__" {
			t.Fatalf("unboldID(%q) = %q, but the line does not open with a marker", s, got)
		}
		if end := strings.Index(s[2:], m); end < 0 || s[2:2+end]+s[4+end:] != got {
			t.Fatalf("unboldID(%q) = %q, not the line without its first pair", s, got)
		}
		dash := strings.IndexByte(got, '-')
		if start, end := idAt(got, max(dash, 0)); dash < 0 || start != 0 || !IsID(got[:end]) {
			t.Fatalf("unboldID(%q) = %q, which opens with no id", s, got)
		}
	})
}

// An NFR's category in bold is the category, with or without an id
// before it, the colon inside the bold or after it.
func TestBoldNFRCategory(t *testing.T) {
	got := ParseNFRs("- **Performance**: p95 under 200 ms\n- **Security:** nothing leaves the machine\n- NFR-007: **Usability:** one line of output\n- **Note** the hint is short\n- __Availability__: 99.9%")
	want := [][3]string{
		{"NFR-001", "Performance", "p95 under 200 ms"},
		{"NFR-002", "Security", "nothing leaves the machine"},
		{"NFR-007", "Usability", "one line of output"},
		{"NFR-003", "General", "**Note** the hint is short"},
		{"NFR-004", "Availability", "99.9%"},
	}
	if len(got) != len(want) {
		t.Fatalf("read %d NFRs: %+v", len(got), got)
	}
	for i, w := range want {
		if n := got[i]; n.ID != w[0] || n.Category != w[1] || n.Target != w[2] {
			t.Errorf("NFR %d: %s %q %q, want %v", i, n.ID, n.Category, n.Target, w)
		}
	}
}

func TestUnboldLabel(t *testing.T) {
	for in, want := range map[string]string{
		"**Performance**: x":  "Performance: x",
		"**Performance:** x":  "Performance: x",
		"__Performance__: x":  "Performance: x",
		"**Note** x":          "**Note** x",
		"**:** x":             "**:** x",
		"**a**b: x":           "**a**b: x",
		"plain: **bold**":     "plain: **bold**",
		"**unclosed: x":       "**unclosed: x",
		"**Two words:** x: y": "Two words: x: y",
	} {
		if got := unboldLabel(in); got != want {
			t.Errorf("unboldLabel(%q) = %q, want %q", in, got, want)
		}
	}
}

// Whatever the line, unboldLabel returns it whole or without its first
// pair of markers, and then the label ends at a colon.
func FuzzUnboldLabel(f *testing.F) {
	for _, s := range []string{"**Performance**: x", "**Security:** x", "__A__: b", "**Note** x", "**:**", "**"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := unboldLabel(s)
		if got == s {
			return
		}
		m := s[:2]
		end := strings.Index(s[2:], m)
		if (m != "**" && m != "__") || end <= 0 || s[2:2+end]+s[4+end:] != got {
			t.Fatalf("unboldLabel(%q) = %q, not the line without its first pair of markers", s, got)
		}
		if got[end-1] != ':' && (end >= len(got) || got[end] != ':') {
			t.Fatalf("unboldLabel(%q) = %q, whose label does not end at a colon", s, got)
		}
	})
}
