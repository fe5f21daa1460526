package cli

import (
	"strings"
	"testing"
)

// approve's help says what an approval covers as the digest does: the
// documents (answers, depth, feedback, the artifacts' blocks, settled
// questions), not the answers alone, and how a local approval comes to
// count.
func TestApproveHelpSaysWhatAnApprovalCovers(t *testing.T) {
	_, out := runRtgit(t, "approve", "--help")
	text := strings.Join(strings.Fields(out), " ")
	if strings.Contains(text, "digest of the area's answers") {
		t.Errorf("help says the digest covers the answers alone:\n%s", out)
	}
	for _, want := range []string{
		"a digest of what the area's documents say there",
		"the depth, the answers, the feedback and the text of the step's blocks in the artifacts",
		"(for tasks, the build plan's answer alone)",
		"the tracked questions settled so far with their answers",
		"signed by a key that policy lists for you (signoff.signers)",
		"git commit --amend --no-edit -S",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("help lacks %q:\n%s", want, out)
		}
	}
}
