package gitops

import (
	"sort"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// changedPaths must name exactly the paths git diff does, including a file
// that becomes a directory, a mode change and a removed subtree.
func TestChangedPathsMatchesGitDiff(t *testing.T) {
	dir, r := newRepo(t, map[string]string{
		"README.md":     "hello\n",
		"a/b/c.txt":     "c\n",
		"a/b/d.txt":     "d\n",
		"a/keep.txt":    "keep\n",
		"gone/x/y.txt":  "y\n",
		"becomes-dir":   "file\n",
		"tool.sh":       "echo\n",
		"same/deep.txt": "same\n",
	})
	base := git(t, dir, "rev-parse", "HEAD")
	git(t, dir, "rm", "-q", "-r", "gone", "becomes-dir")
	writeFile(t, dir, "becomes-dir/inner.txt", "inner\n")
	writeFile(t, dir, "a/b/c.txt", "changed\n")
	writeFile(t, dir, "new/n.txt", "n\n")
	git(t, dir, "update-index", "--chmod=+x", "tool.sh")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "change")
	head := git(t, dir, "rev-parse", "HEAD")

	tree := func(sha string) plumbing.Hash {
		c, err := object.GetCommit(r.st, plumbing.NewHash(sha))
		if err != nil {
			t.Fatal(err)
		}
		return c.TreeHash
	}
	for _, tc := range []struct{ from, to string }{{base, head}, {head, base}} {
		got, err := r.changedPaths(tree(tc.from), tree(tc.to))
		if err != nil {
			t.Fatal(err)
		}
		sort.Strings(got)
		want := git(t, dir, "diff", "--name-only", "--no-renames", tc.from, tc.to)
		equal(t, "changed paths "+tc.from[:7]+".."+tc.to[:7], strings.Join(got, "\n"), want)
	}
	all, err := r.changedPaths(plumbing.ZeroHash, tree(base))
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "paths from nothing", len(all), 8)
	none, err := r.changedPaths(tree(head), tree(head))
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "paths between equal trees", len(none), 0)
}
