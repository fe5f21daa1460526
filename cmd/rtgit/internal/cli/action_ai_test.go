package cli

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/ai"
	"github.com/rtgit/rtgit/ai/aitest"
)

// stubModel starts a scripted model endpoint and points the action at it
// the way a workflow does: through the action's inputs, as environment.
func stubModel(t *testing.T, h *harness) *aitest.Server {
	t.Helper()
	srv := aitest.New()
	t.Cleanup(srv.Close)
	srv.On("Draft the answer", aitest.Say("Bookkeepers at customer firms reconcile invoices against bank statements every month and today must open each PDF by hand, which costs hours at every close."))
	srv.On("It is feedback.", aitest.Say("So month-end close is when this hurts -- I'll weigh every requirement against that deadline."))
	srv.Default(aitest.Say("Noted."))
	if h.env == nil {
		h.env = map[string]string{}
	}
	h.env[ai.EnvBaseURL] = srv.BaseURL()
	h.env[ai.EnvModel] = "stub-model"
	h.env[ai.EnvAPIKey] = "sk-harness-secret"
	return srv
}

// TestActionWithModel runs PR comments with the model layer on: the step
// opened by a comment carries the model's suggestions, marked with their
// provenance and committed; feedback gets a reply in the persona's voice;
// the key is masked and never shown.
func TestActionWithModel(t *testing.T) {
	h := newHarness(t)
	srv := stubModel(t, h)

	_, out := h.comment(alice, "/rtgit skip")
	answer := h.originFile("docs/requirements/csv-export/answers/01-01-business-context.md")
	mustContain(t, "the opened answer file", answer,
		"<!-- rtgit:suggestion id=", "model=stub-model", "<details>",
		"Bookkeepers at customer firms reconcile invoices", "- [ ] Use this suggestion as my answer")
	if strings.Contains(answer, "<!-- rtgit:answer id=problem -->\n\nBookkeepers") {
		t.Errorf("standard depth pre-filled an answer; suggestions must stay beside it:\n%s", answer)
	}
	if len(srv.Requests()) == 0 {
		t.Fatal("the model was never asked")
	}
	for _, r := range srv.Requests() {
		if r.Auth != "Bearer sk-harness-secret" {
			t.Errorf("request sent with Authorization %q", r.Auth)
		}
	}

	_, out2 := h.comment(alice, "Month-end close is when this hurts most.")
	out += out2
	replies := h.replies()
	last := replies[len(replies)-1]
	mustContain(t, "the reply to feedback", last,
		"month-end close is when this hurts", "Written by the model stub-model")
	mustContain(t, "the action log", out, "::add-mask::sk-harness-secret")
	if n := strings.Count(out, "sk-harness-secret"); n != 2 {
		t.Errorf("the key appears %d times in the log, want only in the two ::add-mask:: lines:\n%s", n, out)
	}
	for _, r := range replies {
		if strings.Contains(r, "sk-harness-secret") {
			t.Errorf("a reply shows the key: %s", r)
		}
	}
	meta := h.originFile(metaJSON)
	mustContain(t, "meta.json", meta, `"ai": {`, `"model": "stub-model"`, `"calls":`)
}

// TestActionModelDownFallsBack: with the endpoint failing, every comment
// is still applied and answered, deterministically.
func TestActionModelDownFallsBack(t *testing.T) {
	h := newHarness(t)
	srv := stubModel(t, h)
	srv.Default(func(aitest.Request) aitest.Reply { return aitest.Reply{Status: 503} })
	srv.Reset()
	_, out := h.comment(alice, "/rtgit skip")
	answer := h.originFile("docs/requirements/csv-export/answers/01-01-business-context.md")
	if strings.Contains(answer, "rtgit:suggestion") {
		t.Errorf("a failing model left a suggestion:\n%s", answer)
	}
	mustContain(t, "the action log", out, "warning: the model could not")
	_, out = h.comment(alice, "Month-end close is when this hurts most.")
	replies := h.replies()
	mustContain(t, "the reply to feedback", replies[len(replies)-1], "> Month-end close is when this hurts most.")
}
