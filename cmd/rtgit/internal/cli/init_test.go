package cli

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/review"
)

func TestInitWritesConfigAndWorkflow(t *testing.T) {
	dir := t.TempDir()
	gitCmd(t, dir, "init", "-q", "-b", "main")
	var out bytes.Buffer
	if code := Run([]string{"-C", dir, "init"}, Streams{In: strings.NewReader(""), Out: &out, Err: &out}); code != 0 {
		t.Fatalf("init: %d\n%s", code, out.String())
	}
	wf, err := os.ReadFile(filepath.Join(dir, ".github/workflows/rtgit.yml"))
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "workflow", string(wf),
		"issue_comment:", "pull_request_review_comment:", "pull_request_review:", `branches: ["rtgit/**"]`,
		"contents: write", "pull-requests: write", "issues: write",
		"group: rtgit-${{ github.event.issue.number || github.event.pull_request.number || github.ref }}",
		"cancel-in-progress: false",
		// The verify job: pull requests from this repository's own
		// branches that are not analyses, with only what verify writes.
		"pull_request:\n    types: [opened, synchronize, reopened, ready_for_review, closed]",
		"github.event.pull_request.head.repo.full_name == github.repository",
		"!startsWith(github.event.pull_request.head.ref, 'rtgit/')",
		"contents: read\n      checks: write\n      pull-requests: write\n      issues: write")
	// Event text reaches a command only through ${{ }}: the job's if:
	// may test a comment's first words, no run: line may interpolate.
	for _, line := range strings.Split(string(wf), "\n") {
		if (strings.Contains(line, "comment.body") && strings.Contains(line, "${{")) || (strings.Contains(line, "run:") && strings.Contains(line, "${{")) {
			t.Errorf("the workflow must not interpolate event text into a command: %q", line)
		}
	}
	// The written config is the defaults, spelled out.
	cfg, err := review.LoadConfig(dir)
	if err != nil || cfg != review.DefaultConfig() {
		t.Fatalf("config = %+v, %v; want the defaults", cfg, err)
	}

	// A second run keeps the user's edits.
	if err := os.WriteFile(filepath.Join(dir, ".rtgit/config.yaml"), []byte("github:\n  dashboard: body\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if code := Run([]string{"-C", dir, "init"}, Streams{In: strings.NewReader(""), Out: &out, Err: &out}); code != 0 {
		t.Fatalf("init again: %d\n%s", code, out.String())
	}
	mustContain(t, "output", out.String(), "kept     .rtgit/config.yaml")
	if cfg, _ := review.LoadConfig(dir); cfg.Dashboard != "body" {
		t.Error("init overwrote an existing config")
	}
}

func TestInitRefusesSymlinkedDirectory(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	gitCmd(t, dir, "init", "-q", "-b", "main")
	if err := os.Symlink(outside, filepath.Join(dir, ".github")); err != nil {
		t.Skip(err)
	}
	var out bytes.Buffer
	if code := Run([]string{"-C", dir, "init"}, Streams{In: strings.NewReader(""), Out: &out, Err: &out}); code == 0 {
		t.Fatal("init wrote through a symlink")
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("init wrote outside the repository: %v", entries)
	}
}

func TestInitPinsTheActionToACommit(t *testing.T) {
	const sha = "0123456789abcdef0123456789abcdef01234567"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/repos/acme/rtgit/commits/v1.2.3" || r.Header.Get("Accept") != "application/vnd.github.sha" {
			http.NotFound(w, r)
			return
		}
		w.Write([]byte(sha))
	}))
	defer srv.Close()
	t.Setenv("GITHUB_API_URL", srv.URL)
	t.Setenv("GITHUB_TOKEN", "")
	t.Setenv("GH_TOKEN", "")

	dir := t.TempDir()
	gitCmd(t, dir, "init", "-q", "-b", "main")
	var out bytes.Buffer
	if code := Run([]string{"-C", dir, "init", "--ref", "v1.2.3", "--action-repo", "acme/rtgit"}, Streams{In: strings.NewReader(""), Out: &out, Err: &out}); code != 0 {
		t.Fatalf("init: %d\n%s", code, out.String())
	}
	wf, _ := os.ReadFile(filepath.Join(dir, ".github/workflows/rtgit.yml"))
	mustContain(t, "workflow", string(wf), "      - uses: acme/rtgit@"+sha+" # v1.2.3\n")
	mustContain(t, "output", out.String(), "package-ecosystem: github-actions", "Dependabot")

	// Offline (here: an unknown tag), the tag is written and the user told.
	out.Reset()
	if code := Run([]string{"-C", dir, "init", "--force", "--ref", "v9.9.9", "--action-repo", "acme/rtgit"}, Streams{In: strings.NewReader(""), Out: &out, Err: &out}); code != 0 {
		t.Fatalf("init: %d\n%s", code, out.String())
	}
	wf, _ = os.ReadFile(filepath.Join(dir, ".github/workflows/rtgit.yml"))
	mustContain(t, "workflow", string(wf), "      - uses: acme/rtgit@v9.9.9\n")
	mustContain(t, "output", out.String(), "could not look up the commit of acme/rtgit v9.9.9 (GitHub answered 404 Not Found)")
}
