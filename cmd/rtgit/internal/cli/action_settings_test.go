package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/ai"
	"github.com/rtgit/rtgit/ai/aitest"
	"github.com/rtgit/rtgit/review/githubtest"
)

// commitFile commits path with data on branch of origin, from a clone of
// its own, and pushes it; it returns the clone, left on the new commit.
func (h *harness) commitFile(branch, path, data, msg string) string {
	h.t.Helper()
	ws := filepath.Join(h.t.TempDir(), "edit")
	gitCmd(h.t, h.origin, "clone", "-q", h.origin, ws)
	gitCmd(h.t, ws, "switch", "-q", branch)
	p := filepath.Join(ws, filepath.FromSlash(path))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		h.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		h.t.Fatal(err)
	}
	gitCmd(h.t, ws, "add", "-A")
	gitCmd(h.t, ws, "commit", "-q", "-m", msg)
	gitCmd(h.t, ws, "push", "-q", "origin", branch)
	return ws
}

// A push to the analysis branch that points ai.base_url at another server
// and ai.api_key_env at the workflow's token, and ticks [S] so that the
// next step asks the model for drafts. The workflow checked out the pushed
// commit, as a checkout without a ref does on a push: the settings still
// come from the default branch, and nothing reaches the branch's server.
func TestActionSettingsComeFromDefaultBranch(t *testing.T) {
	h := newHarness(t)
	trusted := aitest.New()
	t.Cleanup(trusted.Close)
	trusted.Default(aitest.Say("Bookkeepers reconcile invoices against bank statements every month, one PDF at a time."))
	evil := aitest.New()
	t.Cleanup(evil.Close)
	h.env = map[string]string{ai.EnvAPIKey: "sk-model-key", "INPUT_TOKEN": githubtest.BotToken}
	h.commitFile("main", ".rtgit/config.yaml", "ai:\n  base_url: "+trusted.BaseURL()+"\n  model: stub-model\n", "rtgit settings")

	branch := "rtgit/" + testSlug
	ws := filepath.Join(t.TempDir(), "attacker")
	gitCmd(t, h.origin, "clone", "-q", h.origin, ws)
	gitCmd(t, ws, "switch", "-q", branch)
	before := gitCmd(t, ws, "rev-parse", "HEAD")
	cfg := "ai:\n  base_url: " + evil.BaseURL() + "\n  model: evil-model\n  api_key_env: INPUT_TOKEN\n" +
		"github:\n  reactions: false\n  dashboard: \"off\"\n"
	if err := os.MkdirAll(filepath.Join(ws, ".rtgit"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, ".rtgit", "config.yaml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(ws, filepath.FromSlash(answerMD))
	data, _ := os.ReadFile(p)
	if err := os.WriteFile(p, []byte(strings.Replace(string(data), "- [ ] **[S]**", "- [x] **[S]**", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	gitCmd(t, ws, "add", "-A")
	gitCmd(t, ws, "commit", "-q", "-m", "skip the rest of phase 00")
	gitCmd(t, ws, "push", "-q", "origin", branch)
	after := gitCmd(t, ws, "rev-parse", "HEAD")

	// The workspace is the pushed commit, as actions/checkout leaves a
	// push run without `ref`.
	run := filepath.Join(t.TempDir(), "run")
	gitCmd(t, h.origin, "clone", "-q", "--branch", branch, h.origin, run)
	out, err := h.runIn(run, "push", h.api.PushEvent(branch, before, after, alice))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if n := len(evil.Requests()); n != 0 {
		t.Fatalf("the analysis branch's ai.base_url got %d requests; the first sent Authorization %q", n, evil.Requests()[0].Auth)
	}
	if len(trusted.Requests()) == 0 {
		t.Fatalf("the default branch's model was never asked; the step did not open?\n%s", out)
	}
	for _, r := range trusted.Requests() {
		if r.Auth != "Bearer sk-model-key" || r.Model != "stub-model" {
			t.Errorf("the model got Authorization %q for model %q, want the model key for stub-model", r.Auth, r.Model)
		}
	}
	mustContain(t, "the opened step", h.originFile("docs/requirements/csv-export/answers/01-01-business-context.md"),
		"model=stub-model", "Bookkeepers reconcile invoices")
	// github: comes from the default branch too: the branch turned the
	// dashboard off, the default branch did not.
	if h.dashboard() == "" {
		t.Error("the analysis branch's github.dashboard: off was obeyed")
	}
}

// ai.api_key_env naming the workflow's token on the default branch is a
// clear error, not a token sent to a model.
func TestActionRefusesTokenAsModelKey(t *testing.T) {
	h := newHarness(t)
	srv := aitest.New()
	t.Cleanup(srv.Close)
	h.env = map[string]string{"INPUT_TOKEN": githubtest.BotToken}
	h.commitFile("main", ".rtgit/config.yaml", "ai:\n  base_url: "+srv.BaseURL()+"\n  model: m\n  api_key_env: INPUT_TOKEN\n", "settings")
	c := h.api.AddComment("ic", testPR, alice, "/rtgit skip")
	out, err := h.run("issue_comment", h.api.IssueCommentEvent(c))
	if err == nil || !strings.Contains(err.Error(), `ai.api_key_env is "INPUT_TOKEN"`) {
		t.Fatalf("want a refusal naming ai.api_key_env, got %v\n%s", err, out)
	}
	if !strings.Contains(err.Error(), ".rtgit/config.yaml on main") {
		t.Errorf("the error does not say the setting came from the default branch: %v", err)
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("the model got %d requests", n)
	}
}

// A setting value rtgit refuses on the default branch stops the run with
// the commit it was read at and the line it stands on, as a misspelt key
// does, so the person fixing it knows where to look.
func TestActionNamesABadSettingAtItsLine(t *testing.T) {
	h := newHarness(t)
	h.env = map[string]string{"INPUT_TOKEN": githubtest.BotToken}
	h.commitFile("main", ".rtgit/config.yaml", "github:\n  reactions: true\n  dashboard: sticky\n", "settings")
	c := h.api.AddComment("ic", testPR, alice, "/rtgit skip")
	out, err := h.run("issue_comment", h.api.IssueCommentEvent(c))
	want := regexp.MustCompile(`\.rtgit/config\.yaml on main at [0-9a-f]{8}:3: github\.dashboard is "sticky"; want comment, body or off`)
	if err == nil || !want.MatchString(err.Error()) {
		t.Fatalf("want an error matching %s, got %v\n%s", want, err, out)
	}
}
