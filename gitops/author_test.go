package gitops

import (
	"os"
	"path/filepath"
	"testing"
)

func TestAuthorPrecedence(t *testing.T) {
	dir, r := newRepo(t, nil)
	home, _ := os.UserHomeDir()
	check := func(step, wantName, wantEmail string) {
		t.Helper()
		name, email := r.Author()
		if name != wantName || email != wantEmail {
			t.Errorf("%s: Author() = %q <%s>, want %q <%s>", step, name, email, wantName, wantEmail)
		}
	}

	// The isolated GIT_CONFIG_GLOBAL file.
	check("global", "Test User", "test@example.com")

	git(t, dir, "config", "user.name", "Repo User")
	check("repo name, global email", "Repo User", "test@example.com")
	git(t, dir, "config", "user.email", "repo@example.com")
	check("repo", "Repo User", "repo@example.com")

	t.Setenv("GIT_AUTHOR_NAME", "Env User")
	check("env name, repo email", "Env User", "repo@example.com")
	t.Setenv("GIT_AUTHOR_EMAIL", "env@example.com")
	check("env", "Env User", "env@example.com")
	os.Unsetenv("GIT_AUTHOR_NAME")
	os.Unsetenv("GIT_AUTHOR_EMAIL")

	git(t, dir, "config", "--unset", "user.name")
	git(t, dir, "config", "--unset", "user.email")

	// Without GIT_CONFIG_GLOBAL, ~/.gitconfig beats the XDG file.
	os.Unsetenv("GIT_CONFIG_GLOBAL")
	mustWrite(t, filepath.Join(home, ".config", "git", "config"), "[user]\n\tname = Xdg User\n\temail = xdg@example.com\n")
	check("xdg", "Xdg User", "xdg@example.com")
	mustWrite(t, filepath.Join(home, ".gitconfig"), "[user]\n\tname = Home User\n")
	check("home name, xdg email", "Home User", "xdg@example.com")

	// GIT_CONFIG_GLOBAL replaces the home files entirely.
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(home, "none"))
	check("fallback", "rtgit", "rtgit@localhost")

	// The commit itself carries the identity.
	git(t, dir, "config", "user.name", "Committer")
	git(t, dir, "config", "user.email", "c@example.com")
	writeFile(t, dir, "f.md", "x")
	if _, err := r.Commit([]string{"f.md"}, "who"); err != nil {
		t.Fatal(err)
	}
	equal(t, "commit identity", git(t, dir, "log", "-1", "--format=%an <%ae> %cn <%ce>"),
		"Committer <c@example.com> Committer <c@example.com>")
}
