package cli

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/review/githubtest"
	"github.com/rtgit/rtgit/steps/meta"
)

// reviewOn submits a review on pull request pr and runs the action.
func (h *harness) reviewOn(pr int, u githubtest.User, state, body string) string {
	h.t.Helper()
	c := h.api.AddReview(pr, u, state, body)
	out, err := h.run("pull_request_review", h.api.ReviewEvent(c))
	if err != nil {
		h.t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	return out
}

// approvedBy maps each area to who has a current approval of it, on
// origin's analysis branch.
func approvedBy(h *harness, slug string) map[string][]string {
	h.t.Helper()
	md, err := meta.Parse("meta.json", []byte(gitCmd(h.t, h.origin, "show", "rtgit/"+slug+":docs/requirements/"+slug+"/meta.json")))
	if err != nil {
		h.t.Fatal(err)
	}
	out := map[string][]string{}
	for _, a := range md.Acceptance {
		if a.State == meta.AcceptCurrent {
			out[a.Area] = append(out[a.Area], a.By)
		}
	}
	return out
}

// An Approve review names areas only on its first line, and only when
// that line is nothing but areas; a mention in prose ("I have not looked
// at the design") adds nothing, and the review approves what the policy
// says a plain approval covers.
func TestReviewNamesAreasOnlyExplicitly(t *testing.T) {
	h := newPublishHarness(t)
	h.api.Permissions["bob"] = "write"
	h.onMain("signoff:\n  plain_approval: [requirements]\n")
	h.reviewOn(8, alice, "approved", "Requirements look right. I have not looked at the design.")
	got := approvedBy(h, demoSlug)
	if strings.Join(got["requirements"], ",") != "@alice" || len(got["design"]) != 0 || len(got["architecture"]) != 0 {
		t.Errorf("after a plain approval mentioning the design: %v", got)
	}
	h.reviewOn(8, bob, "approved", "Design, tasks\n\nThe requirements still need work, I think.")
	got = approvedBy(h, demoSlug)
	if strings.Join(got["design"], ",") != "@bob" || strings.Join(got["tasks"], ",") != "@bob" || strings.Join(got["requirements"], ",") != "@alice" {
		t.Errorf("after bob's review naming design and tasks: %v", got)
	}
}
