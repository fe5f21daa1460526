package ai

import (
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// secretNames are base-name patterns of files that commonly hold
// credentials. Their content never reaches a prompt, whatever the
// configuration says.
var secretNames = []string{
	".env", ".env.*", "*.env", ".envrc",
	"*.pem", "*.key", "*.p12", "*.pfx", "*.p8", "*.jks", "*.jceks", "*.keystore", "*.kdbx", "*.asc", "*.gpg", "*.ppk",
	"*.keytab", "*.ovpn", "secring.*", "*.tfstate", "*.tfstate.*", "*.tfvars",
	"id_rsa*", "id_dsa*", "id_ecdsa*", "id_ed25519*", "id_xmss*",
	".netrc", "_netrc", ".npmrc", ".yarnrc", ".yarnrc.yml", ".pypirc", ".htpasswd", ".git-credentials", ".dockercfg",
	".pgpass", "pgpass.conf", ".my.cnf", ".mylogin.cnf", ".boto", ".s3cfg", ".vault-token", ".terraformrc", "terraform.rc",
	"kubeconfig", "*.kubeconfig", ".composer-auth.json", "auth.json",
	"credentials", "credentials.*", "*credential*", "*secret*", "*secrets*",
	"*service-account*", "*service_account*", "*serviceaccount*", "*-sa-key*", "*_sa_key*",
}

// secretDirs are directories whose files are all treated as secret.
var secretDirs = []string{".ssh", ".aws", ".azure", ".gnupg", ".docker", ".kube", ".gcloud", "gcloud", ".git", ".password-store"}

// guard decides which repository files may be excerpted into a prompt.
type guard struct {
	root string
	// ignores is the tree .gitignore files are read from: what the
	// repository keeps out is policy, so in the Action it is the default
	// branch's commit, not the analysis branch in the worktree. Nil
	// reads them from root.
	ignores fs.FS
	deny    []string
	dirs    map[string][]gitignore.Pattern // .gitignore patterns read so far, by directory
}

func newGuard(root string, ignores fs.FS, deny []string) *guard {
	return &guard{root: root, ignores: ignores, deny: deny, dirs: map[string][]gitignore.Pattern{}}
}

// ignored applies .git/info/exclude and the .gitignore files of every
// directory on rel's way, as git does; only those files are read.
func (g *guard) ignored(parts []string) bool {
	if g.root == "" && g.ignores == nil {
		return false
	}
	// .git/info/exclude belongs to the clone, not to any commit.
	local := func(name string) (io.ReadCloser, error) {
		if g.root == "" {
			return nil, fs.ErrNotExist
		}
		return osfs.New(g.root).Open(name)
	}
	tree := local
	if g.ignores != nil {
		tree = func(name string) (io.ReadCloser, error) { return g.ignores.Open(name) }
	}
	var ps []gitignore.Pattern
	read := func(key, file string, domain []string, open func(string) (io.ReadCloser, error)) {
		if _, ok := g.dirs[key]; !ok {
			g.dirs[key] = readIgnore(open, file, domain)
		}
		ps = append(ps, g.dirs[key]...)
	}
	read("\x00exclude", ".git/info/exclude", nil, local)
	for i := 0; i < len(parts); i++ {
		dir := parts[:i]
		read(strings.Join(dir, "/"), path.Join(append(append([]string{}, dir...), ".gitignore")...), dir, tree)
	}
	return gitignore.NewMatcher(ps).Match(parts, false)
}

func readIgnore(open func(string) (io.ReadCloser, error), file string, domain []string) []gitignore.Pattern {
	f, err := open(file)
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
			return false, "a credentials file by its name (`" + p + "`)"
		}
	}
	for _, d := range parts[:len(parts)-1] {
		for _, s := range secretDirs {
			if strings.EqualFold(d, s) {
				return false, "inside " + s + "/, a credentials folder"
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

// scanBytes is how much of a file secretContent reads: far more than an
// excerpt, so a key further down a file is seen too.
const scanBytes = 256 << 10

// excerpt reads the start of an allowed, regular, text file, at most max
// bytes, unless the file looks like it holds a credential; why it was
// withheld is the second result ("" when it was not, or when it is no
// file rtgit could read). Symlinks are not followed, so nothing outside
// the repository is ever read.
func (g *guard) excerpt(rel string, max int) (string, string) {
	if ok, why := g.allowed(rel); !ok {
		return "", why
	}
	if g.root == "" {
		return "", ""
	}
	abs := g.root
	var st os.FileInfo
	for _, part := range strings.Split(rel, "/") {
		abs = filepath.Join(abs, part)
		var err error
		if st, err = os.Lstat(abs); err != nil || st.Mode()&os.ModeSymlink != 0 {
			return "", ""
		}
	}
	if !st.Mode().IsRegular() {
		return "", ""
	}
	f, err := os.Open(abs)
	if err != nil {
		return "", ""
	}
	defer f.Close()
	buf, _ := io.ReadAll(io.LimitReader(f, scanBytes))
	if strings.ContainsRune(string(buf[:min(len(buf), max)]), 0) {
		return "", "" // binary
	}
	if why := secretContent(rel, strings.ToValidUTF8(string(buf), "")); why != "" {
		return "", why
	}
	n := min(len(buf), max)
	s := strings.ToValidUTF8(string(buf[:n]), "")
	if int64(n) < st.Size() {
		if i := strings.LastIndexByte(s, '\n'); i > 0 {
			s = s[:i]
		}
		s += "\n[… excerpt cut]"
	}
	return s, ""
}
