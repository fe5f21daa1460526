package cli

import (
	"bytes"
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
		"cancel-in-progress: false")
	for _, line := range strings.Split(string(wf), "\n") {
		if strings.Contains(line, "run:") || strings.Contains(line, "comment.body") {
			t.Errorf("the workflow must not run or interpolate comment text: %q", line)
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
