package repofs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRepoFSStaysInside: a symlink inside the repository is followed, one
// leading out of it is refused, and the secret it points at is never read.
func TestRepoFSStaysInside(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "environ")
	if err := os.WriteFile(secret, []byte("GITHUB_TOKEN=ghs_secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(repo, ".rtgit/steps/01-requirements"), 0o755))
	must(os.WriteFile(filepath.Join(repo, "real.md"), []byte("inside"), 0o644))
	must(os.Symlink("../../../real.md", filepath.Join(repo, ".rtgit/steps/01-requirements/01-in.md")))
	must(os.Symlink(secret, filepath.Join(repo, ".rtgit/steps/01-requirements/02-out.md")))
	must(os.Symlink(outside, filepath.Join(repo, ".rtgit/linked")))
	// A link inside the repository on the way to one leading out: the
	// error names the one leading out.
	must(os.Symlink("steps/01-requirements", filepath.Join(repo, ".rtgit/inner")))

	fsys := FS(repo)
	if data, err := fs.ReadFile(fsys, ".rtgit/steps/01-requirements/01-in.md"); err != nil || string(data) != "inside" {
		t.Errorf("symlink inside the repository: %q, %v", data, err)
	}
	for _, name := range []string{".rtgit/steps/01-requirements/02-out.md", ".rtgit/linked/environ"} {
		data, err := fs.ReadFile(fsys, name)
		if err == nil || strings.Contains(string(data), "ghs_") {
			t.Errorf("%s: read %q, %v; want it refused", name, data, err)
		}
		data, err = ReadFile(repo, name)
		if !errors.Is(err, ErrOutside) || strings.Contains(string(data), "ghs_") {
			t.Errorf("ReadFile(%s): read %q, %v; want it refused", name, data, err)
		}
	}
	_, err := ReadFile(repo, ".rtgit/linked/environ")
	if want := "refusing to read .rtgit/linked/environ: .rtgit/linked is a symlink leading outside the repository"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %v, want it to start %q", err, want)
	}
	_, err = ReadFile(repo, ".rtgit/inner/02-out.md")
	if want := "refusing to read .rtgit/inner/02-out.md: .rtgit/inner/02-out.md is a symlink leading outside"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %v, want it to start %q", err, want)
	}
	if _, err := fs.ReadFile(fsys, "../environ"); err == nil {
		t.Error("a path with .. was read")
	}
	if _, err := ReadFile(repo, "missing.md"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v, want fs.ErrNotExist", err)
	}
	entries, err := fs.ReadDir(fsys, ".rtgit/inner")
	if err != nil || len(entries) != 2 {
		t.Errorf("ReadDir: %v, %v", entries, err)
	}
}
