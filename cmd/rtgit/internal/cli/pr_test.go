package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/review/githubtest"
)

// rtgit pr opens the pull request with the dashboard as its body, and the
// action then keeps that body current instead of adding a sticky comment.
func TestPROpensWithDashboardBody(t *testing.T) {
	h := newHarness(t)
	h.api.Do(func() { delete(h.api.PRs, testPR) })
	ws := h.workspace()
	gitCmd(t, ws, "branch", "-q", "rtgit/"+testSlug, "origin/rtgit/"+testSlug)
	gitCmd(t, ws, "remote", "set-url", "origin", "https://github.com/acme/invoices.git")
	env := map[string]string{"GITHUB_API_URL": h.api.APIURL(), "GITHUB_TOKEN": githubtest.BotToken}
	o := &prOptions{globals: &globals{dir: ws}, githubTarget: githubTarget{remote: "origin", getenv: func(k string) string { return env[k] }}}
	var out bytes.Buffer
	if err := runPR(context.Background(), o, testSlug, Streams{In: strings.NewReader(""), Out: &out, Err: &out}); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	mustContain(t, "output", out.String(), "Opened pull request #1")
	var body string
	h.api.Do(func() {
		pr := h.api.PRs[1]
		body = pr.Body
		if pr.HeadRef != "rtgit/"+testSlug || pr.BaseRef != "main" {
			t.Errorf("pull request %+v, want rtgit/%s into main", pr, testSlug)
		}
		// Serve it as PR 7 too, the number the harness's events use.
		h.api.PRs[testPR] = pr
		pr.Number, pr.HeadSHA = testPR, h.tip()
	})
	mustContain(t, "body", body, "<!-- rtgit:bot dashboard -->", "```mermaid", "`change`", "Let customers export invoices as CSV")

	h.comment(alice, "/rtgit answer change\n"+ansChange)
	h.api.Do(func() { body = h.api.PRs[testPR].Body })
	if strings.Contains(body, "- `change`:") {
		t.Error("the dashboard in the body still lists `change` as open")
	}
	if h.dashboard() != "" {
		t.Error("a sticky dashboard comment was added although the body has one")
	}
}
