package model

import (
	"slices"
	"testing"

	"github.com/rtgit/rtgit/steps"
)

// Build reads each piece once, with where it was written: the step, the
// question, the answer file and the file's line.
func TestBuildReadsOnceWithSources(t *testing.T) {
	file := "docs/requirements/x/answers/01-06-requirements.md"
	in := Input{Slug: "x", Description: " Export invoices ", Answers: []Answer{
		{Step: "01-06", Question: "requirements", File: file, Line: 12,
			Text:     "Context.\n- FR-001: Export -- the system shall export\n  - AC-001-01: Given a, When b, Then c\n  - AC-001-02: It feels fast",
			Mappings: []steps.Mapping{{Question: "requirements", Transform: "requirements"}}},
		{Step: "01-07", Question: "stories", File: "s.md", Line: 5,
			Text:     "As a clerk, I want to export, so that I can reconcile (FR-001)\n  - Given x, When y, Then z",
			Mappings: []steps.Mapping{{Question: "stories", Transform: "user-stories"}}},
		{Step: "01-08", Question: "priorities", Text: "FR-001: Must Have",
			Mappings: []steps.Mapping{{Question: "priorities", Transform: "traceability"}}},
		{Step: "02-03", Question: "mitigations", Text: "Behind a flag."},
	}}
	a := Build(in)
	if a.Title != "Export invoices" || a.Description != " Export invoices " {
		t.Errorf("title %q, description %q", a.Title, a.Description)
	}
	if len(a.Requirements) != 1 {
		t.Fatalf("requirements: %+v", a.Requirements)
	}
	r := a.Requirements[0]
	if want := (Source{Step: "01-06", Question: "requirements", File: file, Line: 13}); r.Source != want {
		t.Errorf("FR-001 source = %+v, want %+v", r.Source, want)
	}
	if r.Priority != "Must Have" || len(r.Stories) != 1 || r.Stories[0] != "US-001" {
		t.Errorf("priority %q, stories %q", r.Priority, r.Stories)
	}
	if len(r.Criteria) != 2 || r.Criteria[0].Flagged || len(r.Criteria[0].Steps) != 3 || !r.Criteria[1].Flagged {
		t.Errorf("criteria not split into Given/When/Then (a prose one flagged): %+v", r.Criteria)
	}
	if len(a.Stories) != 1 || a.Stories[0].Source.Line != 5 || len(a.Stories[0].Criteria) != 1 || a.Stories[0].Criteria[0].Flagged {
		t.Errorf("stories: %+v", a.Stories)
	}
	if a.Mitigations != "Behind a flag." || a.Priorities.Of["FR-001"] != "Must Have" {
		t.Errorf("mitigations %q, priorities %v", a.Mitigations, a.Priorities.Of)
	}
}

// The quality requirements answer feeds the NFR matrix and the
// specification's section; an answer read by both, or the same text
// asked twice, is one list of NFRs.
func TestBuildReadsNFRsOnce(t *testing.T) {
	both := []steps.Mapping{{Transform: "nfr-matrix"}, {Transform: "nfrs"}}
	a := Build(Input{Answers: []Answer{
		{Step: "01-05", Question: "nfrs", Text: "NFR-001: Performance: p95 under 2s\nSecurity: no PII in logs", Mappings: both},
		{Step: "01-09", Question: "again", Text: "NFR-001: Performance: p95 under 2s\nSecurity: no PII in logs\n", Mappings: both},
		{Step: "01-10", Question: "matrix", Text: "NFR-009: Usability: reads naturally", Mappings: []steps.Mapping{{Transform: "nfr-matrix"}}},
	}})
	var ids []string
	for _, n := range a.NFRs {
		ids = append(ids, n.ID)
	}
	if want := []string{"NFR-001", "NFR-002", "NFR-009"}; !slices.Equal(ids, want) {
		t.Errorf("NFRs = %q, want %q", ids, want)
	}
	if s := a.NFRs[2].Source; s.Step != "01-10" {
		t.Errorf("NFR-009 read from %+v, want 01-10", s)
	}
}
