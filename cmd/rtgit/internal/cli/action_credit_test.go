package cli

import (
	"strings"
	"testing"
)

// A model's draft confirmed by a writer's comment is credited to that
// writer's login, in meta.json and in the Source the artifacts read, not
// to the runner's git identity; another writer's comment is credited to
// them.
func TestActionDraftCreditedToWhoConfirmedIt(t *testing.T) {
	h := newHarness(t)
	stubModel(t, h)
	h.comment(alice, "/rtgit skip")
	h.comment(alice, "/rtgit brief")
	answer := h.originFile("docs/requirements/csv-export/answers/01-01-business-context.md")
	mustContain(t, "the brief answer file", answer, "rtgit:ai id=", "Bookkeepers at customer firms")
	_, out := h.comment(bob, "C")
	meta := h.originFile(metaJSON)
	mustContain(t, "meta.json", meta, `"source": "ai-draft, confirmed by @bob"`)
	if strings.Contains(meta, "Dana Developer") || strings.Contains(meta, "confirmed by @alice") {
		t.Errorf("meta.json credits the runner or the wrong person:\n%s\n%s", meta, out)
	}
}
