package roundtable

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// changeset collects the files one verb writes, then writes and commits
// them together. Paths are repo-relative with slashes.
type changeset struct {
	m     *Machine
	files map[string][]byte
	order []string
	// userOwned are paths the user edits by design (the open answer file):
	// they are committed as they are, never checked for conflicts.
	userOwned map[string]bool
}

func (m *Machine) changes() *changeset {
	return &changeset{m: m, files: map[string][]byte{}, userOwned: map[string]bool{}}
}

// base returns a file's content at HEAD, or nil if HEAD lacks it. Writes are
// computed from HEAD so a half-finished earlier run never compounds.
func (c *changeset) base(rel string) ([]byte, error) {
	if data, ok := c.files[rel]; ok {
		return data, nil
	}
	data, err := c.m.Repo.ReadFileAt("HEAD", rel)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	return data, err
}

// put stages new content for rel.
func (c *changeset) put(rel string, data []byte) {
	if _, ok := c.files[rel]; !ok {
		c.order = append(c.order, rel)
	}
	c.files[rel] = data
}

// commitAsIs adds a user-edited file to the commit without rewriting it.
func (c *changeset) commitAsIs(rel string) {
	c.userOwned[rel] = true
	if _, ok := c.files[rel]; !ok {
		c.order = append(c.order, rel)
	}
}

// safePath refuses paths that could land outside the repository: anything
// not under docs/, any "..", and any symlink along the way.
func (m *Machine) safePath(rel string) error {
	clean := path.Clean(rel)
	if clean != rel || path.IsAbs(rel) || strings.HasPrefix(rel, "../") || !strings.HasPrefix(rel, "docs/") {
		return fmt.Errorf("refusing to write %q: not a plain path under docs/", rel)
	}
	cur := m.Repo.Root()
	for _, part := range strings.Split(rel, "/") {
		cur = filepath.Join(cur, part)
		st, err := os.Lstat(cur)
		if errors.Is(err, os.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		if st.Mode()&os.ModeSymlink != 0 {
			return fmt.Errorf("refusing to write %s: %s is a symlink", rel, strings.TrimPrefix(cur, m.Repo.Root()+string(filepath.Separator)))
		}
	}
	return nil
}

// check refuses the whole change if any file to be written holds work that
// is neither HEAD's version nor exactly what rtgit is about to write.
func (c *changeset) check() error {
	var dirty []string
	for _, rel := range c.order {
		if err := c.m.safePath(rel); err != nil {
			return err
		}
		if c.userOwned[rel] {
			continue
		}
		wt, err := os.ReadFile(c.m.abs(rel))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		head, err := c.m.Repo.ReadFileAt("HEAD", rel)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		if (head != nil && bytes.Equal(wt, head)) || bytes.Equal(wt, c.files[rel]) {
			continue
		}
		dirty = append(dirty, rel)
	}
	if len(dirty) > 0 {
		return fmt.Errorf("%w in %s: rtgit needs to write these files; commit or stash your changes first", ErrDirty, strings.Join(dirty, ", "))
	}
	return nil
}

// commit writes every staged file (meta.json last, so progress is never
// recorded before its artifacts exist) and commits exactly these paths.
func (c *changeset) commit(msg string) (string, error) {
	if err := c.check(); err != nil {
		return "", err
	}
	var metaPaths []string
	for _, rel := range c.order {
		data, ok := c.files[rel]
		if !ok {
			continue
		}
		if strings.HasSuffix(rel, "/meta.json") {
			metaPaths = append(metaPaths, rel)
			continue
		}
		if err := c.m.writeFile(rel, data); err != nil {
			return "", err
		}
	}
	for _, rel := range metaPaths {
		if err := c.m.writeFile(rel, c.files[rel]); err != nil {
			return "", err
		}
	}
	c.m.hook("before-commit")
	return c.m.Repo.Commit(c.order, msg)
}

// writeFile writes atomically: a crash leaves the old file or the new one.
func (m *Machine) writeFile(rel string, data []byte) error {
	if err := m.safePath(rel); err != nil {
		return err
	}
	abs := m.abs(rel)
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return err
	}
	m.hook("write " + rel)
	sweepTemps(filepath.Dir(abs))
	tmp, err := os.CreateTemp(filepath.Dir(abs), tempPattern)
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", rel, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", rel, err)
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), abs)
}

// tempPattern names rtgit's own temporary files, so they can be told apart
// from anything a user keeps next to the artifacts.
const tempPattern = ".rtgit-*.tmp"

// staleTemp is how old a temporary file must be before it counts as left
// behind by a killed run rather than being written by a live one.
const staleTemp = time.Minute

// sweepTemps removes temporary files a killed run left in dir, so they never
// show up as untracked files in the user's worktree.
func sweepTemps(dir string) {
	names, _ := filepath.Glob(filepath.Join(dir, tempPattern))
	for _, n := range names {
		if st, err := os.Lstat(n); err == nil && st.Mode().IsRegular() && time.Since(st.ModTime()) > staleTemp {
			os.Remove(n)
		}
	}
}

// hook lets fault-injection tests stop the process at a named write point;
// it does nothing unless RTGIT_KILL_AT is set. RTGIT_TRACE_POINTS names a
// file that collects every point reached, so a test can enumerate them
// instead of guessing.
func (m *Machine) hook(point string) {
	if trace := os.Getenv("RTGIT_TRACE_POINTS"); trace != "" {
		if f, err := os.OpenFile(trace, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); err == nil {
			fmt.Fprintln(f, point)
			f.Close()
		}
	}
	if want := os.Getenv("RTGIT_KILL_AT"); want != "" && strings.HasPrefix(point, want) {
		os.Exit(137)
	}
}
