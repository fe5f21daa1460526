package gitops

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// A snapshot resolves and reads what the repository's own reads do: a
// branch, an annotated tag, a short hash and a revision expression, a
// missing path and a directory as not a file, loose and packed objects.
func TestSnapshotReadsAsTheRepositoryDoes(t *testing.T) {
	dir, r := newRepo(t, map[string]string{"a.txt": "a\n", "d/b.txt": "b\n"})
	git(t, dir, "tag", "-a", "-m", "v1", "v1")
	writeFile(t, dir, "a.txt", "a2\n")
	git(t, dir, "commit", "-qam", "second")
	for _, packed := range []bool{false, true} {
		if packed {
			// go-git keeps the list of packs it read first.
			git(t, dir, "gc", "-q")
			var err error
			if r, err = Open(dir); err != nil {
				t.Fatal(err)
			}
		}
		s, err := r.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		short := git(t, dir, "rev-parse", "--short", "HEAD")
		for _, rev := range []string{"main", "HEAD", "v1", short, "HEAD~1", git(t, dir, "rev-parse", "HEAD")} {
			want, err := r.ResolveCommit(rev)
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.ResolveCommit(rev)
			equal(t, rev+" resolves to", got, want)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range []string{"a.txt", "d/b.txt"} {
				w, err := r.ReadFileAt(rev, p)
				if err != nil {
					t.Fatal(err)
				}
				g, err := s.ReadFileAt(rev, p)
				if err != nil {
					t.Fatal(err)
				}
				equal(t, rev+":"+p, string(g), string(w))
			}
			for _, p := range []string{"d", "nope.txt", "d/nope", "a.txt/x"} {
				if _, err := s.ReadFileAt(rev, p); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("%s:%s: %v, want not-exist", rev, p, err)
				}
			}
		}
		if _, err := s.ResolveCommit("no-such-branch"); !errors.Is(err, ErrNoBranch) {
			t.Errorf("an unknown branch: %v", err)
		}
		s.Close()
	}
}

// The merge base is git's, through a merge of the base into the branch
// and across a criss-cross merge, where there are two.
func TestSnapshotMergeBaseIsGits(t *testing.T) {
	dir, r := newRepo(t, map[string]string{"a.txt": "a\n"})
	git(t, dir, "switch", "-q", "-c", "pr")
	writeFile(t, dir, "b.txt", "b\n")
	git(t, dir, "add", "b.txt")
	git(t, dir, "commit", "-qm", "b")
	git(t, dir, "switch", "-q", "main")
	writeFile(t, dir, "c.txt", "c\n")
	git(t, dir, "add", "c.txt")
	git(t, dir, "commit", "-qm", "c")
	git(t, dir, "switch", "-q", "pr")
	git(t, dir, "merge", "-q", "--no-edit", "main")
	writeFile(t, dir, "d.txt", "d\n")
	git(t, dir, "add", "d.txt")
	git(t, dir, "commit", "-qm", "d")
	rg, err := r.RangeChange("main", "pr")
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "merge base", rg.MergeBase, git(t, dir, "merge-base", "main", "pr"))
	// Criss-cross: each side merges the other's previous tip.
	git(t, dir, "switch", "-q", "main")
	git(t, dir, "merge", "-q", "--no-edit", "pr~1")
	git(t, dir, "switch", "-q", "pr")
	git(t, dir, "merge", "-q", "--no-edit", "main~1")
	if rg, err = r.RangeChange("main", "pr"); err != nil {
		t.Fatal(err)
	}
	bases := git(t, dir, "merge-base", "--all", "main", "pr")
	if rg.MergeBase == "" || !strings.Contains("\n"+bases+"\n", "\n"+rg.MergeBase+"\n") {
		t.Errorf("merge base %s, want one of %q", rg.MergeBase, bases)
	}
}
