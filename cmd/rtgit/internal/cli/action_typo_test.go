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
// analysis branch, as `rtgit abandon --reason` does, and closes the pull
// request: once, and only for someone who may drive the analysis.
func TestActionAbandonRecordsTheReason(t *testing.T) {
	h := newHarness(t)
	h.comment(alice, "/rtgit abandon Finance buys a reporting tool instead")
	if m := h.originFile(metaJSON); !strings.Contains(m, `"as": "abandoned"`) || !strings.Contains(m, `"reason": "Finance buys a reporting tool instead"`) {
		t.Errorf("meta.json on origin:\n%s", m)
	}
	replies := h.replies()
	mustContain(t, "the reply", replies[len(replies)-1], "csv-export is abandoned: Finance buys a reporting tool instead.")
	if st := h.api.PRs[testPR].State; st != "closed" {
		t.Errorf("the pull request is %s after /rtgit abandon, want closed", st)
	}
	// A second run on the same comment changes nothing and answers nothing.
	tip := h.tip()
	c := h.api.Comments[len(h.api.Comments)-1]
	for _, x := range h.api.Comments {
		if strings.HasPrefix(x.Body, "/rtgit abandon") {
			c = x
		}
	}
	if out, err := h.run("issue_comment", h.api.IssueCommentEvent(c)); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if h.tip() != tip || len(h.replies()) != len(replies) || h.api.PRs[testPR].State != "closed" {
		t.Errorf("a second run changed something: tip %s -> %s, %d -> %d replies, PR %s", tip, h.tip(), len(replies), len(h.replies()), h.api.PRs[testPR].State)
	}
}

// /rtgit abandon from someone who may not drive the analysis is refused,
// and the pull request stays open.
func TestActionAbandonByReaderLeavesThePROpen(t *testing.T) {
	h := newHarness(t)
	tip := h.tip()
	h.comment(mallory, "/rtgit abandon I do not like it")
	if h.tip() != tip {
		t.Error("a reader's /rtgit abandon moved the branch")
	}
	if st := h.api.PRs[testPR].State; st != "open" {
		t.Errorf("the pull request is %s after a reader's /rtgit abandon, want open", st)
	}
}
