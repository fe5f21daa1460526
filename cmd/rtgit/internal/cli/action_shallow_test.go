package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The workflow checks out the default branch with fetch-depth 1; the
// action fetches the rest. These runs work from such clones.

// moveMain appends n commits to main on origin, each touching a file of
// its own, and returns the new tip.
func (h *harness) moveMain(n int) string {
	h.t.Helper()
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "commit refs/heads/main\ncommitter Dev <dev@example.com> %d +0000\ndata <<EOM\nchore: step %d\nEOM\n", 1900000000+i*60, i)
		if i == 0 {
			b.WriteString("from refs/heads/main^0\n")
		}
		fmt.Fprintf(&b, "M 100644 inline chores/%03d.txt\ndata <<EOM\n%d\nEOM\n\n", i, i)
	}
	cmd := exec.Command("git", "-C", h.origin, "fast-import", "--quiet")
	cmd.Stdin = strings.NewReader(b.String())
	if out, err := cmd.CombinedOutput(); err != nil {
		h.t.Fatalf("git fast-import: %v\n%s", err, out)
	}
	return gitCmd(h.t, h.origin, "rev-parse", "main")
}

// A shallow checkout gets the same staleness and refresh as a full one:
// main moved 71 commits past the analysis, deeper than the first fetch of
// its history reaches, and the dashboard still counts every commit and
// names the one that changed the file the analysis names.
func TestActionShallowCheckoutStalenessAndRefresh(t *testing.T) {
	h := newHarness(t)
	h.shallow = true
	ws := h.workspace()
	if _, err := os.Stat(filepath.Join(ws, ".git", "shallow")); err != nil {
		t.Fatalf("the harness's workspace is not shallow: %v", err)
	}

	h.comment(alice, "/rtgit status")
	mustContain(t, "dashboard before the base moved", h.dashboard(), "**Staleness:** ✅ none: origin/main has not moved")

	// The analysis names README.md; a full clone makes the edits.
	full := filepath.Join(t.TempDir(), "full")
	gitCmd(t, h.origin, "clone", "-q", h.origin, full)
	gitCmd(t, full, "switch", "-q", "rtgit/"+testSlug)
	impact := filepath.Join(full, "docs", "requirements", testSlug, "impact-analysis.md")
	table := "# Impact Analysis\n\n## 2. Directly Affected Files\n\n| File | Module | Impact | Change type |\n| --- | --- | --- | --- |\n| `README.md` | (root) | named in 02-01 radius | modify |\n"
	if err := os.WriteFile(impact, []byte(table), 0o644); err != nil {
		t.Fatal(err)
	}
	gitCmd(t, full, "add", "-A")
	gitCmd(t, full, "commit", "-q", "-m", "impact: name README.md")
	gitCmd(t, full, "push", "-q", "origin", "rtgit/"+testSlug)

	h.moveMain(70)
	gitCmd(t, full, "switch", "-q", "main")
	gitCmd(t, full, "pull", "-q", "--ff-only", "origin", "main")
	if err := os.WriteFile(filepath.Join(full, "README.md"), []byte("# invoices, now with exports\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitCmd(t, full, "commit", "-q", "-am", "readme: describe exports")
	gitCmd(t, full, "push", "-q", "origin", "main")
	readme := gitCmd(t, full, "rev-parse", "--short=7", "HEAD")

	_, out := h.comment(alice, "/rtgit status")
	mustContain(t, "dashboard after main moved", h.dashboard(), "**Staleness:** ⚠️ warning: origin/main moved 71 commits",
		"- `README.md` (modified): `"+readme+"` readme: describe exports")
	mustContain(t, "job summary", out, "⚠️ warning")

	h.comment(alice, "/rtgit refresh")
	last := h.replies()[len(h.replies())-1]
	mustContain(t, "reply to /rtgit refresh", last, "codebase_hash is now "+readme, "71 files changed")
	mustContain(t, "meta.json on origin", h.originFile(metaJSON), `"codebase_hash": "`+readme+`"`)
	mustContain(t, "dashboard after refresh", h.dashboard(), "**Staleness:** ✅ none")
	if out, err := exec.Command("git", "-C", h.origin, "fsck", "--no-dangling").CombinedOutput(); err != nil {
		t.Fatalf("origin after pushes from shallow clones: %v\n%s", err, out)
	}
}

// An analysis commit the remote never had (the default branch was
// rewritten) cannot be fetched at any depth: staleness says unknown, and
// the comment is applied all the same.
func TestActionShallowCheckoutUnknownBase(t *testing.T) {
	h := newHarness(t)
	h.shallow = true
	full := filepath.Join(t.TempDir(), "full")
	gitCmd(t, h.origin, "clone", "-q", h.origin, full)
	gitCmd(t, full, "switch", "-q", "rtgit/"+testSlug)
	path := filepath.Join(full, filepath.FromSlash(metaJSON))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	base := gitCmd(t, full, "rev-parse", "main")
	gone := strings.Repeat("ab", 20)
	if !strings.Contains(string(data), base) {
		t.Fatalf("meta.json does not record main's tip %s:\n%s", base, data)
	}
	if err := os.WriteFile(path, []byte(strings.ReplaceAll(string(data), base, gone)), 0o644); err != nil {
		t.Fatal(err)
	}
	gitCmd(t, full, "commit", "-q", "-am", "meta: a base from a rewritten history")
	gitCmd(t, full, "push", "-q", "origin", "rtgit/"+testSlug)
	h.moveMain(3)

	_, out := h.comment(alice, "/rtgit answer change\n"+ansChange)
	mustContain(t, "dashboard", h.dashboard(), "**Staleness:** ❔ unknown", "abababa")
	mustContain(t, "answer file on origin", h.originFile(answerMD), ansChange)
	_ = out
}

// A line comment written on an older commit of the analysis branch than
// the tip the shallow clone fetched still lands on the question the
// reviewer saw: the action fetches that commit.
func TestActionShallowLineCommentOnAnOlderCommit(t *testing.T) {
	h := newHarness(t)
	h.shallow = true
	seen := h.tip()
	file := h.originFile(answerMD)
	h.comment(alice, "/rtgit answer change\n"+ansChange+strings.Repeat("\n\nAnd one more paragraph about the export.", 6))
	if h.tip() == seen {
		t.Fatal("the answer made no commit")
	}
	c := h.api.AddLineCommentAt(testPR, alice, answerMD, answerLine(t, file, "boundaries"), seen, ansBoundaries)
	if out, err := h.run("pull_request_review_comment", h.api.ReviewCommentEvent(c)); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	mustContain(t, "answer file", h.originFile(answerMD), "<!-- rtgit:answer id=boundaries -->\n\n"+ansBoundaries+"\n\n<!-- rtgit:end id=boundaries -->")
}
