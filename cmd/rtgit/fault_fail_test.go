package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// Failed writes: RTGIT_FAIL_AT makes the write at one point fail as a full
// disk does (ENOSPC), at every point a verb reaches, rtgit's own and git's.
// The command must exit non-zero with an "rtgit:" message and leave the
// repository exactly as it was: the same refs and HEAD, the same index, and
// every worktree byte, including the files it had already replaced before
// the failure and the user's own uncommitted work. Once the disk has room
// again, the same command must end where one clean run does.

// userWork is uncommitted work of the user's, unrelated to the analysis,
// that no failure may touch and no commit may take in.
func userWork(t *testing.T, dir string) {
	t.Helper()
	writeFile(t, filepath.Join(dir, "README.md"), []byte("# shop\n\nLocal notes, not committed yet.\n"))
	writeFile(t, filepath.Join(dir, "notes", "todo.txt"), []byte("ask finance about credit notes\n"))
	writeFile(t, filepath.Join(dir, "docs", "requirements", "csv", "my-notes.md"), []byte("# my notes\n"))
	writeFile(t, filepath.Join(dir, "staged.txt"), []byte("staged, not committed\n"))
	git(t, dir, "add", "staged.txt")
}

var userPaths = []string{"README.md", "notes/todo.txt", "docs/requirements/csv/my-notes.md", "staged.txt"}

// untouched is what a failed command must leave as it was.
func untouched(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(git(t, dir, "for-each-ref", "--format=%(refname) %(objectname)"))
	b.WriteString("HEAD " + git(t, dir, "symbolic-ref", "-q", "HEAD"))
	b.WriteString("index\n" + git(t, dir, "ls-files", "--stage"))
	b.WriteString("status\n" + git(t, dir, "status", "--porcelain", "--untracked-files=all"))
	hashTree(t, &b, "worktree", dir, func(rel string) bool { return rel == ".git" || strings.HasPrefix(rel, ".git/") })
	for _, lock := range []string{"index.lock", "HEAD.lock"} {
		if _, err := os.Stat(filepath.Join(dir, ".git", lock)); err == nil {
			b.WriteString("left behind: .git/" + lock + "\n")
		}
	}
	return b.String()
}

func TestFailAtEveryWritePoint(t *testing.T) {
	if testing.Short() {
		t.Skip("kill and failure points: skipped with -short")
	}
	tmpl := corpusTemplate(t)
	total, landed := 0, atomic.Int64{}
	for _, sc := range faultScenarios() {
		t.Run(sc.name, func(t *testing.T) {
			start := sc.start(t, tmpl)
			userWork(t, start)

			ref := filepath.Join(t.TempDir(), "ref")
			copyDir(t, start, ref)
			trace := filepath.Join(t.TempDir(), "points")
			if code, out := rtgitProc(ref, map[string]string{"RTGIT_TRACE_POINTS": trace}, sc.args...); code != 0 {
				t.Fatalf("reference run: exit %d\n%s", code, out)
			}
			committed := strings.Fields(git(t, ref, "diff-tree", "--no-commit-id", "--name-only", "-r", "HEAD"))
			for _, p := range userPaths {
				if slices.Contains(committed, p) {
					t.Errorf("the clean run committed the user's %s", p)
				}
			}
			want := convergedState(t, ref)

			points := readPoints(t, trace)
			t.Run("points", func(t *testing.T) {
				for _, p := range points {
					t.Run(p, func(t *testing.T) {
						t.Parallel()
						dir := filepath.Join(t.TempDir(), "failed")
						copyDir(t, start, dir)
						before := untouched(t, dir)
						code, out := rtgitProc(dir, map[string]string{"RTGIT_FAIL_AT": p}, sc.args...)
						if strings.HasPrefix(p, "git: branch moved") {
							// The commit is made by then; only the index update
							// after it fails, and rtgit writes the index again.
							landed.Add(1)
							if code != 0 || !strings.Contains(out, "rtgit: warning: committed") {
								t.Errorf("failed at %q: exit %d, want 0 with a warning\n%s", p, code, out)
							}
							if got := convergedState(t, dir); got != want {
								t.Errorf("failed at %q after the commit: the state differs from one clean run:\n%s", p, lineDiff(want, got))
							}
							return
						}
						if code == 0 || !strings.HasPrefix(out, "rtgit: ") || !strings.Contains(out, "no space left on device") {
							t.Errorf("failed at %q: exit %d, want a non-zero exit and an rtgit: message naming the full disk\n%s", p, code, out)
						}
						if got := untouched(t, dir); got != before {
							t.Errorf("failed at %q: the repository changed:\n%s", p, lineDiff(before, got))
						}
						// The disk has room again: the same command just works.
						if code, out := rtgitProc(dir, nil, sc.args...); code != 0 {
							t.Fatalf("after a failure at %q, run again: exit %d\n%s", p, code, out)
						}
						if got := convergedState(t, dir); got != want {
							t.Errorf("failed at %q, then run again: the state differs from one clean run:\n%s", p, lineDiff(want, got))
						}
					})
				}
			})
			total += len(points)
		})
	}
	t.Logf("%d failure points, %d of them after the commit", total, landed.Load())
}

// TestFileSizeLimit fails real writes: under `ulimit -f` the kernel refuses
// to grow a file past the limit (EFBIG; Go ignores the SIGXFSZ that comes
// with it), as it would stop at a full disk. Permissions would not do:
// the tests run as root.
func TestFileSizeLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("whole-analysis runs: skipped with -short")
	}
	tmpl := corpusTemplate(t)
	cases := []struct {
		name     string
		blocks   int  // of 512 bytes
		files    int  // extra files in the repository's root folder
		distinct bool // whether their contents differ
		want     string
	}{
		// quick-scan.md (about 600 bytes) is written, then the next answer
		// file (about 1.7 kB) is refused: the first must be removed again.
		{name: "second file too large", blocks: 2, want: "answers/00-02-keyword-search.md"},
		// Every file fits, but with 300 different files at the top the
		// root tree object git stores for the commit does not: the commit
		// fails after all three files were written, meta.json among them.
		{name: "tree object too large", blocks: 8, files: 300, distinct: true, want: "store tree"},
		// 300 identical files make a tree that compresses well, so the
		// commit is stored and the branch moves; the index after it, with
		// an entry per file, is what does not fit.
		{name: "index too large", blocks: 8, files: 300, want: "write index"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "repo")
			copyDir(t, tmpl, dir)
			if c.files > 0 {
				for i := range c.files {
					body := "package shop\n"
					if c.distinct {
						body += "// file " + strconv.Itoa(i) + "\n"
					}
					writeFile(t, filepath.Join(dir, "module_source_file_with_a_long_name_"+strconv.Itoa(i)+".go"), []byte(body))
				}
				git(t, dir, "add", ".")
				git(t, dir, "commit", "-q", "-m", "the shop")
			}
			mustRun(t, dir, "new", "--slug", "csv", "Let customers export invoices as CSV")
			mustRun(t, dir, "answer", "csv", "change", corpusChange)
			mustRun(t, dir, "answer", "csv", "boundaries", corpusBoundaries)
			mustRun(t, dir, "answer", "csv", "example", corpusExample)
			userWork(t, dir)
			ref := filepath.Join(t.TempDir(), "ref")
			copyDir(t, dir, ref)
			if code, out := rtgitProc(ref, nil, "next", "csv"); code != 0 {
				t.Fatalf("reference run: exit %d\n%s", code, out)
			}
			before := untouched(t, dir)

			cmd := exec.Command("sh", "-c", `ulimit -f "$0" && exec rtgit "$@"`, strconv.Itoa(c.blocks), "-C", dir, "next", "csv")
			out, err := cmd.CombinedOutput()
			msg := string(out)
			t.Logf("%s", strings.TrimSpace(msg))
			if err == nil || !strings.HasPrefix(msg, "rtgit: ") || !strings.Contains(msg, "file too large") || !strings.Contains(msg, c.want) {
				t.Fatalf("under ulimit -f %d: %v, want an rtgit: message about %s being too large", c.blocks, err, c.want)
			}
			if _, fix, ok := strings.Cut(msg, "run `git reset -q -- "); ok {
				// The commit is made: check it is the clean run's, then
				// follow the message's advice.
				if got, want := git(t, dir, "ls-tree", "-r", "HEAD"), git(t, ref, "ls-tree", "-r", "HEAD"); got != want {
					t.Errorf("the commit differs from a clean run's:\n%s", lineDiff(want, got))
				}
				paths, _, _ := strings.Cut(fix, "`")
				git(t, dir, append([]string{"reset", "-q", "--"}, strings.Fields(paths)...)...)
				if got, want := convergedState(t, dir), convergedState(t, ref); got != want {
					t.Errorf("after git reset as advised, the state differs from a clean run:\n%s", lineDiff(want, got))
				}
				return
			}
			if !strings.Contains(msg, "already written were put back") {
				t.Errorf("no file was written before the failure, so putting back was not tested")
			}
			if got := untouched(t, dir); got != before {
				t.Errorf("the repository changed:\n%s", lineDiff(before, got))
			}
			if code, out := rtgitProc(dir, nil, "next", "csv"); code != 0 {
				t.Fatalf("without the limit: exit %d\n%s", code, out)
			}
			if got, want := convergedState(t, dir), convergedState(t, ref); got != want {
				t.Errorf("without the limit, the state differs from a clean run:\n%s", lineDiff(want, got))
			}
		})
	}
}
