package gitops

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestCreateBranch(t *testing.T) {
	dir, r := newRepo(t, baseFiles)
	head := git(t, dir, "rev-parse", "HEAD")
	writeFile(t, dir, "other.txt", "user edit\n")
	writeFile(t, dir, "staged.txt", "staged\n")
	git(t, dir, "add", "staged.txt")
	writeFile(t, dir, "untracked.txt", "mine\n")
	before := git(t, dir, "status", "--porcelain")

	if ok, err := r.BranchExists("rtgit/foo"); ok || err != nil {
		t.Fatalf("BranchExists before = %v, %v", ok, err)
	}
	if err := r.CreateBranch("rtgit/foo"); err != nil {
		t.Fatal(err)
	}
	equal(t, "current branch", git(t, dir, "branch", "--show-current"), "rtgit/foo")
	equal(t, "branch tip", git(t, dir, "rev-parse", "rtgit/foo"), head)
	equal(t, "status", git(t, dir, "status", "--porcelain"), before)
	equal(t, "HEAD reflog", git(t, dir, "reflog", "-1", "--format=%gs"), "checkout: moving from main to rtgit/foo")
	if b, err := r.HeadBranch(); b != "rtgit/foo" || err != nil {
		t.Errorf("HeadBranch = %q, %v", b, err)
	}
	if ok, err := r.BranchExists("rtgit/foo"); !ok || err != nil {
		t.Errorf("BranchExists after = %v, %v", ok, err)
	}
	fsck(t, dir)

	if err := r.CreateBranch("rtgit/foo"); !errors.Is(err, ErrBranchExists) {
		t.Errorf("second CreateBranch: got %v, want ErrBranchExists", err)
	}
	if err := r.CreateBranch("main"); !errors.Is(err, ErrBranchExists) {
		t.Errorf("CreateBranch(main): got %v, want ErrBranchExists", err)
	}
	for _, bad := range []string{"", "a..b", "x.lock", "has space", "-dash", "a/"} {
		if err := r.CreateBranch(bad); err == nil || errors.Is(err, ErrBranchExists) {
			t.Errorf("CreateBranch(%q): got %v, want invalid-name error", bad, err)
		}
	}

	// Work continues on the new branch; main stays where it was.
	writeFile(t, dir, "docs/requirements/foo/meta.json", "{}\n")
	if _, err := r.Commit([]string{"docs/requirements/foo/meta.json"}, "start"); err != nil {
		t.Fatal(err)
	}
	equal(t, "main", git(t, dir, "rev-parse", "main"), head)
	equal(t, "foo ahead", git(t, dir, "rev-list", "--count", "main..rtgit/foo"), "1")
}

// TestRemoteBranches: a clone's remote-tracking analysis branches are
// listed by their names on origin, without origin/HEAD, local branches or
// other remotes' branches.
func TestRemoteBranches(t *testing.T) {
	src, _ := newRepo(t, baseFiles)
	git(t, src, "branch", "rtgit/b")
	git(t, src, "branch", "rtgit/a")
	git(t, src, "branch", "feature")
	clone := filepath.Join(t.TempDir(), "clone")
	git(t, src, "clone", "-q", src, clone)
	git(t, clone, "branch", "rtgit/local")
	git(t, clone, "update-ref", "refs/remotes/upstream/rtgit/c", "HEAD")
	git(t, clone, "symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/rtgit/a")
	r, err := Open(clone)
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.RemoteBranches("origin", "rtgit/")
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "RemoteBranches", branchNames(t, got), "rtgit/a,rtgit/b")
	equal(t, "origin/rtgit/b's hash", got[1].Hash, git(t, clone, "rev-parse", "origin/rtgit/b"))
}

// branchNames lists the branches' names, checking each tip's time is the
// commit's (made moments ago).
func branchNames(t *testing.T, got []Branch) string {
	t.Helper()
	var names []string
	for _, b := range got {
		names = append(names, b.Name)
		if time.Since(b.Time) > time.Hour {
			t.Errorf("%s: tip time %v", b.Name, b.Time)
		}
	}
	return strings.Join(names, ",")
}

func TestBranches(t *testing.T) {
	dir, r := newRepo(t, baseFiles)
	git(t, dir, "branch", "rtgit/b")
	git(t, dir, "branch", "rtgit/a")
	git(t, dir, "branch", "feature")
	got, err := r.Branches("rtgit/")
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "Branches", branchNames(t, got), "rtgit/a,rtgit/b")

	// The listed tip reads like the branch name, without a name lookup.
	equal(t, "rtgit/a's hash", got[0].Hash, git(t, dir, "rev-parse", "rtgit/a"))
	for k, content := range baseFiles {
		data, err := r.ReadFileAt(got[0].Hash, k)
		if err != nil {
			t.Fatal(err)
		}
		equal(t, "ReadFileAt by SHA", string(data), content)
		break
	}
}

func TestUndoCreateBranch(t *testing.T) {
	dir, r := newRepo(t, baseFiles)
	head := git(t, dir, "rev-parse", "HEAD")
	if err := r.CreateBranch("rtgit/foo"); err != nil {
		t.Fatal(err)
	}
	if err := r.UndoCreateBranch("rtgit/foo", "main"); err != nil {
		t.Fatal(err)
	}
	equal(t, "current branch", git(t, dir, "branch", "--show-current"), "main")
	equal(t, "branches", git(t, dir, "branch", "--format=%(refname:short)"), "main")
	equal(t, "HEAD", git(t, dir, "rev-parse", "HEAD"), head)
	fsck(t, dir)

	// From a detached HEAD it goes back to the same commit, detached.
	git(t, dir, "checkout", "-q", "--detach")
	if err := r.CreateBranch("rtgit/bar"); err != nil {
		t.Fatal(err)
	}
	if err := r.UndoCreateBranch("rtgit/bar", head); err != nil {
		t.Fatal(err)
	}
	equal(t, "detached", git(t, dir, "rev-parse", "--abbrev-ref", "HEAD"), "HEAD")
	equal(t, "branches", git(t, dir, "branch", "--format=%(refname:short)"), "(HEAD detached at "+head[:7]+")\nmain")

	// A branch that got its first commit is never taken back.
	git(t, dir, "switch", "-q", "main")
	if err := r.CreateBranch("rtgit/baz"); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "docs/x.md", "x\n")
	if _, err := r.Commit([]string{"docs/x.md"}, "first"); err != nil {
		t.Fatal(err)
	}
	if err := r.UndoCreateBranch("rtgit/baz", "main"); err == nil {
		t.Fatal("undo of a branch with a commit should refuse")
	}
	equal(t, "still on", git(t, dir, "branch", "--show-current"), "rtgit/baz")
}

// git keeps no branch beside a folder of branches of the same name. With
// the other branch packed nothing on disk objects, so the check must be
// rtgit's: otherwise `git gc` fails afterwards and hides a branch.
func TestCreateBranchRefusesAFolderConflict(t *testing.T) {
	dir, r := newRepo(t, baseFiles)
	git(t, dir, "branch", "rtgit/foo/bar")
	git(t, dir, "branch", "tools")
	git(t, dir, "pack-refs", "--all", "--prune")
	for name, clash := range map[string]string{"rtgit/foo": "rtgit/foo/bar", "tools/x": "tools"} {
		err := r.CreateBranch(name)
		if err == nil || !strings.Contains(err.Error(), "while "+clash+" exists") {
			t.Errorf("CreateBranch(%s) = %v: want a refusal naming %s", name, err, clash)
		}
	}
	equal(t, "current branch", git(t, dir, "branch", "--show-current"), "main")
	git(t, dir, "gc", "-q")
	equal(t, "branches", git(t, dir, "branch", "--format=%(refname:short)"), "main\nrtgit/foo/bar\ntools")
}
