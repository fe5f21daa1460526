package main

import (
	"archive/tar"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/rtgit/rtgit/review/githubtest"
)

// Kill points inside `rtgit action`: a real bare repository as origin, the
// in-memory GitHub on loopback, and the binary run as a workflow step would
// run it. It is stopped at every point it reaches (checking out the
// branch, writing the answer, committing, pushing), then a new workflow
// run handles the same event. On a GitHub-hosted runner that run starts
// from a fresh clone; on a self-hosted one from the same folder after
// actions/checkout has cleaned it. Either way the comment's change must
// land on the remote branch exactly once, be recorded once in
// processed_comments, and leave git fsck clean on the origin.

const (
	actionRepo = "acme/invoices"
	actionPR   = 7
)

var actionWriter = githubtest.User{Login: "alice", Type: "User"}

type actionScenario struct {
	name    string
	setup   [][]string // rtgit commands on the branch before it is pushed
	comment string
}

func actionScenarios() []actionScenario {
	answered := [][]string{
		{"answer", "csv", "change", corpusChange},
		{"answer", "csv", "boundaries", corpusBoundaries},
		{"answer", "csv", "example", corpusExample},
	}
	return []actionScenario{
		{name: "answer", setup: answered[:2], comment: "/rtgit answer example\n" + corpusExample},
		{name: "feedback", comment: "Please also cover refunds issued after the invoice date."},
		// The machine commits the step, then the action commits meta.json:
		// two commits, so each git point is reached twice.
		{name: "continue", setup: answered, comment: "C"},
	}
}

// actionOrigin is a bare origin whose rtgit/csv branch is at the start of
// the scenario, with main checked out as the default branch.
func actionOrigin(t *testing.T, tmpl string, sc actionScenario) string {
	src := filepath.Join(t.TempDir(), "src")
	copyDir(t, tmpl, src)
	mustRun(t, src, "new", "--slug", "csv", "Let customers export invoices as CSV")
	for _, args := range sc.setup {
		mustRun(t, src, args...)
	}
	if len(sc.setup) > 0 {
		git(t, src, "commit", "-q", "-a", "-m", "answers pushed from a laptop")
	}
	git(t, src, "switch", "-q", "main")
	origin := filepath.Join(t.TempDir(), "origin.git")
	git(t, "", "clone", "-q", "--bare", src, origin)
	return origin
}

// actionCase is one pull request with one writer's comment waiting, on its
// own copy of the origin and its own fake GitHub.
type actionCase struct {
	t       *testing.T
	origin  string
	api     *githubtest.Server
	comment *githubtest.Comment
	event   string
}

func newActionCase(t *testing.T, origin, body string) *actionCase {
	c := &actionCase{t: t, origin: filepath.Join(t.TempDir(), "origin.git")}
	copyDir(t, origin, c.origin)
	c.api = githubtest.New(actionRepo)
	t.Cleanup(c.api.Close)
	c.api.Permissions[actionWriter.Login] = "write"
	c.api.OpenPR(actionPR, "rtgit/csv", strings.TrimSpace(git(t, c.origin, "rev-parse", "rtgit/csv")))
	c.comment = c.api.AddComment("ic", actionPR, actionWriter, body)
	c.event = filepath.Join(t.TempDir(), "event.json")
	writeFile(t, c.event, c.api.IssueCommentEvent(c.comment))
	return c
}

// clone is a workflow's fresh checkout: the default branch.
func (c *actionCase) clone() string {
	ws := filepath.Join(c.t.TempDir(), "ws")
	git(c.t, "", "clone", "-q", c.origin, ws)
	return ws
}

func (c *actionCase) run(ws string, env map[string]string) (int, string) {
	all := map[string]string{
		"GITHUB_EVENT_NAME": "issue_comment",
		"GITHUB_EVENT_PATH": c.event,
		"GITHUB_REPOSITORY": actionRepo,
		"GITHUB_API_URL":    c.api.APIURL(),
		"GITHUB_SERVER_URL": c.api.URL,
		"GITHUB_TOKEN":      githubtest.BotToken,
	}
	for k, v := range env {
		all[k] = v
	}
	return rtgitProc(ws, all, "action")
}

// state is the analysis branch on the origin: its commit subjects, every
// file's bytes (timestamps masked) and fsck.
func (c *actionCase) state() string {
	t := c.t
	var b strings.Builder
	b.WriteString(git(t, c.origin, "log", "--format=%s", "rtgit/csv"))
	out, err := exec.Command("git", "-C", c.origin, "archive", "--format=tar", "rtgit/csv").Output()
	if err != nil {
		t.Fatalf("git archive: %v", err)
	}
	tr := tar.NewReader(bytes.NewReader(out))
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		if h.Typeflag == tar.TypeReg {
			fmt.Fprintf(&b, "%s %x\n", h.Name, sha256.Sum256(timestampRe.ReplaceAll(data, []byte("TIME"))))
		}
	}
	// A commit whose push never landed is unreachable, not damage.
	if out, err := gitOut(c.origin, "fsck", "--no-progress", "--no-dangling", "--strict"); err != nil || out != "" {
		b.WriteString("fsck: " + out)
	}
	return b.String()
}

// processed counts the comment in meta.json's processed_comments.
func (c *actionCase) processed() int {
	var m struct {
		Processed []string `json:"processed_comments"`
	}
	if err := json.Unmarshal([]byte(git(c.t, c.origin, "show", "rtgit/csv:docs/requirements/csv/meta.json")), &m); err != nil {
		c.t.Fatal(err)
	}
	n := 0
	for _, id := range m.Processed {
		if id == fmt.Sprintf("%s-%d", c.comment.Kind, c.comment.ID) {
			n++
		}
	}
	return n
}

// replies counts rtgit's replies to the comment.
func (c *actionCase) replies() int { return len(c.replyBodies()) }

// replyBodies are rtgit's replies to the comment.
func (c *actionCase) replyBodies() []string {
	var out []string
	for _, r := range c.api.Replies() {
		if strings.Contains(r.Body, "reply=ic-"+strconv.FormatInt(c.comment.ID, 10)+" ") {
			out = append(out, r.Body)
		}
	}
	return out
}

// tracedPoints lists every arrival at a point, as "<point>#<n>" for the
// nth arrival, in order.
// reference runs the scenario's action once, cleanly, on an origin of its
// own, and returns that origin, the run and the points it reached.
func (sc actionScenario) reference(t *testing.T, tmpl string) (string, *actionCase, []string) {
	t.Helper()
	origin := actionOrigin(t, tmpl, sc)
	ref := newActionCase(t, origin, sc.comment)
	trace := filepath.Join(t.TempDir(), "points")
	if code, out := ref.run(ref.clone(), map[string]string{"RTGIT_TRACE_POINTS": trace}); code != 0 {
		t.Fatalf("reference run: exit %d\n%s", code, out)
	}
	return origin, ref, tracedPoints(t, trace)
}

func tracedPoints(t *testing.T, path string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		seen[l]++
		out = append(out, fmt.Sprintf("%s#%d", l, seen[l]))
	}
	return out
}

// rerunModes are the ways a new workflow run meets the workspace.
var rerunModes = []struct {
	name    string
	prepare func(t *testing.T, c *actionCase, killed string) string
	// mayRefuse allows the rerun to stop with an error instead, as long
	// as a run from a clean checkout afterwards converges.
	mayRefuse bool
}{
	{name: "fresh clone", prepare: func(t *testing.T, c *actionCase, _ string) string { return c.clone() }},
	{name: "same folder, cleaned by actions/checkout", prepare: func(t *testing.T, c *actionCase, ws string) string {
		// What actions/checkout does to an existing folder on a
		// self-hosted runner: drop stale lock files, reset and clean,
		// fetch, and force the default branch.
		removeLeftoverLock(t, ws)
		git(t, ws, "reset", "-q", "--hard")
		git(t, ws, "clean", "-q", "-ffdx")
		git(t, ws, "fetch", "-q", "origin")
		git(t, ws, "checkout", "-q", "-f", "-B", "main", "origin/main")
		return ws
	}},
	// `rtgit action` run by hand in the folder the killed run left, once
	// its index.lock is removed as the message asks: a half-done checkout
	// or commit there is refused, never taken for the branch.
	{name: "same folder as left", prepare: func(t *testing.T, c *actionCase, ws string) string {
		removeLeftoverLock(t, ws)
		return ws
	}, mayRefuse: true},
}

func TestActionKilledAtEveryPoint(t *testing.T) {
	if testing.Short() {
		t.Skip("kill and failure points: skipped with -short")
	}
	tmpl := corpusTemplate(t)
	total := 0
	var afterPush, refused atomic.Int64
	for _, sc := range actionScenarios() {
		t.Run(sc.name, func(t *testing.T) {
			origin, ref, points := sc.reference(t, tmpl)
			if ref.processed() != 1 || ref.replies() != 1 {
				t.Fatalf("reference run: processed %d times, %d replies", ref.processed(), ref.replies())
			}
			want := ref.state()
			pushed := slices.IndexFunc(points, func(p string) bool { return strings.HasPrefix(p, "git: pushed") })
			if pushed < 0 {
				t.Fatalf("the reference run never pushed: %v", points)
			}
			// Every kill starts from its own copy of the origin and its own
			// GitHub, so they run side by side.
			t.Run("points", func(t *testing.T) {
				for i, p := range points {
					for _, mode := range rerunModes {
						t.Run(p+"/"+mode.name, func(t *testing.T) {
							t.Parallel()
							c := newActionCase(t, origin, sc.comment)
							ws := c.clone()
							if code, out := c.run(ws, map[string]string{"RTGIT_KILL_AT": p}); code != 137 {
								t.Fatalf("killed at %q: exit %d, want 137\n%s", p, code, out)
							}
							code, out := c.run(mode.prepare(t, c, ws), nil)
							if code != 0 && mode.mayRefuse && strings.Contains(out, "rtgit: action: ") {
								refused.Add(1)
								code, out = c.run(c.clone(), nil)
							}
							if code != 0 {
								t.Fatalf("killed at %q, rerun in a %s: exit %d\n%s", p, mode.name, code, out)
							}
							if got := c.state(); got != want {
								t.Errorf("killed at %q, rerun in a %s: the branch differs from one clean run:\n%s", p, mode.name, lineDiff(want, got))
							}
							if n := c.processed(); n != 1 {
								t.Errorf("killed at %q, rerun in a %s: the comment is in processed_comments %d times", p, mode.name, n)
							}
							// After the push, the rerun finds the comment
							// applied and answers it late; before, it
							// applies and answers it. Either way, once.
							if n := c.replies(); n != 1 {
								t.Errorf("killed at %q, rerun in a %s: %d replies, want 1", p, mode.name, n)
							} else if i >= pushed {
								afterPush.Add(1)
							}
						})
					}
				}
			})
			total += len(points) * len(rerunModes)
			t.Logf("%s: %d points, each rerun %d ways", sc.name, len(points), len(rerunModes))
		})
	}
	t.Logf("%d kills and reruns; %d reruns by hand in the folder as left refused it; %d kills after the push answered late by the rerun",
		total, refused.Load(), afterPush.Load())
}
