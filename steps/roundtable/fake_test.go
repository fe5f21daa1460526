package roundtable

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// fakeRepo is a hand-written Repo: the worktree is a real temporary
// directory, and commits are snapshots of the committed paths kept in
// memory, so tests can see exactly what each verb committed.
type fakeRepo struct {
	Repo // methods added to the interface later panic here until faked

	root     string
	branch   string
	branches map[string]*fakeCommit
	commits  []*fakeCommit
	locks    sync.Mutex
}

type fakeCommit struct {
	id      string
	message string
	paths   []string // the paths this commit was asked to record
	files   map[string][]byte
	when    time.Time
}

func newFakeRepo(root string) *fakeRepo {
	base := &fakeCommit{id: "c0000000000", message: "first commit", files: map[string][]byte{}}
	return &fakeRepo{root: root, branch: "main", branches: map[string]*fakeCommit{"main": base}, commits: []*fakeCommit{base}}
}

func (r *fakeRepo) Root() string                           { return r.root }
func (r *fakeRepo) HeadBranch() (string, error)            { return r.branch, nil }
func (r *fakeRepo) HeadCommit() (string, error)            { return r.branches[r.branch].id, nil }
func (r *fakeRepo) Dirty(paths []string) ([]string, error) { return nil, nil }

func (r *fakeRepo) BranchExists(name string) (bool, error) {
	_, ok := r.branches[name]
	return ok, nil
}

func (r *fakeRepo) CreateBranch(name string) error {
	if _, ok := r.branches[name]; ok {
		return fmt.Errorf("branch %s exists", name)
	}
	r.branches[name] = r.branches[r.branch]
	r.branch = name
	return nil
}

func (r *fakeRepo) UndoCreateBranch(name, prev string) error {
	if r.branch != name || r.branches[name] != r.branches[prev] {
		return fmt.Errorf("%s has commits of its own", name)
	}
	delete(r.branches, name)
	r.branch = prev
	return nil
}

func (r *fakeRepo) Commit(paths []string, message string) (string, error) {
	parent := r.branches[r.branch]
	c := &fakeCommit{id: fmt.Sprintf("c%010d", len(r.commits)), message: message, paths: append([]string{}, paths...),
		files: map[string][]byte{}, when: time.Now()}
	for p, data := range parent.files {
		c.files[p] = data
	}
	for _, p := range paths {
		data, err := os.ReadFile(filepath.Join(r.root, filepath.FromSlash(p)))
		if os.IsNotExist(err) {
			delete(c.files, p) // as git commits a path missing from the worktree
			continue
		}
		if err != nil {
			return "", err
		}
		c.files[p] = data
	}
	r.commits = append(r.commits, c)
	r.branches[r.branch] = c
	return c.id, nil
}

func (r *fakeRepo) ReadFileAt(rev, p string) ([]byte, error) {
	c := r.branches[r.branch]
	if rev != "HEAD" {
		c = r.branches[rev]
	}
	if c == nil {
		return nil, fmt.Errorf("unknown revision %s", rev)
	}
	data, ok := c.files[p]
	if !ok {
		return nil, os.ErrNotExist
	}
	return data, nil
}

func (r *fakeRepo) Lock(string, time.Duration) (func(), error) {
	r.locks.Lock()
	return r.locks.Unlock, nil
}

func (r *fakeRepo) Branches(prefix string) ([]Branch, error) {
	var out []Branch
	for name, c := range r.branches {
		if strings.HasPrefix(name, prefix) {
			out = append(out, Branch{Name: name, Time: c.when})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

func (r *fakeRepo) ListFiles(rev, dir string) ([]string, error) {
	c := r.branches[strings.TrimPrefix(rev, "HEAD")]
	if rev == "HEAD" {
		c = r.branches[r.branch]
	}
	if c == nil {
		return nil, fmt.Errorf("fake: unknown revision %q", rev)
	}
	var out []string
	for p := range c.files {
		if path.Dir(p) == dir {
			out = append(out, path.Base(p))
		}
	}
	sort.Strings(out)
	return out, nil
}

// head returns the tip commit of the checked-out branch.
func (r *fakeRepo) head() *fakeCommit { return r.branches[r.branch] }
