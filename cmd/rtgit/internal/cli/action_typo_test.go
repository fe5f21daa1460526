package cli

import (
	"strings"
	"testing"
)

// A mistyped command on the pull request gets "did you mean" and help,
// and costs no commit: nothing changed, so nothing is committed, and the
// reply's marker keeps a second run from answering it again.
func TestActionMistypedCommandSuggestsAndCommitsNothing(t *testing.T) {
	h := newHarness(t)
	tip := h.tip()
	for _, tc := range []struct{ body, want string }{
		{"/rtgit contine", "did you mean `/rtgit continue`?"},
		{"/rtgit depth superdeep", "did you mean `/rtgit deep`?"},
		{"/rtgit stauts", "did you mean `/rtgit status`?"},
	} {
		c, out := h.comment(alice, tc.body)
		if h.tip() != tip {
			t.Errorf("%q moved the branch: %s", tc.body, gitCmd(t, h.origin, "log", "-1", "--format=%s", "rtgit/"+testSlug))
		}
		replies := h.replies()
		last := replies[len(replies)-1]
		mustContain(t, "the reply to "+tc.body, last, tc.want, "Nothing was changed.", "Commands:")
		// Run again for the same comment: it is answered once.
		if out, err := h.run("issue_comment", h.api.IssueCommentEvent(c)); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if n := len(h.replies()); n != len(replies) {
			t.Errorf("%q was answered again on a second run (%d replies, then %d)", tc.body, len(replies), n)
		}
		_ = out
	}
	// "/rtgit depth standard" is "/rtgit standard", and is applied.
	h.comment(alice, "/rtgit depth standard")
	if h.tip() == tip {
		t.Error("/rtgit depth standard changed nothing")
	}
	if m := h.originFile(metaJSON); !strings.Contains(m, `"00-quick-scan": "standard"`) {
		t.Errorf("meta.json has no standard override:\n%s", m)
	}
}

// /rtgit abandon on the pull request records the reason, committed on the
// analysis branch, as `rtgit abandon --reason` does.
func TestActionAbandonRecordsTheReason(t *testing.T) {
	h := newHarness(t)
	h.comment(alice, "/rtgit abandon Finance buys a reporting tool instead")
	if m := h.originFile(metaJSON); !strings.Contains(m, `"as": "abandoned"`) || !strings.Contains(m, `"reason": "Finance buys a reporting tool instead"`) {
		t.Errorf("meta.json on origin:\n%s", m)
	}
	replies := h.replies()
	mustContain(t, "the reply", replies[len(replies)-1], "csv-export is abandoned: Finance buys a reporting tool instead.")
}
