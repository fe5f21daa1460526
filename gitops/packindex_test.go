package gitops

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-git/go-billy/v5/osfs"
)

// A pack's index is served whole from memory, with its size, and reads as
// the file does; any other file is the directory's own.
func TestPackIndexIsReadWhole(t *testing.T) {
	dir, _ := newRepo(t, map[string]string{"a.txt": "a\n", "b/c.txt": "c\n"})
	git(t, dir, "gc", "-q")
	idxs, err := filepath.Glob(filepath.Join(dir, ".git", "objects", "pack", "pack-*.idx"))
	if err != nil || len(idxs) != 1 {
		t.Fatalf("packs: %v %v", idxs, err)
	}
	fsys := packIndexFS{osfs.New(filepath.Join(dir, ".git"))}
	rel := filepath.ToSlash(filepath.Join("objects", "pack", filepath.Base(idxs[0])))
	f, err := fsys.Open(rel)
	if err != nil {
		t.Fatal(err)
	}
	m, ok := f.(*memFile)
	if !ok {
		t.Fatalf("the index was opened as %T, not read whole", f)
	}
	want, _ := os.ReadFile(idxs[0])
	got, err := io.ReadAll(m)
	if err != nil || string(got) != string(want) {
		t.Fatalf("read %d bytes (%v), want the file's %d", len(got), err, len(want))
	}
	if fi, _ := m.Stat(); fi.Size() != int64(len(want)) {
		t.Errorf("Stat says %d bytes, want %d", fi.Size(), len(want))
	}
	if _, err := m.Write([]byte("x")); err == nil {
		t.Error("an index in memory took a write")
	}
	other, err := fsys.Open("HEAD")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, ok := other.(*memFile); ok {
		t.Error("HEAD was read into memory")
	}
}
