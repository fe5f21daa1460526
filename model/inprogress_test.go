package model

import (
	"reflect"
	"testing"
)

// Each item of an answer in progress is where the answer writes it,
// counted from the answer's first line, blank lines too.
func TestRequirementsAtTheirLines(t *testing.T) {
	answer := "Intro.\n\n- FR-001: Export -- the system\n  shall return a CSV\n  - AC-002-01: Given a, When b, Then c\n  - Given d\n    When e\n    Then f\n  - AC: works well"
	reqs := RequirementsAt(answer)
	if len(reqs) != 1 {
		t.Fatalf("reqs = %+v", reqs)
	}
	r := reqs[0]
	if r.At.N != 2 || r.Statement != "the system shall return a CSV" {
		t.Errorf("requirement at %d, statement %q", r.At.N, r.Statement)
	}
	var got []CriterionAt
	got = append(got, r.CriteriaAt...)
	want := []CriterionAt{{Line{4, "AC-002-01: Given a, When b, Then c"}, "AC-002-01", "FR-002"}, {Line{5, "Given d"}, "", ""}, {Line{8, "AC: works well"}, "", ""}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("criteria at %+v\nwant %+v", got, want)
	}
	// The ids are the model's: the written one kept, the others numbered.
	var ids []string
	for _, c := range r.Criteria {
		ids = append(ids, c.ID)
	}
	if !reflect.DeepEqual(ids, []string{"AC-002-01", "AC-001-01", "AC-001-02"}) || r.Criteria[1].Flagged || !r.Criteria[2].Flagged {
		t.Errorf("criteria = %+v", r.Criteria)
	}
	// What Build reads is the same.
	plain, _ := ParseRequirements(answer)
	if len(plain) != 1 || len(plain[0].Criteria) != 3 || plain[0].Criteria[2].Text != r.Criteria[2].Text {
		t.Errorf("ParseRequirements = %+v", plain)
	}
}

func TestNFRsAtTheirLines(t *testing.T) {
	got := NFRsAt("- Performance: p95 under 2 s\n\n- NFR-001: the export is fast")
	if len(got) != 2 || got[0].ID != "NFR-002" || !got[0].Categorised || got[0].At.N != 0 ||
		got[1].ID != "NFR-001" || got[1].Categorised || got[1].Category != "General" || got[1].At.N != 2 {
		t.Errorf("NFRsAt = %+v", got)
	}
}

func TestStoriesAtTheirLines(t *testing.T) {
	got := StoriesAt("- As a clerk, I want a file, so that I can work (FR-001)\n  - AC: Given a file, When opened, Then it loads (NFR-002, FR-001)\n- US-001: As the admin, I want a log, so that I can audit `FR-009`")
	if len(got) != 2 {
		t.Fatalf("StoriesAt = %+v", got)
	}
	a, b := got[0], got[1]
	if a.ID != "US-002" || a.At.N != 0 || len(a.CriteriaAt) != 1 || a.CriteriaAt[0].N != 1 || len(a.Criteria) != 1 || a.Criteria[0].Flagged {
		t.Errorf("first story = %+v", a)
	}
	if want := []Ref{{a.At, "FR-001"}, {a.CriteriaAt[0], "NFR-002"}, {a.CriteriaAt[0], "FR-001"}}; !reflect.DeepEqual(a.Links, want) {
		t.Errorf("links = %+v", a.Links)
	}
	if !reflect.DeepEqual(a.LinkedRequirements, []string{"FR-001", "NFR-002"}) {
		t.Errorf("linked = %v", a.LinkedRequirements)
	}
	// "As the …" is a story, and an id in a code span links it, as in
	// user-stories.json.
	if b.ID != "US-001" || b.At.N != 2 || len(b.Links) != 1 || b.Links[0].ID != "FR-009" {
		t.Errorf("second story = %+v", b)
	}
}

func TestPrioritiesAtTheirLines(t *testing.T) {
	p, at := PrioritiesAt("Ranked:\n- FR-001: Must Have\n- FR-002, US-001: High\n- FR-001: Won't Have")
	want := []PriorityAt{{Line{1, "FR-001: Must Have"}, []string{"FR-001"}, "Must Have"},
		{Line{2, "FR-002, US-001: High"}, []string{"FR-002", "US-001"}, ""},
		{Line{3, "FR-001: Won't Have"}, []string{"FR-001"}, "Won't Have"}}
	if !reflect.DeepEqual(at, want) {
		t.Errorf("lines = %+v", at)
	}
	if p.Of["FR-001"] != "Won't Have" || !reflect.DeepEqual(p, ParsePriorities("Ranked:\n- FR-001: Must Have\n- FR-002, US-001: High\n- FR-001: Won't Have")) {
		t.Errorf("priorities = %+v", p)
	}
}

func TestDecisionsAtTheirLines(t *testing.T) {
	got := DecisionsAt("- Decision: Storage -- we keep files\n- Decision: CSV writer -- chosen: csv module (no dependency); alternatives: pandas")
	if len(got) != 1 || got[0].Title != "CSV writer" || got[0].At.N != 1 || got[0].Chosen.Pros != "no dependency" || len(got[0].Options) != 2 {
		t.Errorf("DecisionsAt = %+v", got)
	}
}
