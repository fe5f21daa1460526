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

// ChangedUnder names what git diff does when limited to the same paths:
// files added, changed and removed below a directory, a single file, and
// nothing from outside them.
func TestChangedUnderMatchesGitDiffWithPathspecs(t *testing.T) {
	dir, r := newRepo(t, map[string]string{
		"README.md":                          "hello\n",
		".rtgit/config.yaml":                 "github: {}\n",
		".rtgit/personas.yaml":               "personas: []\n",
		".rtgit/steps/00-quick/01-scope.md":  "scope\n",
		".rtgit/steps/00-quick/02-search.md": "search\n",
		".rtgit/templates/answer.md.tmpl":    "answer\n",
		"docs/requirements/x/meta.json":      "{}\n",
	})
	base := git(t, dir, "rev-parse", "HEAD")
	git(t, dir, "rm", "-q", ".rtgit/steps/00-quick/02-search.md")
	writeFile(t, dir, ".rtgit/steps/00-quick/01-scope.md", "scope, relaxed\n")
	writeFile(t, dir, ".rtgit/steps/01-new/01-more.md", "more\n")
	writeFile(t, dir, ".rtgit/personas.yaml", "personas: [maya]\n")
	writeFile(t, dir, ".rtgit/config.yaml", "github: {reactions: false}\n")
	writeFile(t, dir, ".rtgit/libraries/x/00-a/01-b.md", "lib\n")
	writeFile(t, dir, "docs/requirements/x/meta.json", "{\"a\":1}\n")
	writeFile(t, dir, "README.md", "changed\n")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "change")
	git(t, dir, "branch", "work")

	paths := []string{".rtgit/steps", ".rtgit/libraries", ".rtgit/personas.yaml", ".rtgit/personas", ".rtgit/templates"}
	for _, tc := range []struct{ from, to string }{{base, "work"}, {"work", base}} {
		got, err := r.ChangedUnder(tc.from, tc.to, paths)
		if err != nil {
			t.Fatal(err)
		}
		want := git(t, dir, append([]string{"diff", "--name-only", "--no-renames", tc.from, tc.to, "--"}, paths...)...)
		equal(t, "changed under overrides "+tc.from+".."+tc.to, strings.Join(got, "\n"), want)
	}
	got, err := r.ChangedUnder(base, "work", paths)
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "changed under overrides", strings.Join(got, " "),
		".rtgit/libraries/x/00-a/01-b.md .rtgit/personas.yaml .rtgit/steps/00-quick/01-scope.md .rtgit/steps/00-quick/02-search.md .rtgit/steps/01-new/01-more.md")

	none, err := r.ChangedUnder(base, "work", []string{".rtgit/templates", "nothing/here"})
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "unchanged paths", len(none), 0)

	nested, err := r.ChangedUnder(base, "work", []string{".rtgit/steps", ".rtgit/steps/00-quick"})
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "a path below another is listed once", strings.Join(nested, " "),
		".rtgit/steps/00-quick/01-scope.md .rtgit/steps/00-quick/02-search.md .rtgit/steps/01-new/01-more.md")
}

// A path that passes through a file holds nothing; a bad path or revision
// is an error.
func TestChangedUnderEdges(t *testing.T) {
	dir, r := newRepo(t, map[string]string{".rtgit": "a file, not a directory\n"})
	base := git(t, dir, "rev-parse", "HEAD")
	git(t, dir, "rm", "-q", ".rtgit")
	writeFile(t, dir, ".rtgit/steps/a.md", "a\n")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "directory")

	got, err := r.ChangedUnder(base, "HEAD", []string{".rtgit/steps"})
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "through a file", strings.Join(got, " "), ".rtgit/steps/a.md")
	if _, err := r.ChangedUnder(base, "HEAD", []string{"../x"}); err == nil {
		t.Error("a path out of the repository was accepted")
	}
	if _, err := r.ChangedUnder(base, "no-such-branch", []string{".rtgit"}); err == nil {
		t.Error("an unknown revision was accepted")
	}
}
