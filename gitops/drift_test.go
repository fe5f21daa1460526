package gitops

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestDriftMatchesGit moves a base branch past an analysis commit with
// edits, a rename with changes, a deletion, an unrelated file and a merge,
// and checks every answer against git diff and git log run on the same
// repository.
func TestDriftMatchesGit(t *testing.T) {
	long := strings.Repeat("line of code\n", 40)
	dir, r := newRepo(t, map[string]string{
		"src/a.go": "package a\n", "src/b.go": long, "src/gone.go": "x\n", "src/same.go": "s\n", "other/x.txt": "1\n",
	})
	base := git(t, dir, "rev-parse", "HEAD")
	writeFile(t, dir, "other/x.txt", "2\n")
	git(t, dir, "commit", "-qam", "unrelated change")
	mustWrite(t, dir+"/pkg/.keep", "")
	git(t, dir, "mv", "src/b.go", "pkg/b.go")
	git(t, dir, "commit", "-qm", "move b")
	writeFile(t, dir, "pkg/b.go", long+"one more\n")
	git(t, dir, "commit", "-qam", "edit b after the move")
	git(t, dir, "rm", "-q", "src/gone.go")
	git(t, dir, "commit", "-qm", "delete gone")
	git(t, dir, "checkout", "-q", "-b", "side", base)
	writeFile(t, dir, "src/a.go", "package a // side\n")
	git(t, dir, "commit", "-qam", "side edits a")
	git(t, dir, "checkout", "-q", "main")
	git(t, dir, "merge", "-q", "--no-edit", "side")
	tip := git(t, dir, "rev-parse", "HEAD")

	d, err := r.Drift(base, "main", []string{"src/a.go", "src/b.go", "src/gone.go", "src/same.go", "src/absent.go"})
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "To", d.To, tip)
	equal(t, "Commits", d.Commits, countLines(git(t, dir, "rev-list", base+".."+tip)))
	equal(t, "Changed", len(d.Paths), countLines(git(t, dir, "diff", "--name-only", "--no-renames", base, tip)))
	var got []string
	for _, f := range d.Files {
		got = append(got, f.Path+" "+f.Change+" "+f.RenamedTo)
	}
	want := []string{"src/a.go modified ", "src/b.go renamed pkg/b.go", "src/gone.go deleted "}
	if !slices.Equal(got, want) {
		t.Fatalf("Files = %q, want %q", got, want)
	}
	for _, f := range d.Files {
		var hashes []string
		for _, c := range f.Commits {
			hashes = append(hashes, c.Hash)
		}
		args := []string{"log", "--format=%H", base + ".." + tip, "--", f.Path}
		if f.RenamedTo != "" {
			args = append(args, f.RenamedTo)
		}
		if w := strings.Fields(git(t, dir, args...)); !slices.Equal(hashes, w) {
			t.Errorf("%s: commits %q, git log says %q", f.Path, hashes, w)
		}
	}
	if s := d.Files[0].Commits[0].Subject; s != "side edits a" {
		t.Errorf("subject = %q", s)
	}

	none, err := r.Drift(tip, "main", []string{"src/a.go"})
	if err != nil || len(none.Files) != 0 {
		t.Errorf("drift of a commit against itself: %+v %v", none, err)
	}
	// A base behind the analysis has no commits in the range.
	back, err := r.Drift(tip, base, []string{"src/a.go"})
	if err != nil || back.Commits != 0 {
		t.Errorf("base behind the analysis: %d commits, %v", back.Commits, err)
	}
	// Without an overlap history is not walked.
	quiet, err := r.Drift(base, tip, []string{"src/same.go"})
	if err != nil || quiet.Commits != -1 || len(quiet.Files) != 0 || len(quiet.Paths) == 0 {
		t.Errorf("drift with no overlap: %+v, %v", quiet, err)
	}
	if short, err := r.ResolveCommit(base[:7]); err != nil || short != base {
		t.Errorf("ResolveCommit(short) = %q, %v", short, err)
	}
}

func countLines(s string) int {
	if s == "" {
		return 0
	}
	return strings.Count(s, "\n") + 1
}

func TestDefaultBranch(t *testing.T) {
	dir, r := newRepo(t, map[string]string{"a": "1"})
	if b, err := r.DefaultBranch(); err != nil || b != "main" {
		t.Errorf("DefaultBranch = %q, %v", b, err)
	}
	git(t, dir, "branch", "-m", "main", "trunk")
	git(t, dir, "update-ref", "refs/remotes/origin/trunk", "HEAD")
	git(t, dir, "symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/trunk")
	if b, err := r.DefaultBranch(); err != nil || b != "origin/trunk" {
		t.Errorf("DefaultBranch with origin/HEAD = %q, %v", b, err)
	}
	git(t, dir, "checkout", "-q", "-b", "work")
	git(t, dir, "branch", "-D", "trunk")
	if b, err := r.DefaultBranch(); err != nil || b != "origin/trunk" {
		t.Errorf("DefaultBranch without the local branch = %q, %v", b, err)
	}
	// origin/HEAD names a branch never fetched: the local one stands in.
	git(t, dir, "branch", "trunk")
	git(t, dir, "update-ref", "-d", "refs/remotes/origin/trunk")
	if b, err := r.DefaultBranch(); err != nil || b != "trunk" {
		t.Errorf("DefaultBranch with origin/HEAD dangling = %q, %v", b, err)
	}
}

// TestDefaultBranchPrefersOriginHEAD: a clone whose local main fell behind
// origin/main, and one whose origin/HEAD names another branch than the
// local main, both compare with what origin/HEAD names, at the remote's tip.
func TestDefaultBranchPrefersOriginHEAD(t *testing.T) {
	src, _ := newRepo(t, map[string]string{"a": "1"})
	clone := filepath.Join(t.TempDir(), "clone")
	git(t, src, "clone", "-q", src, clone)
	writeFile(t, src, "a", "2")
	git(t, src, "commit", "-qam", "move main")
	git(t, clone, "fetch", "-q", "origin")
	r, err := Open(clone)
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.DefaultBranch()
	equal(t, "DefaultBranch with a stale local main", b, "origin/main")
	if err != nil {
		t.Fatal(err)
	}
	tip, err := r.ResolveCommit(b)
	equal(t, "its tip", tip, git(t, src, "rev-parse", "main"))
	if err != nil {
		t.Fatal(err)
	}

	git(t, src, "checkout", "-q", "-b", "develop")
	writeFile(t, src, "b", "1")
	git(t, src, "add", "b")
	git(t, src, "commit", "-qm", "develop moves ahead")
	git(t, clone, "fetch", "-q", "origin")
	git(t, clone, "remote", "set-head", "origin", "develop")
	b, err = r.DefaultBranch()
	equal(t, "DefaultBranch with origin/HEAD on develop", b, "origin/develop")
	if err != nil {
		t.Fatal(err)
	}
}

// TestDriftTreeDiffMatchesGit: the merge of two trees in git's order lists
// exactly the paths git diff --name-only does, with names that sort
// differently as files and as directories, and a file turned directory.
func TestDriftTreeDiffMatchesGit(t *testing.T) {
	dir, r := newRepo(t, map[string]string{
		"a": "1", "a.b": "1", "a-b/x": "1", "a0": "1", "lib/x.go": "1", "lib/y.go": "1", "z/deep/er/f.txt": "1", "t": "file",
	})
	base := git(t, dir, "rev-parse", "HEAD")
	git(t, dir, "rm", "-q", "a", "t")
	writeFile(t, dir, "a/inner.go", "2")
	writeFile(t, dir, "t/now-a-dir", "2")
	writeFile(t, dir, "a.b", "2")
	writeFile(t, dir, "lib/y.go", "2")
	writeFile(t, dir, "z/deep/er/g.txt", "2")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "reshape")
	for _, pair := range [][2]string{{base, "HEAD"}, {"HEAD", base}} {
		d, err := r.Drift(pair[0], pair[1], []string{"a", "t", "lib/x.go"})
		if err != nil {
			t.Fatal(err)
		}
		want := countLines(git(t, dir, "diff", "--name-only", "--no-renames", pair[0], pair[1]))
		equal(t, "Changed "+pair[0][:4], len(d.Paths), want)
		if len(d.Files) != 2 {
			t.Errorf("named changes = %+v, want a and t", d.Files)
		}
	}
}

// TestDriftRangeIgnoresCommitTimes: which commits a range holds is a matter
// of reachability alone. Commits made within one second, and a base whose
// clock ran ahead of the commits made on top of it, give the counts and
// per-file commits of `git rev-list base..tip`, in both directions.
func TestDriftRangeIgnoresCommitTimes(t *testing.T) {
	const t0 = 1700000000
	for _, tc := range []struct {
		name  string
		times [5]int // base (a root commit), edit, side, more, merge
	}{
		{"same second", [5]int{t0, t0, t0, t0, t0}},
		{"base ahead", [5]int{t0 + 60, t0, t0, t0, t0}},
		{"merge behind its parents", [5]int{t0, t0 + 1, t0 + 2, t0 + 3, t0}},
		{"side behind the base", [5]int{t0 + 5, t0 + 6, t0, t0 + 7, t0 + 8}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			at := func(i int) {
				d := strconv.Itoa(tc.times[i]) + " +0000"
				t.Setenv("GIT_COMMITTER_DATE", d)
				t.Setenv("GIT_AUTHOR_DATE", d)
			}
			at(0)
			dir, r := newRepo(t, map[string]string{"a.go": "a\n", "b.go": "b\n"})
			base := git(t, dir, "rev-parse", "HEAD")
			at(1)
			writeFile(t, dir, "a.go", "a2\n")
			git(t, dir, "commit", "-qam", "edit a")
			git(t, dir, "checkout", "-q", "-b", "side", base)
			at(2)
			writeFile(t, dir, "b.go", "b2\n")
			git(t, dir, "commit", "-qam", "side edits b")
			git(t, dir, "checkout", "-q", "main")
			at(3)
			writeFile(t, dir, "a.go", "a3\n")
			git(t, dir, "commit", "-qam", "edit a again")
			at(4)
			git(t, dir, "merge", "-q", "--no-edit", "side")
			tip := git(t, dir, "rev-parse", "HEAD")

			for _, pair := range [][2]string{{base, tip}, {tip, base}} {
				from, to := pair[0], pair[1]
				d, err := r.Drift(from, to, []string{"a.go", "b.go"})
				if err != nil {
					t.Fatal(err)
				}
				want := countLines(git(t, dir, "rev-list", from+".."+to))
				if pair[0] == base && want != 4 || pair[0] == tip && want != 0 {
					t.Fatalf("git rev-list %s..%s lists %d commits", from[:7], to[:7], want)
				}
				equal(t, "Commits", d.Commits, want)
				for _, f := range d.Files {
					var got []string
					for _, c := range f.Commits {
						got = append(got, c.Hash)
					}
					w := strings.Fields(git(t, dir, "log", "--format=%H", from+".."+to, "--", f.Path))
					slices.Sort(got)
					slices.Sort(w)
					if !slices.Equal(got, w) {
						t.Errorf("%s: commits %q, git log says %q", f.Path, got, w)
					}
				}
			}
		})
	}
}

// TestDefaultBranchNeverAnAnalysisBranch: a clone of a repository whose
// HEAD was left on an analysis branch has origin/HEAD -> origin/rtgit/x.
// Comparing with that branch would call every analysis stale against
// another analysis, so the default falls back to main, then master, the
// remote's tip before the local branch.
func TestDefaultBranchNeverAnAnalysisBranch(t *testing.T) {
	src, _ := newRepo(t, map[string]string{"a": "1"})
	git(t, src, "checkout", "-q", "-b", "rtgit/x")
	writeFile(t, src, "b", "1")
	git(t, src, "add", "b")
	git(t, src, "commit", "-qm", "analysis")
	clone := filepath.Join(t.TempDir(), "clone")
	git(t, src, "clone", "-q", src, clone)
	equal(t, "origin/HEAD of the clone", git(t, clone, "symbolic-ref", "refs/remotes/origin/HEAD"), "refs/remotes/origin/rtgit/x")
	r, err := Open(clone)
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.DefaultBranch()
	equal(t, "DefaultBranch with origin/HEAD on an analysis branch", b, "origin/main")
	if err != nil {
		t.Fatal(err)
	}

	// Without origin/main, the local main; then master, remote first.
	git(t, clone, "branch", "-q", "main", "origin/main")
	git(t, clone, "update-ref", "-d", "refs/remotes/origin/main")
	b, _ = r.DefaultBranch()
	equal(t, "DefaultBranch with only a local main", b, "main")
	git(t, clone, "branch", "-q", "-D", "main")
	git(t, clone, "update-ref", "refs/remotes/origin/master", "refs/remotes/origin/rtgit/x~1")
	b, _ = r.DefaultBranch()
	equal(t, "DefaultBranch with only origin/master", b, "origin/master")

	// Nothing but analysis branches: an error asking for the base, never
	// the analysis branch.
	git(t, clone, "update-ref", "-d", "refs/remotes/origin/master")
	if b, err := r.DefaultBranch(); err == nil {
		t.Errorf("DefaultBranch with only analysis branches = %q, want an error", b)
	}
}
