package meta

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func sample() *Meta {
	m := New("Offline mode", "jira", "PROJ-1", time.Date(2026, 2, 19, 0, 0, 0, 0, time.UTC))
	m.CompleteStep("00-01")
	return m
}

// onlyFile fails unless dir holds exactly one entry, name: a temporary file
// left behind would show up here.
func onlyFile(t *testing.T, dir, name string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != name {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("%s holds %q, want only %s", dir, names, name)
	}
}

func TestWriteRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "meta.json")
	m := sample()
	if err := Write(path, m); err != nil {
		t.Fatal(err)
	}
	back, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, m) {
		t.Errorf("Read after Write =\n%#v\nwant\n%#v", back, m)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o644 {
		t.Errorf("mode = %v, want 0644", fi.Mode().Perm())
	}
	onlyFile(t, filepath.Dir(path), "meta.json")
}

func TestWriteReplaces(t *testing.T) {
	path := writeFile(t, `{"description": "old", "x_keep": 1}`)
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	m, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	m.Description = "new"
	if err := Write(path, m); err != nil {
		t.Fatal(err)
	}
	back, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Description != "new" || string(back.Extra["x_keep"]) != "1" {
		t.Errorf("after Write: description %q, x_keep %s", back.Description, back.Extra["x_keep"])
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mode not kept: %v %v", fi.Mode(), err)
	}
	onlyFile(t, filepath.Dir(path), "meta.json")
}

// TestWriteRefusesSymlink: a meta.json that is a symlink, to a file
// elsewhere or to nothing, is refused with an error naming it; neither the
// link nor what it points at changes.
func TestWriteRefusesSymlink(t *testing.T) {
	const outside = `{"description": "not rtgit's"}`
	target := writeFile(t, outside)
	dir := t.TempDir()
	link := filepath.Join(dir, "meta.json")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	err := Write(link, sample())
	if err == nil || !strings.Contains(err.Error(), link) || !strings.Contains(err.Error(), "symlink") {
		t.Fatalf("Write through a symlink = %v, want an error naming %s", err, link)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("link replaced: %v %v", fi.Mode(), err)
	}
	if data, err := os.ReadFile(target); err != nil || string(data) != outside {
		t.Errorf("the file the link points at was written: %q %v", data, err)
	}
	onlyFile(t, dir, "meta.json")

	dangling := filepath.Join(t.TempDir(), "meta.json")
	gone := filepath.Join(t.TempDir(), "elsewhere.json")
	if err := os.Symlink(gone, dangling); err != nil {
		t.Fatal(err)
	}
	if err := Write(dangling, sample()); err == nil {
		t.Errorf("Write through a dangling symlink succeeded")
	}
	if _, err := os.Lstat(gone); !os.IsNotExist(err) {
		t.Errorf("Write through a dangling symlink created its target: %v", err)
	}
}

// A write that fails must leave the old file as it was and nothing else
// behind: a later run has to find either the old state or the new one.
func TestWriteFailureKeepsOriginal(t *testing.T) {
	const original = "{\"description\": \"old\"}\n"
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, path string) *Meta
	}{
		{"read-only directory", func(t *testing.T, path string) *Meta {
			dir := filepath.Dir(path)
			if err := os.Chmod(dir, 0o555); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = os.Chmod(dir, 0o755) })
			// Root, and some file systems, ignore the permission bits.
			if f, err := os.CreateTemp(dir, "probe"); err == nil {
				_ = f.Close()
				_ = os.Remove(f.Name())
				t.Skip("directory permissions are not enforced here")
			}
			return sample()
		}},
		{"marshal error", func(t *testing.T, path string) *Meta {
			m := sample()
			m.Extra["x"] = json.RawMessage(`{broken`)
			return m
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := writeFile(t, original)
			m := tc.setup(t, path)
			if err := Write(path, m); err == nil {
				t.Fatal("Write succeeded")
			}
			if data, err := os.ReadFile(path); err != nil || string(data) != original {
				t.Errorf("original changed to %q (%v)", data, err)
			}
			onlyFile(t, filepath.Dir(path), "meta.json")
		})
	}
}

// When the rename fails, the temporary file must be removed. A directory at
// the target path makes rename fail even for root.
func TestWriteRenameFailureCleansUp(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "meta.json")
	if err := os.MkdirAll(filepath.Join(path, "occupied"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, sample()); err == nil {
		t.Fatal("Write over a directory succeeded")
	}
	onlyFile(t, dir, "meta.json")
}
