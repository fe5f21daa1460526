package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rtgit/rtgit/cmd/rtgit/internal/cli"
)

// The bad-input corpus lives at the repository root in testdata/bad, one
// directory per family and one txtar file per case; testdata/bad/README.md
// describes the format. Every case runs against its own copy of a real
// repository: the command must fail with the expected message (naming the
// file, and the line where there is one) and leave the worktree, the git
// directory and anything outside the repository exactly as they were; or,
// for input rtgit is meant to accept, it must succeed and keep every answer.

const corpusDir = "../../testdata/bad"

// badCase is one parsed case file.
type badCase struct {
	setup   string
	run     [][]string // commands run before the checked one, which is last
	event   string     // the event name when the command is rtgit action
	exit    int
	output  []*regexp.Regexp
	edits   [][3]string // file, old, new
	appends [][2]string // file, text
	big     [][2]string // file, size in bytes of answer text
	moves   [][2]string // repo path, where to move it ($OUTSIDE/...)
	links   [][2]string // link, target ($OUTSIDE is a directory outside the repo)
	cuts    [][3]string // file, text that starts the cut, text that ends it
	removes []string
	keep    [][2]string // file, text it must still hold afterwards (exit 0 cases)
	files   []txtar.File
}

func TestBadInputCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("the whole bad-input corpus: skipped with -short")
	}
	families, err := os.ReadDir(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := corpusTemplate(t)
	counts := map[string]int{}
	for _, fam := range families {
		if !fam.IsDir() {
			continue
		}
		cases, _ := filepath.Glob(filepath.Join(corpusDir, fam.Name(), "*.txtar"))
		for _, file := range cases {
			name := fam.Name() + "/" + strings.TrimSuffix(filepath.Base(file), ".txtar")
			t.Run(name, func(t *testing.T) {
				c := parseBadCase(t, file)
				runBadCase(t, tmpl, c)
			})
			counts[fam.Name()]++
		}
	}
	var fams []string
	for f := range counts {
		fams = append(fams, f)
	}
	sort.Strings(fams)
	for _, f := range fams {
		t.Logf("| %s | %d |", f, counts[f])
	}
}

// parseBadCase reads the directives in a case's comment: "key: value" lines,
// with Go-quoted strings where bytes such as \r, \x00 or \xff are needed.
func parseBadCase(t *testing.T, file string) *badCase {
	t.Helper()
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	c := &badCase{setup: "fresh", files: ar.Files}
	for i, line := range strings.Split(string(ar.Comment), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, rest, ok := strings.Cut(line, ": ")
		if !ok {
			t.Fatalf("%s:%d: want key: value", file, i+1)
		}
		var args []string
		if key != "output" && key != "setup" && key != "event" && key != "exit" {
			args = splitArgs(t, fmt.Sprintf("%s:%d", file, i+1), rest)
		}
		switch key {
		case "setup":
			c.setup = rest
		case "run":
			c.run = append(c.run, args)
		case "event":
			c.event = rest
		case "exit":
			c.exit, err = strconv.Atoi(rest)
			if err != nil {
				t.Fatalf("%s:%d: %v", file, i+1, err)
			}
		case "output":
			re, err := regexp.Compile(rest)
			if err != nil {
				t.Fatalf("%s:%d: %v", file, i+1, err)
			}
			c.output = append(c.output, re)
		case "replace":
			c.edits = append(c.edits, [3]string{args[0], args[1], args[2]})
		case "append":
			c.appends = append(c.appends, [2]string{args[0], args[1]})
		case "big":
			c.big = append(c.big, [2]string{args[0], args[1]})
		case "move":
			c.moves = append(c.moves, [2]string{args[0], args[1]})
		case "symlink":
			c.links = append(c.links, [2]string{args[0], args[1]})
		case "cut":
			c.cuts = append(c.cuts, [3]string{args[0], args[1], args[2]})
		case "remove":
			c.removes = append(c.removes, args...)
		case "keep":
			c.keep = append(c.keep, [2]string{args[0], args[1]})
		default:
			t.Fatalf("%s:%d: unknown directive %q", file, i+1, key)
		}
	}
	if len(c.run) == 0 {
		t.Fatalf("%s: no run: line", file)
	}
	return c
}

// splitArgs splits on spaces, reading a token that starts with a double
// quote as a Go string literal.
func splitArgs(t *testing.T, where, s string) []string {
	var out []string
	for s = strings.TrimLeft(s, " "); s != ""; s = strings.TrimLeft(s, " ") {
		if s[0] == '"' {
			q, err := strconv.QuotedPrefix(s)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			v, _ := strconv.Unquote(q)
			out = append(out, v)
			s = s[len(q):]
			continue
		}
		tok, rest, _ := strings.Cut(s, " ")
		out = append(out, tok)
		s = rest
	}
	return out
}

// corpusTemplate is a repository on branch rtgit/csv with step 00-01 open,
// copied for every case.
func corpusTemplate(t *testing.T) string {
	home := t.TempDir()
	cfg := filepath.Join(home, ".gitconfig")
	if err := os.WriteFile(cfg, []byte("[user]\n\tname = Dana Developer\n\temail = dana@example.com\n[init]\n\tdefaultBranch = main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", home)
	t.Setenv("GIT_CONFIG_GLOBAL", cfg)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("TZ", "UTC")
	dir := filepath.Join(t.TempDir(), "tmpl")
	git(t, "", "init", "-q", "-b", "main", dir)
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte("# shop\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git(t, dir, "add", "README.md")
	git(t, dir, "commit", "-q", "-m", "first commit")
	return dir
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	if dir != "" {
		args = append([]string{"-C", dir}, args...)
	}
	out, err := exec.Command("git", args...).CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// rtgit runs the CLI in process, returning its exit code and output.
func rtgit(dir string, args ...string) (int, string) {
	var out bytes.Buffer
	code := cli.Run(append([]string{"-C", dir}, args...), cli.Streams{In: strings.NewReader(""), Out: &out, Err: &out})
	return code, out.String()
}

const (
	corpusChange     = "Customers download all of their invoices as one CSV file from the invoices page."
	corpusBoundaries = "The PDF renderer and the public invoice API stay exactly as they are."
	corpusExample    = "Dana in finance downloads a year of invoices as one CSV instead of forty PDFs."
	corpusAnswers    = "docs/requirements/csv/answers/00-01-scope-estimation.md"
)

func runBadCase(t *testing.T, tmpl string, c *badCase) {
	root := t.TempDir()
	repo, outside, scratch := filepath.Join(root, "repo"), filepath.Join(root, "outside"), filepath.Join(root, "scratch")
	for _, d := range []string{outside, scratch} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := exec.Command("cp", "-a", tmpl, repo).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	if c.setup != "main" {
		mustRun(t, repo, "new", "--slug", "csv", "Let customers export invoices as CSV")
	}
	if c.setup == "answered" {
		mustRun(t, repo, "answer", "csv", "change", corpusChange)
		mustRun(t, repo, "answer", "csv", "boundaries", corpusBoundaries)
		mustRun(t, repo, "answer", "csv", "example", corpusExample)
	}
	// The bad input itself, as a user or a pull request would leave it.
	expand := func(s string) string { return strings.ReplaceAll(s, "$OUTSIDE", outside) }
	for _, f := range c.files {
		dst := filepath.Join(repo, filepath.FromSlash(f.Name))
		if rest, ok := strings.CutPrefix(f.Name, "scratch/"); ok {
			dst = filepath.Join(scratch, rest)
		} else if rest, ok := strings.CutPrefix(f.Name, "outside/"); ok {
			dst = filepath.Join(outside, rest)
		}
		writeFile(t, dst, f.Data)
	}
	for _, e := range c.edits {
		p := filepath.Join(repo, e[0])
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(data, []byte(e[1])) {
			t.Fatalf("%s does not contain %q", e[0], e[1])
		}
		writeFile(t, p, bytes.ReplaceAll(data, []byte(e[1]), []byte(e[2])))
	}
	for _, e := range c.cuts {
		p := filepath.Join(repo, e[0])
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		i := bytes.Index(data, []byte(e[1]))
		j := bytes.Index(data, []byte(e[2]))
		if i < 0 || j < i {
			t.Fatalf("%s: cannot cut from %q to %q", e[0], e[1], e[2])
		}
		writeFile(t, p, append(append([]byte{}, data[:i]...), data[j:]...))
	}
	for _, r := range c.removes {
		if err := os.Remove(filepath.Join(repo, r)); err != nil {
			t.Fatal(err)
		}
	}
	for _, a := range c.appends {
		p := filepath.Join(repo, a[0])
		data, _ := os.ReadFile(p)
		writeFile(t, p, append(data, a[1]...))
	}
	for _, b := range c.big {
		n, _ := strconv.Atoi(b[1])
		p := filepath.Join(repo, b[0])
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		blob := bytes.Repeat([]byte("Customers export invoices. "), n/27+1)[:n]
		marker := []byte("<!-- rtgit:answer id=change -->\n\n")
		i := bytes.Index(data, marker) + len(marker)
		j := i + bytes.IndexByte(data[i:], '\n')
		writeFile(t, p, append(append(append([]byte{}, data[:i]...), blob...), data[j:]...))
	}
	for _, mv := range c.moves {
		dst := expand(mv[1])
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(filepath.Join(repo, mv[0]), dst); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range c.links {
		p := filepath.Join(repo, l[0])
		os.RemoveAll(p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(expand(l[1]), p); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("GITHUB_EVENT_NAME", c.event)
	t.Setenv("GITHUB_EVENT_PATH", filepath.Join(scratch, "event.json"))
	t.Setenv("GITHUB_REPOSITORY", "acme/invoices")
	t.Setenv("GITHUB_API_URL", "http://127.0.0.1:1") // never reached
	t.Setenv("GITHUB_TOKEN", "ghs_corpusToken0123456789")
	t.Setenv("GITHUB_WORKSPACE", "")

	for _, args := range c.run[:len(c.run)-1] {
		mustRun(t, repo, expandAll(args, expand)...)
	}
	before := snapshot(t, repo)
	args := expandAll(c.run[len(c.run)-1], expand)
	code, out := rtgit(repo, args...)
	if code != c.exit {
		t.Fatalf("rtgit %s exited %d, want %d\n%s", strings.Join(args, " "), code, c.exit, out)
	}
	for _, re := range c.output {
		if !re.MatchString(out) {
			t.Errorf("output does not match %q:\n%s", re, out)
		}
	}
	if strings.Contains(out, "ghs_corpusToken0123456789") && !strings.Contains(out, "::add-mask::ghs_corpusToken0123456789") {
		t.Errorf("the token was printed:\n%s", out)
	}
	after := snapshot(t, repo)
	if c.exit != 0 && before != after {
		t.Errorf("a refused command changed the repository or outside it:\n%s", lineDiff(before, after))
	}
	if c.exit == 0 && outsideOf(before) != outsideOf(after) {
		t.Errorf("something was written outside the repository:\n%s", lineDiff(outsideOf(before), outsideOf(after)))
	}
	for _, k := range c.keep {
		got, err := os.ReadFile(filepath.Join(repo, k[0]))
		if err != nil || !strings.Contains(string(got), k[1]) {
			t.Errorf("%s lost %q (%v)", k[0], k[1], err)
		}
	}
	if fsck, err := exec.Command("git", "-C", repo, "fsck", "--no-progress").CombinedOutput(); err != nil {
		t.Errorf("git fsck: %v\n%s", err, fsck)
	}
}

func expandAll(args []string, f func(string) string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = f(a)
	}
	if len(out) > 0 && out[0] == "rtgit" {
		out = out[1:]
	}
	return out
}

func mustRun(t *testing.T, dir string, args ...string) {
	t.Helper()
	if code, out := rtgit(dir, args...); code != 0 {
		t.Fatalf("rtgit %s: exit %d\n%s", strings.Join(args, " "), code, out)
	}
}

func writeFile(t *testing.T, p string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// snapshot is everything a refused command must leave alone: HEAD, every
// ref, git status, and the bytes of every file in the worktree, in .git
// and outside the repository. rtgit's own lock files are left out: taking
// the per-item lock creates one by design.
func snapshot(t *testing.T, repo string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(git(t, repo, "for-each-ref", "--format=%(refname) %(objectname)"))
	b.WriteString("HEAD " + git(t, repo, "symbolic-ref", "-q", "HEAD"))
	b.WriteString(git(t, repo, "status", "--porcelain", "--untracked-files=all", "--ignored"))
	hashTree(t, &b, "repo", repo, func(rel string) bool { return rel == ".git/rtgit" || strings.HasPrefix(rel, ".git/rtgit/") })
	// Everything next to the repository counts as outside: a path that
	// climbs out of docs/ lands there first.
	b.WriteString("== outside\n")
	hashTree(t, &b, "outside", filepath.Dir(repo), func(rel string) bool { return rel == "repo" || strings.HasPrefix(rel, "repo/") })
	return b.String()
}

func outsideOf(snap string) string {
	_, o, _ := strings.Cut(snap, "== outside\n")
	return o
}

func hashTree(t *testing.T, b *strings.Builder, label, root string, skip func(string) bool) {
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if skip != nil && skip(rel) {
			return nil
		}
		info, err := os.Lstat(p)
		if err != nil {
			return err
		}
		switch {
		case info.Mode()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			fmt.Fprintf(b, "%s/%s -> %s\n", label, rel, target)
		case info.Mode().IsRegular():
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			fmt.Fprintf(b, "%s/%s %x %v\n", label, rel, sha256.Sum256(data), info.Mode())
		case d.IsDir():
			fmt.Fprintf(b, "%s/%s/\n", label, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// lineDiff lists the lines only one side has.
func lineDiff(a, b string) string {
	in := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(s, "\n") {
			m[l] = true
		}
		return m
	}
	ma, mb := in(a), in(b)
	var out strings.Builder
	for _, l := range strings.Split(a, "\n") {
		if !mb[l] {
			out.WriteString("- " + l + "\n")
		}
	}
	for _, l := range strings.Split(b, "\n") {
		if !ma[l] {
			out.WriteString("+ " + l + "\n")
		}
	}
	return out.String()
}
