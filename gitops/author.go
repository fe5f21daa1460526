package gitops

import (
	"os"
	"path/filepath"

	"github.com/go-git/go-git/v5/plumbing/format/config"
)

// Fallback identity, so a machine with no git identity can still commit.
const (
	fallbackName  = "rtgit"
	fallbackEmail = "rtgit@localhost"
)

// Author is the identity rtgit commits as. Each of name and email comes
// from the first of: GIT_AUTHOR_NAME / GIT_AUTHOR_EMAIL, the repository's
// config, the global config, the rtgit fallback. Within a config file
// author.* beats user.*, as in git.
func (r *Repo) Author() (name, email string) {
	name, email = os.Getenv("GIT_AUTHOR_NAME"), os.Getenv("GIT_AUTHOR_EMAIL")
	if name == "" && email == "" && r.identity[0] != "" {
		return r.identity[0], r.identity[1]
	}
	files := append([]string{filepath.Join(r.commonDir, "config")}, globalConfigFiles()...)
	for _, path := range files {
		if name != "" && email != "" {
			break
		}
		cfg := readConfig(path)
		if cfg == nil {
			continue
		}
		if name == "" {
			name = firstOf(cfg.Section("author").Option("name"), cfg.Section("user").Option("name"))
		}
		if email == "" {
			email = firstOf(cfg.Section("author").Option("email"), cfg.Section("user").Option("email"))
		}
	}
	return firstOf(name, fallbackName), firstOf(email, fallbackEmail)
}

// globalConfigFiles lists global config files, most important first. go-git
// has its own list, but it ignores GIT_CONFIG_GLOBAL and reads only the
// first file found, and it puts the XDG file ahead of ~/.gitconfig, the
// opposite of git's precedence.
func globalConfigFiles() []string {
	if path, ok := os.LookupEnv("GIT_CONFIG_GLOBAL"); ok {
		return []string{path}
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return nil
	}
	xdg := os.Getenv("XDG_CONFIG_HOME")
	if xdg == "" {
		xdg = filepath.Join(home, ".config")
	}
	return []string{filepath.Join(home, ".gitconfig"), filepath.Join(xdg, "git", "config")}
}

// readConfig parses a git config file, or returns nil if it cannot. The raw
// decoder is used rather than go-git's typed config, which rejects files
// whose remotes or branches it does not understand.
func readConfig(path string) *config.Config {
	if path == "" {
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	cfg := config.New()
	if err := config.NewDecoder(f).Decode(cfg); err != nil {
		return nil
	}
	return cfg
}

func firstOf(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}

// SetIdentity makes name and email the identity rtgit commits as, in
// place of the configured one, unless GIT_AUTHOR_NAME or GIT_AUTHOR_EMAIL
// say otherwise. The GitHub Action commits as the account it posts as,
// never as whatever identity the runner happens to have.
func (r *Repo) SetIdentity(name, email string) { r.identity = [2]string{name, email} }
