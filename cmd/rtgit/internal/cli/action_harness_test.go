package cli

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rtgit/rtgit/review/githubtest"
)

// The end-to-end harness: a real bare repository as origin, an in-memory
// GitHub speaking the REST API, and real webhook payloads patched per case.
// Each run of the action gets a fresh clone on main, as actions/checkout
// leaves an issue_comment workflow.

const (
	testRepo = "acme/invoices"
	testSlug = "csv-export"
	testPR   = 7
	answerMD = "docs/requirements/csv-export/answers/00-01-scope-estimation.md"
	metaJSON = "docs/requirements/csv-export/meta.json"
)

var (
	alice   = githubtest.User{Login: "alice", Type: "User"}   // write access
	bob     = githubtest.User{Login: "bob", Type: "User"}     // maintain
	mallory = githubtest.User{Login: "mallory", Type: "User"} // read only
	helper  = githubtest.User{Login: "helper[bot]", Type: "Bot"}
)

type harness struct {
	t      *testing.T
	origin string
	api    *githubtest.Server
	// env overrides the workflow's environment (a "" value unsets).
	env map[string]string
	// sleep stands in for the action's waits; nil returns at once.
	sleep func(context.Context, time.Duration) error
	// shallow makes each workspace a --depth 1 clone, as the workflow's
	// checkout leaves it.
	shallow bool
}

func gitCmd(t testing.TB, dir string, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	home := t.TempDir()
	cfg := filepath.Join(home, ".gitconfig")
	if err := os.WriteFile(cfg, []byte("[user]\n\tname = Dana Developer\n\temail = dana@example.com\n[init]\n\tdefaultBranch = main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", home)
	t.Setenv("GIT_CONFIG_GLOBAL", cfg)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")

	src := filepath.Join(t.TempDir(), "src")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	gitCmd(t, src, "init", "-q", "-b", "main")
	if err := os.WriteFile(filepath.Join(src, "README.md"), []byte("# invoices\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitCmd(t, src, "add", "README.md")
	gitCmd(t, src, "commit", "-q", "-m", "initial")
	var out, errb bytes.Buffer
	if code := Run([]string{"-C", src, "new", "--slug", testSlug, "Let customers export invoices as CSV"}, Streams{In: strings.NewReader(""), Out: &out, Err: &errb}); code != 0 {
		t.Fatalf("rtgit new: %d\n%s%s", code, out.String(), errb.String())
	}
	gitCmd(t, src, "switch", "-q", "main")
	h := &harness{t: t, origin: filepath.Join(t.TempDir(), "origin.git")}
	gitCmd(t, src, "clone", "-q", "--bare", src, h.origin)

	h.api = githubtest.New(testRepo)
	t.Cleanup(h.api.Close)
	h.api.Unexpected = func(method, path string) { t.Errorf("unexpected API call: %s %s", method, path) }
	h.api.Permissions["alice"] = "write"
	h.api.Permissions["bob"] = "write"
	h.api.Permissions["mallory"] = "read"
	h.api.OpenPR(testPR, "rtgit/"+testSlug, h.tip())
	return h
}

// tip is the analysis branch's commit on origin.
func (h *harness) tip() string { return gitCmd(h.t, h.origin, "rev-parse", "rtgit/"+testSlug) }

// originFile reads a file from the analysis branch on origin.
func (h *harness) originFile(path string) string {
	return gitCmd(h.t, h.origin, "show", "rtgit/"+testSlug+":"+path)
}

// workspace is a fresh clone of origin on main. It is cloned through git's
// transport (--no-local), as a runner clones from GitHub: a local clone
// copies the object files one by one, and while another run pushes it can
// copy a new commit without the trees beneath it, a clone no server would
// hand out; a later fetch then takes the commit for present and stops.
func (h *harness) workspace() string {
	ws := filepath.Join(h.t.TempDir(), "ws")
	if h.shallow {
		gitCmd(h.t, h.origin, "clone", "-q", "--depth", "1", "--no-tags", "file://"+h.origin, ws)
		return ws
	}
	gitCmd(h.t, h.origin, "clone", "-q", "--no-local", h.origin, ws)
	return ws
}

// run runs `rtgit action` in a fresh workspace for one event.
func (h *harness) run(event string, payload []byte) (string, error) {
	return h.runIn(h.workspace(), event, payload)
}

func (h *harness) runIn(ws, event string, payload []byte) (string, error) {
	dir := h.t.TempDir()
	path := filepath.Join(dir, "event.json")
	if err := os.WriteFile(path, payload, 0o644); err != nil {
		h.t.Fatal(err)
	}
	env := map[string]string{
		"GITHUB_EVENT_NAME":   event,
		"GITHUB_EVENT_PATH":   path,
		"GITHUB_REPOSITORY":   testRepo,
		"GITHUB_API_URL":      h.api.APIURL(),
		"GITHUB_SERVER_URL":   h.api.URL,
		"GITHUB_TOKEN":        githubtest.BotToken,
		"GITHUB_STEP_SUMMARY": filepath.Join(dir, "summary.md"),
	}
	for k, v := range h.env {
		env[k] = v
	}
	sleep := h.sleep
	if sleep == nil {
		sleep = func(context.Context, time.Duration) error { return nil }
	}
	o := &actionOptions{globals: &globals{dir: ws}, remote: "origin", getenv: func(k string) string { return env[k] },
		sleep: sleep}
	var out bytes.Buffer
	err := runAction(context.Background(), o, Streams{In: strings.NewReader(""), Out: &out, Err: &out})
	h.syncHeads()
	if summary, rerr := os.ReadFile(env["GITHUB_STEP_SUMMARY"]); rerr == nil {
		out.WriteString("\n--- summary\n" + string(summary))
	}
	return out.String(), err
}

// syncHeads moves each pull request's head to its branch's tip on
// origin, as GitHub does on a push: a review is given on the head (its
// commit_id), so the head must follow what the action pushed.
func (h *harness) syncHeads() {
	h.api.Do(func() {
		for _, pr := range h.api.PRs {
			out, err := exec.Command("git", "-C", h.origin, "rev-parse", "--verify", "-q", "refs/heads/"+pr.HeadRef).Output()
			if err == nil {
				pr.HeadSHA = strings.TrimSpace(string(out))
			}
		}
	})
}

// comment adds a conversation comment and runs the action for it.
func (h *harness) comment(u githubtest.User, body string) (*githubtest.Comment, string) {
	h.t.Helper()
	c := h.api.AddComment("ic", testPR, u, body)
	start := time.Now()
	out, err := h.run("issue_comment", h.api.IssueCommentEvent(c))
	// The figure docs/performance.md quotes for a reply; never asserted.
	h.t.Logf("rtgit action on a comment: %v", time.Since(start).Round(time.Millisecond))
	if err != nil {
		h.t.Fatalf("rtgit action: %v\n%s", err, out)
	}
	return c, out
}

// replies returns the bodies of everything the action wrote, dashboard
// excluded.
func (h *harness) replies() []string {
	var out []string
	for _, c := range h.api.Replies() {
		if !strings.Contains(c.Body, "rtgit:bot dashboard") {
			out = append(out, c.Body)
		}
	}
	return out
}

func (h *harness) dashboard() string {
	for _, c := range h.api.Replies() {
		if strings.Contains(c.Body, "rtgit:bot dashboard") {
			return c.Body
		}
	}
	return ""
}

func mustContain(t *testing.T, what, got string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, got)
		}
	}
}

func equalStrings(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("%s = %q, want %q", what, got, want)
	}
}

// Answers long enough for step 00-01's rules.
const (
	ansChange     = "Customers download their invoices as one CSV file for bookkeeping."
	ansBoundaries = "The PDF download and the JSON listing stay exactly as they are."
	ansExample    = "Dana the bookkeeper exports March invoices in one click instead of opening 38 PDFs."
)
