package model

import "testing"

// A transform's reading holds what it renders: an earlier answer left
// blank counts as unanswered, and the interface contract is read only
// from the contracts question.
func TestReadTransform(t *testing.T) {
	lookup := func(ref string) (string, bool) {
		switch ref {
		case "01-06.requirements":
			return "FR-001: export\nFR-002: import", true
		case "01-05.nfrs":
			return "  \n", true
		case "01-08.priorities":
			return "FR-001: Must Have", true
		}
		return "", false
	}
	r := ReadTransform(TransformAnswer{Transform: "user-stories", Step: "01-07", Answer: "As a clerk, I want to export, so that I can reconcile (FR-001)", Lookup: lookup})
	if len(r.Stories) != 1 || r.Priorities.Of["FR-001"] != "Must Have" {
		t.Errorf("stories %+v, priorities %+v", r.Stories, r.Priorities)
	}
	if d := r.Defined; !d.HaveFRs || len(d.FRs) != 2 || d.HaveNFRs || d.HaveStories {
		t.Errorf("defined %+v", d)
	}
	spec := TransformAnswer{Transform: "interface-spec", Question: "consumers", Answer: "operation: export input: id output: csv"}
	if c := ReadTransform(spec).Contract; c.YAML != nil || c.Operations != nil {
		t.Errorf("consumers read as a contract: %+v", c)
	}
	spec.Question = "contracts"
	if c := ReadTransform(spec).Contract; c.Operations == nil {
		t.Errorf("contracts not read: %+v", c)
	}
	if r := ReadTransform(TransformAnswer{Transform: "glossary", Answer: "- Ledger: the book\n- Clerk"}); len(r.Glossary) != 2 || r.Glossary[1] != (Term{"Clerk", ""}) {
		t.Errorf("glossary %+v", r.Glossary)
	}
}
