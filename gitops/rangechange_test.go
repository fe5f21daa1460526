package gitops

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
)

// A pull request's change is what git shows for base...head: the files
// since the merge base, and the commits head has, including those a merge
// of the base branch brought in only when base lacks them.
func TestRangeChangeIsThePullRequestsDiff(t *testing.T) {
	dir, r := newRepo(t, map[string]string{"a.go": "a\n", "b.go": "b\n"})
	git(t, dir, "switch", "-q", "-c", "pr")
	writeFile(t, dir, "a.go", "a2\n")
	git(t, dir, "commit", "-qam", "change a (T001)")
	git(t, dir, "switch", "-q", "main")
	writeFile(t, dir, "b.go", "b2\n")
	git(t, dir, "commit", "-qam", "main moves b")
	git(t, dir, "switch", "-q", "pr")
	git(t, dir, "merge", "-q", "--no-edit", "-m", "merge main into pr", "main")
	writeFile(t, dir, "c.go", "c\n")
	git(t, dir, "add", "c.go")
	git(t, dir, "commit", "-qm", "add c\n\nCloses #7")

	rg, err := r.RangeChange("main", "pr")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(git(t, dir, "diff", "--name-only", "main...pr"), "\n")
	equal(t, "files", strings.Join(rg.Files, " "), strings.Join(want, " "))
	msgs := append([]string{}, rg.Messages...)
	for i := range msgs {
		msgs[i] = strings.SplitN(msgs[i], "\n", 2)[0]
	}
	sort.Strings(msgs)
	equal(t, "messages", strings.Join(msgs, "|"), "add c|change a (T001)|merge main into pr")
	equal(t, "merge base", rg.MergeBase, git(t, dir, "merge-base", "main", "pr"))
}

func TestReadUnderReadsOnlyWhatItIsAskedFor(t *testing.T) {
	dir, r := newRepo(t, map[string]string{
		"docs/requirements/a/meta.json":     "{}",
		"docs/requirements/a/tasks.md":      "tasks",
		"docs/requirements/a/answers/01.md": "answer",
		"docs/requirements/b/meta.json":     "{}",
		"docs/requirements/b/design.md":     "design",
		"src/main.go":                       "package main",
	})
	root := "docs/requirements"
	got, err := r.ReadUnder("main", root,
		func(p string) bool { return strings.Count(p, "/") == 2 },
		func(p string) bool { return strings.HasSuffix(p, ".json") || strings.HasSuffix(p, "tasks.md") })
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for p := range got {
		names = append(names, p)
	}
	sort.Strings(names)
	equal(t, "files", strings.Join(names, " "), "docs/requirements/a/meta.json docs/requirements/a/tasks.md docs/requirements/b/meta.json")
	equal(t, "content", string(got["docs/requirements/a/tasks.md"]), "tasks")
	none, err := r.ReadUnder("main", "no/such/dir", func(string) bool { return true }, func(string) bool { return true })
	if err != nil || len(none) != 0 {
		t.Errorf("an absent dir: %v %v", none, err)
	}
	none, err = r.ReadUnder("main", "src/main.go", func(string) bool { return true }, func(string) bool { return true })
	if err != nil || len(none) != 0 {
		t.Errorf("a file as the dir: %v %v", none, err)
	}

	// Packed, with the second plan stored as a delta of the first, the
	// same files are read.
	writeFile(t, dir, "docs/requirements/b/tasks.md", "tasks"+strings.Repeat(" and more tasks", 40))
	writeFile(t, dir, "docs/requirements/a/tasks.md", "tasks"+strings.Repeat(" and more tasks", 40)+" at last")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "longer plans")
	git(t, dir, "repack", "-a", "-d", "-f", "-q", "--window=50", "--depth=20")
	packed, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	got, err = packed.ReadUnder("main", root+"/", func(string) bool { return true }, func(p string) bool { return strings.HasSuffix(p, "tasks.md") })
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "packed a", string(got["docs/requirements/a/tasks.md"]), "tasks"+strings.Repeat(" and more tasks", 40)+" at last")
	equal(t, "packed b", string(got["docs/requirements/b/tasks.md"]), "tasks"+strings.Repeat(" and more tasks", 40))
}

// Many similar files, packed as deltas of one another, read as git reads
// them, whichever of a file and its base is read first: a snapshot keeps
// the blobs it reads as bases, and a blob read as a base is kept too.
func TestReadUnderDeltasReadWhatGitReads(t *testing.T) {
	files := map[string]string{"src/main.go": "package main"}
	const n = 150
	for i := range n {
		d := fmt.Sprintf("docs/requirements/a-%03d/", i)
		files[d+"meta.json"] = fmt.Sprintf(`{"slug": "a-%03d", "status": "merged"}`, i) + strings.Repeat(" ", i)
		files[d+"tasks.md"] = "- [ ] T001 code: task" + strings.Repeat(" and more", 30) + fmt.Sprint(i)
	}
	dir, _ := newRepo(t, files)
	git(t, dir, "repack", "-a", "-d", "-f", "-q", "--window=50", "--depth=20")
	idx, _ := filepath.Glob(filepath.Join(dir, ".git", "objects", "pack", "*.idx"))
	if len(idx) != 1 {
		t.Fatalf("packs: %v", idx)
	}
	if v := git(t, dir, "verify-pack", "-v", idx[0]); !strings.Contains(v, "chain length = ") {
		t.Fatalf("the repack stored no deltas:\n%s", v)
	}
	want := map[string]string{}
	for _, l := range strings.Split(git(t, dir, "ls-tree", "-r", "main", "docs/requirements"), "\n") {
		f := strings.Fields(l)
		want[f[3]] = f[2]
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.ReadUnder("main", "docs/requirements", func(string) bool { return true }, func(string) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2*n {
		t.Fatalf("read %d files, want %d", len(got), 2*n)
	}
	for p, data := range got {
		// A blob's id is the hash of its content: equal ids, equal bytes.
		if h := plumbing.ComputeHash(plumbing.BlobObject, data).String(); h != want[p] {
			t.Fatalf("%s: read content hashing to %s, git has %s", p, h, want[p])
		}
	}
	// Read again through one snapshot, so every blob is kept by then:
	// the copies handed out are the caller's own.
	s, err := r.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for range 2 {
		for p := range want {
			data, err := s.ReadFileAt("main", p)
			if err != nil {
				t.Fatal(err)
			}
			if h := plumbing.ComputeHash(plumbing.BlobObject, data).String(); h != want[p] {
				t.Fatalf("%s again: hashes to %s, git has %s", p, h, want[p])
			}
			clear(data) // scribbling on a copy must not reach the kept blob
		}
	}
}
