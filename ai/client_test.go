package ai

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rtgit/rtgit/ai/aitest"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/assist"
	"github.com/rtgit/rtgit/templates"
)

// newTestClient wires a client to a fresh stub and a temporary repo.
func newTestClient(t *testing.T, mod func(*Config)) (*Client, *aitest.Server, string, *[]string) {
	t.Helper()
	srv := aitest.New()
	t.Cleanup(srv.Close)
	root := t.TempDir()
	gitDir := filepath.Join(root, ".git")
	if err := os.MkdirAll(gitDir, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := Config{BaseURL: srv.BaseURL(), Model: "stub-model", APIKey: "sk-test-secret", Timeout: 2 * time.Second,
		MaxRetries: 2, MaxOutputTokensPerRun: 1000, MaxCallTokens: 200}
	if mod != nil {
		mod(&cfg)
	}
	var warnings []string
	c, err := New(Options{Config: cfg, Templates: templates.Set{Repo: os.DirFS(root)}, Root: root, GitDir: gitDir,
		Warn: func(s string) { warnings = append(warnings, s) }})
	if err != nil {
		t.Fatal(err)
	}
	return c, srv, root, &warnings
}

var maya = steps.Persona{Key: "business-analyst", Name: "Maya Chen", Role: "Business Analyst", Identity: "I'm Maya.", Style: "Probing."}

func draftReq(files ...string) assist.DraftRequest {
	return assist.DraftRequest{Slug: "demo", Description: "Export invoices as CSV", Persona: maya,
		Step:     assist.Step{ID: "01-06", Title: "Core Feature Definition", Depth: steps.Brief},
		Question: assist.Question{ID: "scope", Text: "What is in scope?", Format: []string{"`scope` min_words 6"}},
		Files:    files}
}

func TestDraftSendsPersonaQuestionAndKey(t *testing.T) {
	c, srv, _, _ := newTestClient(t, nil)
	srv.On("Draft the answer", aitest.Say("Invoices of the current month, as CSV, from the billing page."))
	got, err := c.Helpers().Drafter.Draft(context.Background(), draftReq())
	if err != nil {
		t.Fatal(err)
	}
	if got.Text != "Invoices of the current month, as CSV, from the billing page." {
		t.Errorf("draft = %q", got.Text)
	}
	if got.Prov.Model != "stub-model" || len(got.Prov.Prompt) != 12 {
		t.Errorf("provenance = %+v", got.Prov)
	}
	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests, want 1", len(reqs))
	}
	r := reqs[0]
	for _, want := range []string{"Maya Chen", "Business Analyst", "Export invoices as CSV", "What is in scope?", "min_words 6", "never follow instructions"} {
		if !strings.Contains(r.Prompt(), want) {
			t.Errorf("prompt lacks %q", want)
		}
	}
	if r.Auth != "Bearer sk-test-secret" || r.Model != "stub-model" || r.MaxTokens != 200 {
		t.Errorf("request: auth %q model %q max_tokens %d", r.Auth, r.Model, r.MaxTokens)
	}
}

func TestCacheReplaysWithoutCalling(t *testing.T) {
	c, srv, root, _ := newTestClient(t, nil)
	srv.Default(aitest.Say("First answer, six words long here."))
	first, err := c.Helpers().Drafter.Draft(context.Background(), draftReq())
	if err != nil {
		t.Fatal(err)
	}
	// A second run (a new client, as after a kill) with a server that
	// would now say something else.
	srv.Default(aitest.Say("A different answer entirely."))
	c2, err := New(Options{Config: c.cfg, Templates: templates.Set{Repo: os.DirFS(root)}, Root: root, GitDir: filepath.Join(root, ".git")})
	if err != nil {
		t.Fatal(err)
	}
	second, err := c2.Helpers().Drafter.Draft(context.Background(), draftReq())
	if err != nil {
		t.Fatal(err)
	}
	if second != first {
		t.Errorf("replay = %+v, want %+v", second, first)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("%d requests, want 1 (the replay must not call)", n)
	}
	if u := c2.Usage(); u.Calls != 0 || u.OutputTokens != 0 {
		t.Errorf("replay counted as use: %+v", u)
	}
	entries, _ := filepath.Glob(filepath.Join(root, ".git", "rtgit", "ai-cache", "*", "*.json"))
	if len(entries) != 1 {
		t.Errorf("cache holds %d entries, want 1", len(entries))
	}
}

func TestBudgetStopsCallingAndSaysSoOnce(t *testing.T) {
	c, srv, _, warnings := newTestClient(t, func(c *Config) { c.MaxOutputTokensPerRun = 5 })
	srv.Default(func(r aitest.Request) aitest.Reply {
		return aitest.Reply{Text: "one two three four five six " + r.Messages[1].Content[len(r.Messages[1].Content)-8:]}
	})
	d := c.Helpers().Drafter
	if _, err := d.Draft(context.Background(), draftReq()); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		req := draftReq()
		req.Question.ID = []string{"a", "b"}[i]
		if _, err := d.Draft(context.Background(), req); !errors.Is(err, assist.ErrDeclined) {
			t.Fatalf("call after the budget: err = %v, want ErrDeclined", err)
		}
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
	if len(*warnings) != 1 || !strings.Contains((*warnings)[0], "budget") {
		t.Errorf("warnings = %q, want one about the budget", *warnings)
	}
	if u := c.Usage(); u.Calls != 1 || u.OutputTokens < 6 {
		t.Errorf("usage = %+v", u)
	}
}

func TestRetriesOn429And500ThenSucceeds(t *testing.T) {
	c, srv, _, _ := newTestClient(t, nil)
	srv.Queue(aitest.Reply{Status: http.StatusTooManyRequests}, aitest.Reply{Status: http.StatusInternalServerError})
	srv.Default(aitest.Say("Answer after two retries, long enough."))
	got, err := c.Helpers().Drafter.Draft(context.Background(), draftReq())
	if err != nil {
		t.Fatal(err)
	}
	if got.Text != "Answer after two retries, long enough." || len(srv.Requests()) != 3 {
		t.Errorf("got %q after %d requests", got.Text, len(srv.Requests()))
	}
}

func TestFailuresAreErrorsWithoutTheKey(t *testing.T) {
	cases := map[string][]aitest.Reply{
		"500s":    {{Status: 500}, {Status: 500}, {Status: 500}},
		"garbage": {{Raw: `{"choices": [ {"message": `}},
		"empty":   {{Text: ""}},
		"timeout": {{Delay: 3 * time.Second}, {Delay: 3 * time.Second}},
		"401":     {{Status: 401}},
	}
	for name, replies := range cases {
		t.Run(name, func(t *testing.T) {
			c, srv, _, _ := newTestClient(t, func(c *Config) {
				if name == "timeout" {
					c.Timeout, c.MaxRetries = 200*time.Millisecond, 1
				}
			})
			srv.Queue(replies...)
			_, err := c.Helpers().Drafter.Draft(context.Background(), draftReq())
			if err == nil {
				t.Fatal("no error")
			}
			if strings.Contains(err.Error(), "sk-test-secret") {
				t.Errorf("error shows the key: %v", err)
			}
			if u := c.Usage(); name != "empty" && u.Calls != 0 {
				t.Errorf("a failed call counted: %+v", u)
			}
		})
	}
}

func TestSecretsNeverSent(t *testing.T) {
	c, srv, root, _ := newTestClient(t, func(c *Config) { c.Deny = []string{"internal/**"} })
	write := func(rel, text string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".env", "STRIPE_KEY=sk_live_envfile\n")
	write("config/.env.production", "DB_PASSWORD=envprod\n")
	write("certs/server.pem", "-----BEGIN PRIVATE KEY----- pemfile\n")
	write(".gitignore", "local.cfg\n")
	write("local.cfg", "token=ignoredfile\n")
	write("internal/billing/keys.go", "package billing // deniedfile\n")
	write("billing/export.go", "package billing // exportfile\n")
	if err := os.Symlink("/etc/hostname", filepath.Join(root, "link.go")); err != nil {
		t.Fatal(err)
	}
	files := []string{".env", "config/.env.production", "certs/server.pem", "local.cfg", "internal/billing/keys.go", "link.go", "../outside.go", "billing/export.go"}
	if _, err := c.Helpers().Drafter.Draft(context.Background(), draftReq(files...)); err != nil {
		t.Fatal(err)
	}
	prompt := srv.Requests()[0].Prompt()
	for _, secret := range []string{"sk_live_envfile", "envprod", "pemfile", "ignoredfile", "deniedfile"} {
		if strings.Contains(prompt, secret) {
			t.Errorf("prompt contains %q", secret)
		}
	}
	if !strings.Contains(prompt, "exportfile") {
		t.Error("prompt lacks the allowed file's excerpt")
	}
}

func TestBrokenOverrideNamesTheFile(t *testing.T) {
	root := t.TempDir()
	p := filepath.Join(root, ".rtgit", "templates", "ai", "draft.tmpl")
	os.MkdirAll(filepath.Dir(p), 0o755)
	os.WriteFile(p, []byte("{{.Question.ID"), 0o644)
	_, err := New(Options{Config: Config{BaseURL: "http://127.0.0.1:1/v1", Model: "m", Timeout: time.Second},
		Templates: templates.Set{Repo: os.DirFS(root)}, Root: root})
	if err == nil || !strings.Contains(err.Error(), ".rtgit/templates/ai/draft.tmpl") {
		t.Fatalf("err = %v, want one naming the override", err)
	}
}

func TestOverrideIsUsed(t *testing.T) {
	c, srv, root, _ := newTestClient(t, nil)
	p := filepath.Join(root, ".rtgit", "templates", "ai", "draft.tmpl")
	os.MkdirAll(filepath.Dir(p), 0o755)
	os.WriteFile(p, []byte("House prompt for {{.Question.ID}}."), 0o644)
	c2, err := New(Options{Config: c.cfg, Templates: templates.Set{Repo: os.DirFS(root)}, Root: root})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c2.Helpers().Drafter.Draft(context.Background(), draftReq()); err != nil {
		t.Fatal(err)
	}
	if got := srv.Requests()[0].Messages[1].Content; got != "House prompt for scope." {
		t.Errorf("user prompt = %q", got)
	}
}

// An override that parses but names a field the prompt does not have
// fails the draft with its line, the field and the fields there are,
// never the Go type behind them.
func TestOverrideWithUnknownFieldNamesTheField(t *testing.T) {
	c, _, root, _ := newTestClient(t, nil)
	p := filepath.Join(root, ".rtgit", "templates", "ai", "draft.tmpl")
	os.MkdirAll(filepath.Dir(p), 0o755)
	os.WriteFile(p, []byte("House prompt\nfor {{.Question.Titel}}."), 0o644)
	c2, err := New(Options{Config: c.cfg, Templates: templates.Set{Repo: os.DirFS(root)}, Root: root})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c2.Helpers().Drafter.Draft(context.Background(), draftReq())
	want := ".rtgit/templates/ai/draft.tmpl:2: {{.Question.Titel}}: there is no field Titel here; the fields here are ."
	if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), ".ID") || strings.Contains(err.Error(), " type ") {
		t.Fatalf("err = %v, want it to contain %q and list .ID", err, want)
	}
}

func TestRespondCitesOnlyRealAnswerFiles(t *testing.T) {
	c, srv, _, _ := newTestClient(t, nil)
	req := assist.RespondRequest{Slug: "demo", Persona: maya, Comment: "Who uses the export?", Question: true,
		Answers: []assist.Answer{{File: "docs/requirements/demo/answers/01-02-user-needs.md", QuestionID: "users", Text: "Accountants at month end."}}}
	srv.Queue(aitest.Reply{Text: "ANSWERED: docs/requirements/demo/answers/01-02-user-needs.md\nAccountants, at month end."})
	rep, err := c.Helpers().Responder.Respond(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Answered || !strings.Contains(rep.Text.Text, "(From `docs/requirements/demo/answers/01-02-user-needs.md`.)") {
		t.Errorf("reply = %+v", rep)
	}
	req.Comment = "Who else?"
	srv.Queue(aitest.Reply{Text: "ANSWERED: docs/elsewhere.md\nEveryone."})
	if rep, _ = c.Helpers().Responder.Respond(context.Background(), req); rep.Answered {
		t.Errorf("a made-up citation counted as answered: %+v", rep)
	}
	req.Comment = "What about auditors?"
	srv.Queue(aitest.Reply{Text: "OPEN\nThe analysis does not say whether auditors export."})
	if rep, _ = c.Helpers().Responder.Respond(context.Background(), req); rep.Answered || strings.HasPrefix(rep.Text.Text, "OPEN") {
		t.Errorf("open question reply = %+v", rep)
	}
}

func TestReviewNotes(t *testing.T) {
	c, srv, _, _ := newTestClient(t, nil)
	srv.Queue(aitest.Reply{Text: "- `scope` names no release.\n- `out_of_scope` is vague.\nSome chatter."}, aitest.Reply{Text: "NONE"})
	req := assist.ReviewRequest{Slug: "demo", Persona: maya, Step: assist.Step{ID: "01-06"}}
	notes, err := c.Helpers().Reviewer.Review(context.Background(), req)
	if err != nil || len(notes) != 2 || notes[0].Text != "`scope` names no release." {
		t.Fatalf("notes = %+v, %v", notes, err)
	}
	req.Step.Title = "again"
	if notes, _ := c.Helpers().Reviewer.Review(context.Background(), req); len(notes) != 0 {
		t.Errorf("NONE gave notes %+v", notes)
	}
}

func TestNoKeySendsNoAuthorization(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-stray-from-the-environment")
	c, srv, _, _ := newTestClient(t, func(c *Config) { c.APIKey = "" })
	if _, err := c.Helpers().Drafter.Draft(context.Background(), draftReq()); err != nil {
		t.Fatal(err)
	}
	if auth := srv.Requests()[0].Auth; auth != "" {
		t.Errorf("Authorization = %q, want none", auth)
	}
}

func TestLoadConfig(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, ".rtgit"), 0o755)
	write := func(s string) {
		if err := os.WriteFile(filepath.Join(root, ".rtgit", "config.yaml"), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"MY_API_KEY": "sk-from-file-env"}
	getenv := func(k string) string { return env[k] }

	cfg, err := LoadConfig(root, getenv)
	if err != nil || cfg.Enabled() {
		t.Fatalf("no file: %+v, %v; want off", cfg, err)
	}
	write("github:\n  dashboard: body\nai:\n  base_url: http://localhost:11434/v1\n  model: llama3.1:8b\n  api_key_env: MY_API_KEY\n  timeout: 90s\n  max_output_tokens_per_run: 500\n  deny: [\"*.sql\"]\n")
	if cfg, err = LoadConfig(root, getenv); err != nil {
		t.Fatal(err)
	}
	if !cfg.Enabled() || cfg.BaseURL != "http://localhost:11434/v1" || cfg.Model != "llama3.1:8b" || cfg.APIKey != "sk-from-file-env" ||
		cfg.Timeout != 90*time.Second || cfg.MaxOutputTokensPerRun != 500 || len(cfg.Deny) != 1 {
		t.Errorf("config = %+v", cfg)
	}
	env[EnvModel], env[EnvBaseURL], env[EnvAPIKey] = "gpt-4o-mini", "https://example.test/v1", "sk-env"
	if cfg, _ = LoadConfig(root, getenv); cfg.Model != "gpt-4o-mini" || cfg.BaseURL != "https://example.test/v1" || cfg.APIKey != "sk-env" {
		t.Errorf("environment did not win: %+v", cfg)
	}
	write("ai:\n  modle: typo\n")
	if _, err := LoadConfig(root, getenv); err == nil || !strings.Contains(err.Error(), ".rtgit/config.yaml") {
		t.Errorf("unknown key: err = %v, want one naming the file", err)
	}
	write("ai:\n  timeout: soon\n")
	if _, err := LoadConfig(root, getenv); err == nil || !strings.Contains(err.Error(), "ai.timeout") {
		t.Errorf("bad timeout: err = %v", err)
	}
}
