package cli

import (
	"github.com/rtgit/rtgit/review/githubtest"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// `rtgit publish --dry-run` works from the files alone: no token, no
// reachable API, no --login; and its summary counts what its lines list.
func TestPublishDryRunOfflineAgreesWithItsLines(t *testing.T) {
	h := newPublishHarness(t)
	ws := h.workspace()
	gitCmd(t, ws, "switch", "-q", "rtgit/"+demoSlug)
	t.Setenv("GITHUB_TOKEN", "")
	t.Setenv("GH_TOKEN", "")
	t.Setenv("GITHUB_API_URL", "http://127.0.0.1:1") // nothing listens: a call would fail the run
	t.Setenv("GITHUB_REPOSITORY", testRepo)

	code, out := runRtgit(t, "-C", ws, "publish", "--dry-run")
	if code != 0 {
		t.Fatalf("publish --dry-run without a token: %d\n%s", code, out)
	}
	mustContain(t, "output", out, "Offline dry run: from the files alone; GitHub is asked nothing.", "would create an issue: "+demoSlug+": T001")
	creates := strings.Count(out, "would create an issue: ")
	writes := strings.Count(out, "\nwould ")
	if strings.HasPrefix(out, "would ") {
		writes++
	}
	m := regexp.MustCompile(`Would publish (\d+) tasks on #7: (\d+) new, 0 updated, 0 unchanged, 0 no longer in the plan; (\d+) writes\.`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no summary on #7:\n%s", out)
	}
	if m[1] != strconv.Itoa(creates) || m[2] != strconv.Itoa(creates) || m[3] != strconv.Itoa(writes) {
		t.Errorf("summary %q, but the lines list %d creates and %d writes:\n%s", m[0], creates, writes, out)
	}
	if n := len(h.api.IssuesBy(githubtest.Bot)); n != 0 {
		t.Errorf("an offline dry run created %d issues", n)
	}

	// --offline needs --dry-run.
	if code, out := runRtgit(t, "-C", ws, "publish", "--offline"); code != 2 || !strings.Contains(out, "--offline needs --dry-run") {
		t.Errorf("publish --offline: %d\n%s", code, out)
	}
}
