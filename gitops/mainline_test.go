package gitops

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestMainlineMatchesGit checks the first-parent walk, and which asked
// paths each commit changed, against git log --first-parent and git diff
// on the same repository, through a merge whose side commits name a task.
func TestMainlineMatchesGit(t *testing.T) {
	dir, r := newRepo(t, map[string]string{"src/a.go": "a\n", "src/b.go": "b\n", "x.txt": "1\n"})
	from := git(t, dir, "rev-parse", "HEAD")
	writeFile(t, dir, "x.txt", "2\n")
	git(t, dir, "commit", "-qam", "unrelated")
	git(t, dir, "checkout", "-q", "-b", "side")
	writeFile(t, dir, "src/a.go", "a2\n")
	git(t, dir, "commit", "-qam", "T001: edit a")
	git(t, dir, "checkout", "-q", "main")
	git(t, dir, "merge", "-q", "--no-ff", "-m", "Merge pull request #4", "side")
	writeFile(t, dir, "src/b.go", "b2\n")
	git(t, dir, "commit", "-qam", "edit b")

	got, err := r.Mainline(from, "main", []string{"src/a.go", "src/b.go", "src/none.go"})
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Fields(git(t, dir, "log", "--first-parent", "--reverse", "--format=%H", from+"..main"))
	var hashes []string
	for _, c := range got {
		hashes = append(hashes, c.Hash)
		files := strings.Fields(git(t, dir, "diff", "--name-only", c.Hash+"^", c.Hash, "--", "src/a.go", "src/b.go", "src/none.go"))
		if !slices.Equal(c.Touched, files) {
			t.Errorf("%s touched %q, git diff says %q", c.Subject, c.Touched, files)
		}
	}
	if !slices.Equal(hashes, want) {
		t.Fatalf("Mainline = %q, want %q", hashes, want)
	}
	if !strings.Contains(got[1].Message, "T001: edit a") {
		t.Errorf("the merge's message does not carry its side's commits: %q", got[1].Message)
	}
	if all, err := r.Mainline("", "main", nil); err != nil || len(all) != 4 {
		t.Errorf("Mainline to the root = %d commits, %v; want 4", len(all), err)
	}
	side := git(t, dir, "rev-parse", "side")
	if _, err := r.Mainline(side, "main", nil); !errors.Is(err, ErrNotMainline) {
		t.Errorf("a side commit as from: %v, want ErrNotMainline", err)
	}
}
