package gitops

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing/format/idxfile"
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

// decodePackIndex reads an index as go-git's decoder does, and refuses
// one cut short or grown.
func TestDecodePackIndexAgreesWithGoGit(t *testing.T) {
	files := map[string]string{}
	for i := range 300 {
		files[fmt.Sprintf("d%d/f%d.txt", i%7, i)] = fmt.Sprintf("file %d\n", i)
	}
	dir, _ := newRepo(t, files)
	git(t, dir, "gc", "-q")
	idxs, err := filepath.Glob(filepath.Join(dir, ".git", "objects", "pack", "pack-*.idx"))
	if err != nil || len(idxs) != 1 {
		t.Fatalf("packs: %v %v", idxs, err)
	}
	data, err := os.ReadFile(idxs[0])
	if err != nil {
		t.Fatal(err)
	}
	want := idxfile.NewMemoryIndex()
	if err := idxfile.NewDecoder(bytes.NewReader(data)).Decode(want); err != nil {
		t.Fatal(err)
	}
	got, err := decodePackIndex(data)
	if err != nil {
		t.Fatal(err)
	}
	if got.Fanout != want.Fanout || got.FanoutMapping != want.FanoutMapping ||
		!reflect.DeepEqual(got.Names, want.Names) || !reflect.DeepEqual(got.Offset32, want.Offset32) ||
		!reflect.DeepEqual(got.CRC32, want.CRC32) || len(got.Offset64) != len(want.Offset64) ||
		got.PackfileChecksum != want.PackfileChecksum || got.IdxChecksum != want.IdxChecksum {
		t.Fatal("the index decoded differently from go-git's decoder")
	}
	iter, err := want.Entries()
	if err != nil {
		t.Fatal(err)
	}
	for {
		e, err := iter.Next()
		if err == io.EOF {
			break
		}
		if off, err := got.FindOffset(e.Hash); err != nil || uint64(off) != e.Offset {
			t.Fatalf("%s: offset %d (%v), want %d", e.Hash, off, err, e.Offset)
		}
	}
	for _, bad := range [][]byte{data[:len(data)-1], append(append([]byte{}, data...), 0), data[:100]} {
		if _, err := decodePackIndex(bad); err == nil {
			t.Errorf("an index of %d bytes (of %d) was taken", len(bad), len(data))
		}
	}
}
