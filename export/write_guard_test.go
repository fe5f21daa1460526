package export

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A branch can commit a symlink where an export writes (features ->
// ../outside): writing through it would put the files outside the
// repository. Export refuses, naming the link, and writes nothing,
// neither there nor anywhere else; a path leaving the root is refused too.
func TestWriteRefusesASymlinkOnTheWay(t *testing.T) {
	parent := t.TempDir()
	root := filepath.Join(parent, "repo")
	outside := filepath.Join(parent, "outside")
	for _, d := range []string{root, outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("../outside", filepath.Join(root, "features")); err != nil {
		t.Fatal(err)
	}
	files := []File{
		{Path: "docs/first.md", Data: []byte("first\n")},
		{Path: "features/csv.feature", Data: []byte("Feature: CSV\n")},
	}
	_, err := Write(root, files, true)
	if err == nil || !strings.Contains(err.Error(), "features is a symlink") {
		t.Fatalf("Write through a symlink: %v", err)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("export wrote outside the repository: %v", entries)
	}
	if _, err := os.Stat(filepath.Join(root, "docs", "first.md")); err == nil {
		t.Errorf("export wrote some files before refusing the rest")
	}

	_, err = Write(root, []File{{Path: "../outside/x.md", Data: []byte("x\n")}}, true)
	if err == nil || !strings.Contains(err.Error(), "not inside") {
		t.Fatalf("Write outside the root: %v", err)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("export wrote outside the repository: %v", entries)
	}
}
