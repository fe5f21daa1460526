package ai

import (
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// secretNames are base-name patterns of files that commonly hold
// credentials. Their content never reaches a prompt, whatever the
// configuration says.
var secretNames = []string{
	".env", ".env.*", "*.env", ".envrc",
	"*.pem", "*.key", "*.p12", "*.pfx", "*.jks", "*.keystore", "*.kdbx", "*.asc", "*.gpg",
	"id_rsa*", "id_dsa*", "id_ecdsa*", "id_ed25519*",
	".netrc", ".npmrc", ".pypirc", ".htpasswd", ".git-credentials", ".dockercfg",
	"credentials", "credentials.*", "*secret*", "*secrets*", "*.tfstate", "*.tfstate.*", "*.tfvars",
}

// secretDirs are directories whose files are all treated as secret.
var secretDirs = []string{".ssh", ".aws", ".gnupg", ".docker", ".git"}

// guard decides which repository files may be excerpted into a prompt.
type guard struct {
	root string
	deny []string
	dirs map[string][]gitignore.Pattern // .gitignore patterns read so far, by directory
}

func newGuard(root string, deny []string) *guard {
	return &guard{root: root, deny: deny, dirs: map[string][]gitignore.Pattern{}}
}

// ignored applies .git/info/exclude and the .gitignore files of every
// directory on rel's way, as git does; only those files are read.
func (g *guard) ignored(parts []string) bool {
	if g.root == "" {
		return false
	}
	fs := osfs.New(g.root)
	var ps []gitignore.Pattern
	read := func(key, file string, domain []string) {
		if _, ok := g.dirs[key]; !ok {
			g.dirs[key] = readIgnore(fs, file, domain)
		}
		ps = append(ps, g.dirs[key]...)
	}
	read("\x00exclude", ".git/info/exclude", nil)
	for i := 0; i < len(parts); i++ {
		dir := parts[:i]
		read(strings.Join(dir, "/"), path.Join(append(append([]string{}, dir...), ".gitignore")...), dir)
	}
	return gitignore.NewMatcher(ps).Match(parts, false)
}

func readIgnore(fs billy.Filesystem, file string, domain []string) []gitignore.Pattern {
	f, err := fs.Open(file)
	if err != nil {
		return nil
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, 1<<20))
	if err != nil {
		return nil
	}
	var ps []gitignore.Pattern
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		ps = append(ps, gitignore.ParsePattern(line, domain))
	}
	return ps
}

// allowed reports whether rel (slash-separated, repo-relative) may be read
// into a prompt, and if not, why.
func (g *guard) allowed(rel string) (bool, string) {
	clean := path.Clean(rel)
	if clean != rel || path.IsAbs(rel) || strings.HasPrefix(rel, "../") || rel == ".." {
		return false, "not a plain path inside the repository"
	}
	parts := strings.Split(rel, "/")
	base := parts[len(parts)-1]
	lower := strings.ToLower(base)
	for _, p := range secretNames {
		if ok, _ := path.Match(p, lower); ok {
			return false, "looks like a secret"
		}
	}
	for _, d := range parts[:len(parts)-1] {
		for _, s := range secretDirs {
			if strings.EqualFold(d, s) {
				return false, "looks like a secret"
			}
		}
	}
	for _, p := range g.deny {
		if denied(p, rel) {
			return false, "denied by ai.deny"
		}
	}
	if g.ignored(parts) {
		return false, "ignored by .gitignore"
	}
	return true, ""
}

// denied matches a deny pattern against a path: a pattern with a slash is
// matched against the whole path, or a leading part of it (a directory);
// one without is matched against every base name.
func denied(pattern, rel string) bool {
	pattern = strings.TrimPrefix(strings.TrimSpace(pattern), "/")
	if pattern == "" {
		return false
	}
	pattern = strings.TrimSuffix(strings.TrimSuffix(pattern, "/**"), "/")
	parts := strings.Split(rel, "/")
	if !strings.Contains(pattern, "/") {
		for _, p := range parts {
			if ok, _ := path.Match(pattern, p); ok {
				return true
			}
		}
		return false
	}
	for i := 1; i <= len(parts); i++ {
		if ok, _ := path.Match(pattern, strings.Join(parts[:i], "/")); ok {
			return true
		}
	}
	return false
}

// excerpt reads the start of an allowed, regular, text file, at most max
// bytes. Symlinks are not followed, so nothing outside the repository is
// ever read.
func (g *guard) excerpt(rel string, max int) (string, bool) {
	if ok, _ := g.allowed(rel); !ok || g.root == "" {
		return "", false
	}
	abs := g.root
	var st os.FileInfo
	for _, part := range strings.Split(rel, "/") {
		abs = filepath.Join(abs, part)
		var err error
		if st, err = os.Lstat(abs); err != nil || st.Mode()&os.ModeSymlink != 0 {
			return "", false
		}
	}
	if !st.Mode().IsRegular() {
		return "", false
	}
	f, err := os.Open(abs)
	if err != nil {
		return "", false
	}
	defer f.Close()
	buf := make([]byte, max)
	n, _ := f.Read(buf)
	buf = buf[:n]
	if strings.ContainsRune(string(buf), 0) {
		return "", false // binary
	}
	s := strings.ToValidUTF8(string(buf), "")
	if int64(n) < st.Size() {
		if i := strings.LastIndexByte(s, '\n'); i > 0 {
			s = s[:i]
		}
		s += "\n[… excerpt cut]"
	}
	return s, true
}
