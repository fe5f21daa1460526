package gitops

import (
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// indexRepo is a repository whose index git itself wrote with the usual
// variety: nested paths, an executable, a symlink, a `git add -N`
// placeholder (which makes it version 3) and cached trees.
func indexRepo(t *testing.T) (string, *Repo) {
	t.Helper()
	dir, r := newRepo(t, map[string]string{
		"README.md":         "hello\n",
		"docs/a.md":         "a\n",
		"docs/deep/b.md":    "b\n",
		"src/main.go":       "package main\n",
		"src/util/util.go":  "package util\n",
		"zz/last.txt":       "last\n",
		"docs/requirements": "",
	})
	os.Remove(filepath.Join(dir, "docs/requirements"))
	writeFile(t, dir, "bin/run.sh", "#!/bin/sh\n")
	os.Chmod(filepath.Join(dir, "bin/run.sh"), 0o755)
	os.Symlink("../README.md", filepath.Join(dir, "docs/readme-link"))
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "more")
	writeFile(t, dir, "later.txt", "intent\n")
	git(t, dir, "add", "-N", "later.txt")
	return dir, r
}

func rawIndex(t *testing.T, dir string) []byte {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func extSigs(ix *indexFile) string {
	var s []string
	for _, x := range ix.exts {
		s = append(s, x.sig)
	}
	return strings.Join(s, " ")
}

// With nothing changed, the index goes back out byte for byte.
func TestIndexRoundTripIsByteForByte(t *testing.T) {
	dir, _ := indexRepo(t)
	raw := rawIndex(t, dir)
	ix, err := parseIndex(raw)
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "version", ix.version, uint32(3))
	equal(t, "extensions", extSigs(ix), "TREE")
	equal(t, "entries", ix.count(), len(strings.Split(git(t, dir, "ls-files", "-s"), "\n")))
	if !ix.intentToAdd(mustEntry(t, ix, "later.txt")) {
		t.Error("later.txt should be an intent-to-add entry")
	}
	equal(t, "run.sh mode", ix.mode(mustEntry(t, ix, "bin/run.sh")), filemode.Executable)
	equal(t, "link mode", ix.mode(mustEntry(t, ix, "docs/readme-link")), filemode.Symlink)
	equal(t, "README hash", ix.hash(mustEntry(t, ix, "README.md")).String(), git(t, dir, "rev-parse", ":README.md"))

	var out bytes.Buffer
	if err := ix.writeTo(&out, nil); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), raw) {
		t.Fatalf("rewritten index differs: %d bytes, was %d", out.Len(), len(raw))
	}
}

func mustEntry(t *testing.T, ix *indexFile, name string) int {
	t.Helper()
	e, ok := ix.find(name)
	if !ok {
		t.Fatalf("no index entry %s", name)
	}
	return e
}

// After a commit, the cached trees of changed directories are invalid and
// the rest still valid: git write-tree, which trusts them, must produce
// exactly the committed tree, and git status must see nothing.
func TestCommitLeavesCachedTreesHonest(t *testing.T) {
	dir, r := indexRepo(t)
	git(t, dir, "rm", "-q", "--cached", "later.txt")
	os.Remove(filepath.Join(dir, "later.txt"))
	writeFile(t, dir, "docs/deep/b.md", "b changed\n")
	writeFile(t, dir, "docs/requirements/x/meta.json", "{}\n")
	os.Remove(filepath.Join(dir, "zz/last.txt"))
	sha, err := r.Commit([]string{"docs/deep/b.md", "docs/requirements/x/meta.json", "zz/last.txt"}, "step")
	if err != nil {
		t.Fatal(err)
	}
	ix, err := parseIndex(rawIndex(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "extensions kept", extSigs(ix), "TREE")
	equal(t, "write-tree", git(t, dir, "write-tree"), git(t, dir, "rev-parse", sha+"^{tree}"))
	equal(t, "git status", git(t, dir, "status", "--porcelain"), "")
	equal(t, "ls-files vs HEAD", git(t, dir, "ls-files", "-s"), lsTreeAsStage(t, dir))
	fsck(t, dir)
}

// lsTreeAsStage prints HEAD's files the way ls-files -s prints the index.
func lsTreeAsStage(t *testing.T, dir string) string {
	var lines []string
	for _, l := range strings.Split(git(t, dir, "ls-tree", "-r", "HEAD"), "\n") {
		meta, path, _ := strings.Cut(l, "\t")
		f := strings.Fields(meta)
		lines = append(lines, f[0]+" "+f[2]+" 0\t"+path)
	}
	return strings.Join(lines, "\n")
}

// A version 4 index (feature.manyFiles) is read and written back in the
// version 3 layout, with nothing lost.
func TestCommitWithVersion4Index(t *testing.T) {
	dir, r := indexRepo(t)
	git(t, dir, "update-index", "--index-version", "4")
	before := git(t, dir, "ls-files", "-s")
	writeFile(t, dir, "docs/a.md", "a changed\n")
	if _, err := r.Commit([]string{"docs/a.md"}, "step"); err != nil {
		t.Fatal(err)
	}
	after := git(t, dir, "ls-files", "-s")
	equal(t, "entries", after, strings.Replace(before, git(t, dir, "rev-parse", "HEAD~1:docs/a.md"), git(t, dir, "rev-parse", "HEAD:docs/a.md"), 1))
	equal(t, "git status", git(t, dir, "status", "--porcelain"), " A later.txt")
	ix, err := parseIndex(rawIndex(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	e := mustEntry(t, ix, "later.txt")
	if !ix.intentToAdd(e) {
		t.Error("the intent-to-add flag was lost")
	}
}

// A split index keeps entries in another file; rtgit refuses it rather
// than write an index that loses them, and changes nothing.
func TestCommitRefusesSplitIndex(t *testing.T) {
	dir, r := indexRepo(t)
	git(t, dir, "update-index", "--split-index")
	head := git(t, dir, "rev-parse", "HEAD")
	raw := rawIndex(t, dir)
	writeFile(t, dir, "docs/a.md", "a changed\n")
	_, err := r.Commit([]string{"docs/a.md"}, "step")
	if err == nil || !strings.Contains(err.Error(), "split") {
		t.Fatalf("commit with a split index: %v", err)
	}
	equal(t, "HEAD", git(t, dir, "rev-parse", "HEAD"), head)
	if !bytes.Equal(rawIndex(t, dir), raw) {
		t.Error("the index changed")
	}
}

// Caches that describe entries by position or by directory stat go; git
// rebuilds them, and meanwhile status stays right.
func TestCommitDropsPositionalCaches(t *testing.T) {
	dir, r := indexRepo(t)
	git(t, dir, "config", "core.untrackedCache", "true")
	git(t, dir, "update-index", "--untracked-cache")
	git(t, dir, "status", "--porcelain")
	ix, err := parseIndex(rawIndex(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(extSigs(ix), "UNTR") {
		t.Skipf("git wrote no untracked cache here (%s)", extSigs(ix))
	}
	writeFile(t, dir, "docs/requirements/x/meta.json", "{}\n")
	if _, err := r.Commit([]string{"docs/requirements/x/meta.json"}, "step"); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "docs/requirements/x/notes.txt", "mine\n")
	equal(t, "git status", git(t, dir, "status", "--porcelain"), " A later.txt\n?? docs/requirements/x/notes.txt")
}

func TestIndexDamageIsReported(t *testing.T) {
	dir, r := indexRepo(t)
	raw := rawIndex(t, dir)
	// The first entry's name length now runs past its NUL.
	raw[indexHeaderLen+61] += 3
	if err := os.WriteFile(filepath.Join(dir, ".git", "index"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := r.Dirty([]string{"README.md"})
	if !errors.Is(err, errIndexCorrupt) || !strings.Contains(err.Error(), filepath.Join(".git", "index")) {
		t.Fatalf("damaged index: %v", err)
	}
	if _, err := r.Commit([]string{"README.md"}, "step"); !errors.Is(err, errIndexCorrupt) {
		t.Fatalf("commit over a damaged index: %v", err)
	}
	if !bytes.Equal(rawIndex(t, dir), raw) {
		t.Error("the damaged index was rewritten")
	}
}

// A name of 4095 bytes or more does not fit the 12-bit length in the flags
// and is found by its terminating NUL instead.
func TestIndexLongName(t *testing.T) {
	long := strings.Repeat("d/", 2100) + "f.txt"
	ix := &indexFile{version: 2, raw: []byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x00"), offs: []uint32{indexHeaderLen}}
	ed := &indexEdits{inserts: []indexInsert{
		{name: "a.txt", entry: encodeEntry("a.txt", plumbing.ZeroHash, filemode.Regular, statData{})},
		{name: long, entry: encodeEntry(long, plumbing.ZeroHash, filemode.Regular, statData{size: 7})},
	}}
	var out bytes.Buffer
	if err := ix.writeTo(&out, ed); err != nil {
		t.Fatal(err)
	}
	back, err := parseIndex(out.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "entries", back.count(), 2)
	equal(t, "long name", string(back.name(1)), long)
	equal(t, "size field", binary.BigEndian.Uint32(back.entryBytes(1)[36:40]), uint32(7))
	sum := sha1.Sum(out.Bytes()[:out.Len()-sha1.Size])
	equal(t, "checksum", string(out.Bytes()[out.Len()-sha1.Size:]), string(sum[:]))
}

// Entries sort bytewise, so "p.txt" and "p-q" fall between "p" and "p/…":
// a file replacing directory p must land in the right place among them.
func TestCommitFileOverDirectoryKeepsOrder(t *testing.T) {
	dir, r := newRepo(t, map[string]string{
		"p/x.txt": "x\n", "p/y/z.txt": "z\n", "p.txt": "dot\n", "p-q": "dash\n", "o": "o\n", "q": "q\n",
	})
	os.RemoveAll(filepath.Join(dir, "p"))
	writeFile(t, dir, "p", "now a file\n")
	writeFile(t, dir, "n/new.txt", "new\n")
	sha, err := r.Commit([]string{"p", "p/x.txt", "p/y/z.txt", "n/new.txt"}, "replace")
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "ls-files vs HEAD", git(t, dir, "ls-files", "-s"), lsTreeAsStage(t, dir))
	equal(t, "write-tree", git(t, dir, "write-tree"), git(t, dir, "rev-parse", sha+"^{tree}"))
	equal(t, "git status", git(t, dir, "status", "--porcelain"), "")
}
