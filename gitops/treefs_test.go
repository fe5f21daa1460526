package gitops

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

func TestTreeFSPassesFSTest(t *testing.T) {
	dir, r := newRepo(t, map[string]string{
		".rtgit/steps/01-requirements/02-user-needs.md": "---\nstep_id: 01-02\n---\n",
		".rtgit/templates/answer-file.md.tmpl":          "# {{.Title}}\n",
		".rtgit/personas.yaml":                          "personas: []\n",
		"README.md":                                     "hello\n",
		"a/b/c/deep.txt":                                "deep\n",
		"tool.sh":                                       "#!/bin/sh\n",
		"empty":                                         "",
	})
	if err := os.Chmod(filepath.Join(dir, "tool.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	git(t, dir, "add", "tool.sh")
	git(t, dir, "commit", "-q", "-m", "executable")
	fsys, err := r.TreeFS("main")
	if err != nil {
		t.Fatal(err)
	}
	if err := fstest.TestFS(fsys,
		".rtgit/steps/01-requirements/02-user-needs.md", ".rtgit/templates/answer-file.md.tmpl",
		".rtgit/personas.yaml", "README.md", "a/b/c/deep.txt", "tool.sh", "empty"); err != nil {
		t.Fatal(err)
	}
	st, err := fs.Stat(fsys, "tool.sh")
	if err != nil || st.Mode() != 0o755 {
		t.Fatalf("tool.sh: mode %v, %v; want -rwxr-xr-x", st.Mode(), err)
	}
}

// The tree is the commit's, not the worktree's: an edit on disk, or a
// later commit, is not seen.
func TestTreeFSReadsTheCommitNotTheWorktree(t *testing.T) {
	dir, r := newRepo(t, map[string]string{"x.md": "committed\n"})
	first := git(t, dir, "rev-parse", "HEAD")
	writeFile(t, dir, "x.md", "edited\n")
	writeFile(t, dir, "new.md", "untracked\n")
	fsys, err := r.TreeFS(first)
	if err != nil {
		t.Fatal(err)
	}
	if data, err := fs.ReadFile(fsys, "x.md"); err != nil || string(data) != "committed\n" {
		t.Fatalf("x.md = %q, %v; want the committed text", data, err)
	}
	if _, err := fs.ReadFile(fsys, "new.md"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("an untracked file: %v; want fs.ErrNotExist", err)
	}
}

func TestTreeFSMissingIsNotExist(t *testing.T) {
	_, r := newRepo(t, map[string]string{"a/b.md": "b\n"})
	fsys, err := r.TreeFS("HEAD")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"nope.md", "a/nope.md", "nope/b.md", "a/b.md/c"} {
		if _, err := fs.ReadFile(fsys, name); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("ReadFile(%q): %v; want fs.ErrNotExist", name, err)
		}
		if _, err := fs.Stat(fsys, name); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("Stat(%q): %v; want fs.ErrNotExist", name, err)
		}
	}
	if _, err := fs.ReadDir(fsys, "nope"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadDir(nope): %v; want fs.ErrNotExist", err)
	}
	for _, name := range []string{"../a/b.md", "/a/b.md", "a/./b.md", "a//b.md", ""} {
		if _, err := fsys.Open(name); !errors.Is(err, fs.ErrInvalid) {
			t.Errorf("Open(%q): %v; want fs.ErrInvalid", name, err)
		}
	}
}

func TestTreeFSRefusesSymlinks(t *testing.T) {
	dir, r := newRepo(t, map[string]string{"real/x.md": "x\n"})
	secret := filepath.Join(t.TempDir(), "secret")
	mustWrite(t, secret, "the key\n")
	for link, target := range map[string]string{
		".rtgit/templates/answer-file.md.tmpl": secret,
		".rtgit/steps":                         "../real",
		"inside.md":                            "real/x.md",
	} {
		p := filepath.Join(dir, filepath.FromSlash(link))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "links")
	fsys, err := r.TreeFS("main")
	if err != nil {
		t.Fatal(err)
	}
	for name, link := range map[string]string{
		".rtgit/templates/answer-file.md.tmpl": ".rtgit/templates/answer-file.md.tmpl",
		".rtgit/steps":                         ".rtgit/steps",
		".rtgit/steps/x.md":                    ".rtgit/steps",
		"inside.md":                            "inside.md",
	} {
		for op, call := range map[string]func() error{
			"Open":     func() error { _, err := fsys.Open(name); return err },
			"ReadFile": func() error { _, err := fs.ReadFile(fsys, name); return err },
			"Stat":     func() error { _, err := fs.Stat(fsys, name); return err },
			"ReadDir":  func() error { _, err := fs.ReadDir(fsys, name); return err },
		} {
			err := call()
			if !errors.Is(err, ErrSymlink) || errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%s(%q): %v; want ErrSymlink", op, name, err)
				continue
			}
			// The path is named; so is the link on it, when it is not
			// the path itself.
			want := name + ": a symlink in commit "
			if link != name {
				want = name + ": " + link + " is a symlink in commit "
			}
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%s(%q): %q; want it to say %q", op, name, err, want)
			}
		}
	}
	// A listing shows the link for what it is, so a reader that expects
	// a file there reports the refusal.
	entries, err := fs.ReadDir(fsys, ".rtgit")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name()+" "+e.Type().String())
	}
	if want := "steps L---------,templates d---------"; strings.Join(got, ",") != want {
		t.Fatalf("ReadDir(.rtgit) = %q; want %q", strings.Join(got, ","), want)
	}
}

func TestTreeFSRefusesSubmodules(t *testing.T) {
	dir, r := newRepo(t, map[string]string{"x.md": "x\n"})
	head := git(t, dir, "rev-parse", "HEAD")
	git(t, dir, "update-index", "--add", "--cacheinfo", "160000,"+head+",vendor/lib")
	git(t, dir, "commit", "-q", "-m", "submodule")
	fsys, err := r.TreeFS("HEAD")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"vendor/lib", "vendor/lib/x.md"} {
		_, err := fs.ReadDir(fsys, name)
		if !errors.Is(err, ErrSubmodule) || !strings.Contains(err.Error(), name+": ") || !strings.Contains(err.Error(), "vendor/lib") || !strings.Contains(err.Error(), "a submodule in commit ") {
			t.Errorf("ReadDir(%q): %v; want ErrSubmodule naming vendor/lib", name, err)
		}
	}
	entries, err := fs.ReadDir(fsys, "vendor")
	if err != nil || len(entries) != 1 || entries[0].IsDir() || entries[0].Type() != fs.ModeIrregular {
		t.Fatalf("ReadDir(vendor) = %v, %v; want one irregular entry", entries, err)
	}
}

func TestTreeFSUnknownRevision(t *testing.T) {
	_, r := newRepo(t, nil)
	if _, err := r.TreeFS("no-such-branch"); !errors.Is(err, ErrNoBranch) {
		t.Fatalf("TreeFS(no-such-branch): %v; want ErrNoBranch", err)
	}
}
