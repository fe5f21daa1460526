package cli

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/review/githubtest"
)

// checkRun is the one check run a harness's runs wrote.
func checkRun(t *testing.T, h *harness) githubtest.CheckRun {
	t.Helper()
	var runs []githubtest.CheckRun
	h.api.Do(func() {
		for _, r := range h.api.CheckRuns {
			runs = append(runs, *r)
		}
	})
	if len(runs) != 1 {
		t.Fatalf("%d check runs, want 1: %+v", len(runs), runs)
	}
	return runs[0]
}

// annotations lists a check run's annotations as "level title path:line".
func annotations(r githubtest.CheckRun) []string {
	var out []string
	for _, a := range r.Annotations {
		out = append(out, a.GetAnnotationLevel()+" "+a.GetTitle()+" "+a.GetPath())
	}
	return out
}

// The check run's levels are the default branch's .rtgit/config.yaml,
// never the pull request's: here main makes the read-only change a note
// and the unplanned file an error, and the pull request's own file,
// which turns both off, is not read.
func TestActionVerifyLevelsComeFromDefaultBranch(t *testing.T) {
	h := verifyHarness(t, 2)
	h.commitFile("main", ".rtgit/config.yaml", "verify:\n  levels:\n    read-only-changed: note\n    unplanned-file: error\n", "rtgit: verify levels")
	ws := h.commitFile("export", ".rtgit/config.yaml", "verify:\n  levels:\n    read-only-changed: \"off\"\n    unplanned-file: \"off\"\n", "rtgit: relax verify")
	h.api.Do(func() { h.api.PRs[8].HeadSHA = gitCmd(t, ws, "rev-parse", "HEAD") })
	out, err := h.run("pull_request", h.api.PullRequestEvent("synchronize", 8, alice))
	if err != nil {
		t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	r := checkRun(t, h)
	equalStrings(t, "annotations", annotations(r), []string{"failure unplanned-file src/f01.go", "notice read-only-changed README.md"})
	if r.Conclusion != "failure" || r.Title != "1 error, 0 warnings, 1 note" {
		t.Errorf("check run %q: %s", r.Title, r.Conclusion)
	}
	if c := h.api.CommentsOn(8); len(c) != 1 || !strings.Contains(c[0].Body, "1 error, 0 warnings, 1 note") {
		t.Errorf("comments: %+v", c)
	}
}
