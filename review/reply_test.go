package review

import (
	"errors"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps/roundtable"
)

// A step refused for its problems gets the critic's warnings in the same
// reply on the pull request, after the problems and apart from them, so
// nobody takes a warning for something that blocks the step.
func TestReplyListsWarningsWithTheProblems(t *testing.T) {
	r := &roundtable.Reply{
		Problems: []string{"docs/requirements/csv/answers/01-06-feature-definition.md:17: Maya Chen: FR-001 is defined twice [duplicate-id]"},
		Notes:    []string{"docs/requirements/csv/answers/01-06-feature-definition.md:19: Maya Chen: FR-003 states no behaviour of the system [fr-no-behaviour]"},
	}
	body := RenderReply("csv", r, errors.New("answers incomplete"))
	p := strings.Index(body, "**Still needed before this step can complete:**\n\n- docs/requirements/csv/answers/01-06-feature-definition.md:17: ")
	n := strings.Index(body, "**Worth a second look while you are there** (none of these blocks the step):\n\n- docs/requirements/csv/answers/01-06-feature-definition.md:19: ")
	if p < 0 || n < 0 || n < p {
		t.Errorf("the reply does not list the problems, then the warnings:\n%s", body)
	}
}
