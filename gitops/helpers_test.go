package gitops

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// isolate gives the test its own HOME and global git config, so neither the
// machine's identity nor its settings leak into git or into Author.
func isolate(tb testing.TB) string {
	tb.Helper()
	home := tb.TempDir()
	cfg := filepath.Join(home, "gitconfig")
	mustWrite(tb, cfg, "[user]\n\tname = Test User\n\temail = test@example.com\n[init]\n\tdefaultBranch = main\n")
	tb.Setenv("HOME", home)
	tb.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	tb.Setenv("GIT_CONFIG_GLOBAL", cfg)
	tb.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	for _, k := range []string{
		"GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL",
		"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
	} {
		tb.Setenv(k, "")
		os.Unsetenv(k)
	}
	return home
}

// newRepo makes a repository on main whose first commit holds files.
func newRepo(tb testing.TB, files map[string]string) (string, *Repo) {
	tb.Helper()
	isolate(tb)
	dir := tb.TempDir()
	git(tb, dir, "init", "-q", "-b", "main")
	for p, content := range files {
		writeFile(tb, dir, p, content)
	}
	git(tb, dir, "add", "-A")
	git(tb, dir, "commit", "-q", "--allow-empty", "-m", "initial")
	r, err := Open(dir)
	if err != nil {
		tb.Fatal(err)
	}
	return dir, r
}

// git runs the real git CLI in dir and returns its trimmed stdout.
func git(tb testing.TB, dir string, args ...string) string {
	tb.Helper()
	out, err := gitOut(dir, args...)
	if err != nil {
		tb.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

func gitOut(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr), err
	}
	return strings.TrimRight(string(out), "\n"), err
}

func writeFile(tb testing.TB, dir, rel, content string) {
	tb.Helper()
	mustWrite(tb, filepath.Join(dir, filepath.FromSlash(rel)), content)
}

func mustWrite(tb testing.TB, path, content string) {
	tb.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		tb.Fatal(err)
	}
}

// fsck fails the test unless git finds the repository fully consistent.
func fsck(tb testing.TB, dir string) {
	tb.Helper()
	out, err := exec.Command("git", "-C", dir, "fsck", "--strict", "--no-progress", "--no-dangling").CombinedOutput()
	if err != nil || len(out) > 0 {
		tb.Fatalf("git fsck --strict: %v\n%s", err, out)
	}
}

func equal[T comparable](tb testing.TB, what string, got, want T) {
	tb.Helper()
	if got != want {
		tb.Errorf("%s = %v, want %v", what, got, want)
	}
}
