package cli

import (
	"strings"
	"testing"
)

// TestActionTriagesComments: thanks gets a reaction and nothing else; a
// question becomes Q-001 with its author and link, shows on the dashboard
// and in the spec, and /rtgit resolve closes it.
func TestActionTriagesComments(t *testing.T) {
	h := newHarness(t)
	c, _ := h.comment(alice, "LGTM, thanks!")
	equalStrings(t, "reactions on an acknowledgement", h.api.ReactionsOn(c), []string{"eyes", "+1"})
	for _, r := range h.replies() {
		if strings.Contains(r, "LGTM") {
			t.Errorf("an acknowledgement got a reply comment: %q", r)
		}
	}
	if strings.Contains(h.originFile(answerMD), "LGTM") {
		t.Error("an acknowledgement was recorded in the answer file")
	}

	c, _ = h.comment(bob, "What about PowerShell users on Windows?")
	equalStrings(t, "reactions on a question", h.api.ReactionsOn(c), []string{"eyes", "+1"})
	mustContain(t, "meta.json", h.originFile(metaJSON), `"open_questions"`, `"id": "Q-001"`, `"author": "@bob"`, "#issuecomment-")
	mustContain(t, "reply", h.replies()[len(h.replies())-1], "open question Q-001")
	mustContain(t, "dashboard", h.dashboard(), "Tracked open questions", "**Q-001** What about PowerShell users on Windows?")
	mustContain(t, "spec", h.originFile("docs/requirements/"+testSlug+"/requirements-spec.md"), "## Open Questions", "**Q-001**")

	h.comment(alice, "/rtgit resolve Q-001 Yes, PowerShell 7 and later.")
	mustContain(t, "meta.json after resolve", h.originFile(metaJSON), `"status": "resolved"`, `"resolved_by": "@alice"`)
	mustContain(t, "reply to resolve", h.replies()[len(h.replies())-1], "Resolved Q-001")
	if strings.Contains(h.dashboard(), "Tracked open questions") {
		t.Error("the dashboard still lists a resolved question")
	}
	msg := gitCmd(t, h.origin, "log", "-2", "--format=%s", "rtgit/"+testSlug)
	mustContain(t, "commit messages", msg, "rtgit: resolve Q-001")
}
