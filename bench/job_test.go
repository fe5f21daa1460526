package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The simulated job's workflow runs gh, which is this test binary under
// that name (gh.go).
func TestMain(m *testing.M) {
	if filepath.Base(os.Args[0]) == "gh" {
		os.Exit(ghMain(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// realEvent is one of the real webhook payloads review/githubtest holds
// (MIT, see its events/LICENSE-octokit-webhooks), as GitHub sent it.
func realEvent(t *testing.T, name string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "review", "githubtest", "events", name+".payload.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// The job's if: in the workflow rtgit init writes starts no runner for
// the real payloads of a comment on a plain issue and a review comment on
// a branch that is not rtgit/*, and starts one once the same payloads are
// on a pull request and on an analysis branch.
func TestWorkflowIfOnRealPayloads(t *testing.T) {
	var wf workflowFile
	if err := readYAML(filepath.Join("..", "templates", "init", "rtgit.yml"), &wf); err != nil {
		t.Fatal(err)
	}
	cond := wf.Jobs["rtgit"].If
	decide := func(event string, payload map[string]any) bool {
		t.Helper()
		ok, err := evalIf(cond, map[string]any{"github": map[string]any{"event_name": event, "event": payload}})
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}

	issue := realEvent(t, "issue_comment_created")
	if decide("issue_comment", issue) {
		t.Errorf("a comment on a plain issue starts the job")
	}
	issue["issue"].(map[string]any)["pull_request"] = map[string]any{"url": "https://api.github.com/repos/o/r/pulls/1"}
	if !decide("issue_comment", issue) {
		t.Errorf("a comment on a pull request does not start the job")
	}

	review := realEvent(t, "pull_request_review_comment_created")
	head := review["pull_request"].(map[string]any)["head"].(map[string]any)
	if ref := head["ref"]; decide("pull_request_review_comment", review) || strings.HasPrefix(ref.(string), "rtgit/") {
		t.Errorf("a review comment on branch %v starts the job", ref)
	}
	head["ref"] = "rtgit/export-invoices-csv"
	if !decide("pull_request_review_comment", review) || !decide("pull_request_review", review) {
		t.Errorf("a review event on an analysis branch does not start the job")
	}
	if !decide("push", map[string]any{"ref": "refs/heads/rtgit/x"}) {
		t.Errorf("a push to an analysis branch does not start the job")
	}
}

// GitHub's expression rules the workflow's conditions depend on: an
// output of a step that never ran is null, which is not 'false'; strings
// compare ignoring case; || yields an operand.
func TestEvalExpressions(t *testing.T) {
	ctx := map[string]any{
		"steps":  map[string]any{"pr": map[string]any{"outputs": map[string]any{"analysis": "false"}}},
		"github": map[string]any{"event_name": "Issue_Comment", "action_ref": "v1", "event": map[string]any{"number": 7.0}},
		"inputs": map[string]any{"version": ""},
	}
	for cond, want := range map[string]bool{
		"steps.pr.outputs.analysis != 'false'":    false,
		"steps.other.outputs.analysis != 'false'": true,
		"github.event_name == 'issue_comment'":    true,
		"${{ startsWith('RTGIT/x', 'rtgit/') }}":  true,
		"!github.event.pull_request":              true,
		"github.event.number == '7'":              true,
		"github.event.number > 8 || null":         false,
		"contains(github.event_name, 'COMMENT')":  true,
		"success() && !cancelled()":               true,
	} {
		got, err := evalIf(cond, ctx)
		if err != nil || got != want {
			t.Errorf("%s = %v (%v), want %v", cond, got, err, want)
		}
	}
	if got, err := interpolate("ref=${{ inputs.version || github.action_ref }}", ctx); err != nil || got != "ref=v1" {
		t.Errorf("interpolate = %q, %v", got, err)
	}
}

// The whole job, simulated on a small repository: a comment on an
// unrelated pull request ends after the pre-check's one API call with
// nothing checked out, installed or pushed; a comment on the analysis
// pull request gets a shallow checkout, a verified release binary (nothing
// built), one commit pushed and a reply.
func TestSimulatedJob(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a release binary and runs whole jobs; the plain go test ./... runs it")
	}
	root := t.TempDir()
	gitconfig := filepath.Join(root, "gitconfig")
	if err := os.WriteFile(gitconfig, []byte("[init]\n\tdefaultBranch = main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	saved := env
	env = append(append([]string(nil), env...), "GIT_CONFIG_GLOBAL="+gitconfig)
	t.Cleanup(func() { env = saved })
	module := moduleRoot()
	bin := filepath.Join(root, "rtgit")
	build := exec.Command("go", "build", "-o", bin, "-ldflags", "-X github.com/rtgit/rtgit/cmd/rtgit/internal/cli.version=1.0.0", "./cmd/rtgit")
	build.Dir = module
	start := time.Now()
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Logf("release binary built in %v", time.Since(start))
	start = time.Now()
	j, err := newJobSim(filepath.Join(root, "job"), module, bin, 200)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	t.Logf("repository and servers set up in %v", time.Since(start))
	tip := j.tip()

	u, err := j.commentJob(jobOtherPR, unrelatedComment)
	if err != nil {
		t.Fatal(err)
	}
	if err := j.checkUnrelated(u); err != nil {
		t.Error(err)
	}
	if ents, _ := os.ReadDir(u.ws); len(ents) != 0 {
		t.Errorf("the unrelated pull request's job checked out %d entries", len(ents))
	}
	if n := j.rel.Requests(); n != 0 || j.replies() != 0 || j.tip() != tip {
		t.Errorf("the unrelated pull request's job downloaded %d release file(s), posted %d replies, moved the branch", n, j.replies())
	}

	a, err := j.commentJob(jobAnalysisPR, fmt.Sprintf(analysisComment, 0))
	if err != nil {
		t.Fatal(err)
	}
	if err := j.checkAnalysis(a, tip, 0); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(filepath.Join(a.ws, ".git", "shallow")); err != nil {
		t.Errorf("the checkout is not shallow: %v", err)
	}
	for _, f := range []string{"checksums.txt", "rtgit_" + runtimeAsset()} {
		if n := j.rel.Count("/" + actionRepo + "/releases/download/" + releaseTag + "/" + f); n != 1 {
			t.Errorf("%s downloaded %d times, want once", f, n)
		}
	}
	if show := must(j.origin, "git", "show", "rtgit/"+benchSlug); !strings.Contains(show, "Keep the column order stable across exports (note 0).") {
		t.Errorf("the pushed commit does not carry the comment:\n%s", tail(show))
	}
	if got := j.answers(); len(got) != 1 || !strings.Contains(got[0], "@alice") {
		t.Errorf("replies: %q, want one to alice", got)
	}
	for _, c := range j.api.Replies() {
		if c.PR != jobAnalysisPR {
			t.Errorf("a comment on #%d: %s", c.PR, c.Body)
		}
	}
	if u.calls != 1 || a.calls < 3 {
		t.Errorf("API requests: unrelated %d, analysis %d", u.calls, a.calls)
	}

	c := j.api.AddLineComment(jobOtherPR, jobCommenter, "README.md", 1, unrelatedComment)
	rv, err := j.runJob("pull_request_review_comment", j.api.ReviewCommentEvent(c))
	if err != nil || len(rv.steps) != 1 || rv.steps[0].ran || rv.calls != 0 {
		t.Errorf("a review comment on %s: %+v, %v", jobOtherHead, rv, err)
	}

	alone, calls, out, err := j.actionAlone(jobOtherPR, unrelatedComment)
	if err != nil || calls != 1 || !strings.Contains(out, "not an analysis pull request") {
		t.Errorf("rtgit action alone on the unrelated pull request: %d API request(s), %v\n%s", calls, err, out)
	}
	if n := j.unexpected.Load(); n != 0 {
		t.Errorf("%d unexpected API call(s)", n)
	}
	var b strings.Builder
	writeJob(&b, jobMeasure{label: "200", unrelated: []jobRun{u}, analysis: []jobRun{a}, review: rv, alone: alone, aloneCalls: calls, archiveSize: j.archiveSize}, 1)
	t.Logf("%s", b.String())
}
