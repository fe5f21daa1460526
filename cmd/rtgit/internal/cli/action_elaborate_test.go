package cli

import (
	"strings"
	"testing"
)

// Elaboration mode in code review: E opens the roundtable, each comment is
// a turn committed and pushed on its own, the personas answer in replies,
// and "done" writes the synthesis to the branch.
func TestActionElaborationRoundtable(t *testing.T) {
	h := newHarness(t)
	const file = "docs/requirements/csv-export/answers/00-01-scope-estimation.elaboration.md"

	h.comment(alice, "E")
	first := h.replies()[len(h.replies())-1]
	mustContain(t, "reply to E", first, "Elaboration mode: a roundtable on Step 00-01: Scope Estimation",
		"Maya Chen", "Alex Rivera (Solutions Architect)", "Jordan Park (System Designer)")
	mustContain(t, "elaboration file on origin", h.originFile(file), "step_id: 00-01", "kind: question")

	before := h.tip()
	h.comment(bob, "Alex, customers with thousands of invoices will download the CSV at month end.")
	if h.tip() == before {
		t.Fatal("a turn was not committed and pushed")
	}
	turn := h.replies()[len(h.replies())-1]
	mustContain(t, "reply to the turn", turn, "Alex Rivera", "Good point about \"customers with thousands of invoices")
	mustContain(t, "transcript on origin", h.originFile(file), "customers with thousands of invoices")

	h.comment(alice, "done")
	last := h.replies()[len(h.replies())-1]
	mustContain(t, "reply to done", last, "Let me pull this together: we gathered 1 insight")
	scan := h.originFile("docs/requirements/csv-export/quick-scan.md")
	mustContain(t, "synthesis on origin", scan, "<!-- Elaboration: step 00-01, ", "### Elaboration Insights (Step 00-01: Scope Estimation)",
		"- [@bob] Alex, customers with thousands of invoices")
	for _, wrong := range []string{"[Alex]", "[Maya]", "[User]"} {
		if strings.Contains(scan, wrong) {
			t.Errorf("synthesis on origin credits %s with a user's words:\n%s", wrong, scan)
		}
	}
	mustContain(t, "transcript on origin", h.originFile(file), "by: '@bob'", "**@bob:** Alex, customers")
	mustContain(t, "meta.json on origin", h.originFile(metaJSON), `"turn_count": 1`, `"synthesis_summary": "we gathered 1 insight, 0 decisions and 0 open questions"`)
}
