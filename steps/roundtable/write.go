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

	"github.com/rtgit/rtgit/internal/atomicfile"
	"github.com/rtgit/rtgit/internal/pathguard"
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
	// blank are whole files a full render writes from nothing: until
	// staged, base reports them absent (build.go).
	blank map[string]bool
	// filled records the marker blocks staged per markdown file.
	filled map[string]map[string]bool
	// removed are files the change deletes (staged as nil).
	removed map[string]bool
	// restoring: a rebuild, which may write over uncommitted damage that
	// only removed rtgit's text (keepEdits).
	restoring bool
}

func (m *Machine) changes() *changeset {
	return &changeset{m: m, files: map[string][]byte{}, userOwned: map[string]bool{},
		blank: map[string]bool{}, filled: map[string]map[string]bool{}, removed: map[string]bool{}}
}

// base returns a file's content at HEAD, or nil if HEAD lacks it. Writes are
// computed from HEAD so a half-finished earlier run never compounds.
func (c *changeset) base(rel string) ([]byte, error) {
	if data, ok := c.files[rel]; ok {
		return data, nil
	}
	if c.blank[rel] {
		return nil, nil
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
	delete(c.removed, rel)
}

// remove stages the deletion of rel.
func (c *changeset) remove(rel string) {
	c.put(rel, nil)
	c.removed[rel] = true
}

// commitAsIs adds a user-edited file to the commit without rewriting it.
func (c *changeset) commitAsIs(rel string) {
	c.userOwned[rel] = true
	if _, ok := c.files[rel]; !ok {
		c.order = append(c.order, rel)
	}
}

// safePath refuses paths that could land outside the analyses' folders:
// anything not under the layout's root or shared folder, any "..", and
// any symlink along the way.
func (m *Machine) safePath(rel string) error {
	clean := path.Clean(rel)
	if clean != rel || path.IsAbs(rel) || strings.HasPrefix(rel, "../") || !m.Layout.Holds(rel) {
		return fmt.Errorf("refusing to write %q: not a plain path under %s/ or %s/", rel, m.Layout.Root(), m.Layout.Common())
	}
	return pathguard.Check(m.Repo.Root(), rel, true)
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
		wt, err := c.m.readFile(rel)
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
// recorded before its artifacts exist) and commits exactly these paths. If
// a write or the commit fails, the files already written are put back as
// they were, so a full disk leaves the worktree and the branch unchanged.
func (c *changeset) commit(msg string) (string, error) {
	if err := c.check(); err != nil {
		return "", err
	}
	before, err := c.m.Repo.HeadCommit()
	if err != nil {
		return "", err
	}
	var undo undoLog
	for _, rel := range c.writeOrder() {
		if err := undo.save(c.m, rel); err != nil {
			return "", undo.putBack(c.m, err)
		}
		if c.removed[rel] {
			if err := c.m.removeFile(rel); err != nil {
				return "", undo.putBack(c.m, err)
			}
			undo.removed()
			continue
		}
		if err := c.m.writeFile(rel, c.files[rel]); err != nil {
			return "", undo.putBack(c.m, err)
		}
		undo.wrote(c.files[rel])
	}
	if err := hook(pointBeforeCommit); err != nil {
		return "", undo.putBack(c.m, err)
	}
	msg = c.m.withTrailers(msg)
	sha, err := c.m.Repo.Commit(c.order, msg)
	if err == nil {
		return sha, nil
	}
	if !c.landed(before) {
		return "", undo.putBack(c.m, err)
	}
	return c.finishIndex(msg, err)
}

// writeOrder is the order files are written in: meta.json last.
func (c *changeset) writeOrder() []string {
	var out, metaPaths []string
	for _, rel := range c.order {
		if _, ok := c.files[rel]; !ok {
			continue
		}
		if strings.HasSuffix(rel, "/meta.json") {
			metaPaths = append(metaPaths, rel)
			continue
		}
		out = append(out, rel)
	}
	return append(out, metaPaths...)
}

// landed reports whether a commit that returned an error moved the branch
// anyway, to a commit holding everything this changeset wrote. The files
// then belong to HEAD and must stay as written.
func (c *changeset) landed(before string) bool {
	now, err := c.m.Repo.HeadCommit()
	if err != nil || now == before {
		return false
	}
	for rel, data := range c.files {
		head, err := c.m.Repo.ReadFileAt("HEAD", rel)
		if c.removed[rel] {
			if !errors.Is(err, os.ErrNotExist) {
				return false
			}
			continue
		}
		if err != nil || !bytes.Equal(head, data) {
			return false
		}
	}
	return true
}

// finishIndex handles a failure after the branch moved: gitops updates the
// index last, so only the index lags behind, and until it catches up git
// shows the old versions as staged (a careless commit would revert the
// step). Committing the same paths again records nothing new and only
// writes the index.
func (c *changeset) finishIndex(msg string, cause error) (string, error) {
	sha, err := c.m.Repo.Commit(c.order, msg)
	if err == nil {
		c.m.warn(fmt.Sprintf("committed %s, then %v; the git index is up to date after a second try", shortHash(sha), cause))
		return sha, nil
	}
	head, _ := c.m.Repo.HeadCommit()
	return "", fmt.Errorf("%w; commit %s is made, but until the index is updated git shows the previous versions as staged: run `git reset -q -- %s`",
		err, shortHash(head), strings.Join(c.order, " "))
}

// removeFile deletes a file rtgit wrote that the answers no longer call
// for; a file already gone is fine.
func (m *Machine) removeFile(rel string) error {
	if err := m.safePath(rel); err != nil {
		return err
	}
	if err := hook(pointWrite + rel); err != nil {
		return err
	}
	if err := os.Remove(m.abs(rel)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("removing %s: %w", rel, err)
	}
	return nil
}

// writeFile writes atomically: a crash leaves the old file or the new one.
func (m *Machine) writeFile(rel string, data []byte) error {
	if err := m.safePath(rel); err != nil {
		return err
	}
	if err := hook(pointWrite + rel); err != nil {
		return err
	}
	abs := m.abs(rel)
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return err
	}
	sweepTemps(filepath.Dir(abs))
	if err := replaceFile(abs, data, 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", rel, err)
	}
	return nil
}

// replaceFile writes data to abs atomically (internal/atomicfile).
func replaceFile(abs string, data []byte, perm os.FileMode) error {
	return atomicfile.WriteFile(abs, data, perm)
}

// tempPattern names rtgit's own temporary files, so they can be told apart
// from anything a user keeps next to the artifacts.
const tempPattern = atomicfile.TempPattern

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
