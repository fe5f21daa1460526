package roundtable

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// branchDeleter is the part of the repository Rename needs beyond Repo:
// removing the old branch once the new one holds its every commit.
type branchDeleter interface {
	DeleteBranch(name, keep string) error
}

// Rename moves an analysis from old to new in one commit: the branch
// rtgit/<old> becomes rtgit/<new>, the folder moves, meta.json records the
// new slug, and the artifacts' mentions of the old folder and branch (and
// its rows in the shared NFR matrix) name the new ones. It refuses, changing
// nothing, when new is taken or invalid, or when any file of the analysis
// holds uncommitted work: a rename never carries or drops a person's edit.
func (m *Machine) Rename(old, new string) (*Reply, error) {
	if err := ValidateSlug(new); err != nil {
		return nil, fmt.Errorf("rename %s: %w", old, err)
	}
	if new == old {
		return nil, fmt.Errorf("rename %s: the new slug is the old one", old)
	}
	del, ok := m.Repo.(branchDeleter)
	if !ok {
		return nil, errors.New("rename: this repository cannot delete a branch")
	}
	st, unlock, err := m.begin(old)
	if err != nil {
		return nil, err
	}
	defer unlock()
	unlockNew, err := m.Repo.Lock(new, LockWait)
	if err != nil {
		return nil, err
	}
	defer unlockNew()
	from, to := st.it, st.m.item(new)
	if ok, err := m.Repo.BranchExists(to.branch()); err != nil || ok {
		if err == nil {
			err = fmt.Errorf("%w: branch %s exists; choose another slug", ErrExists, to.branch())
		}
		return nil, err
	}
	if _, err := os.Lstat(m.abs(to.dir())); err == nil {
		return nil, fmt.Errorf("%w: %s exists; choose another slug", ErrExists, to.dir())
	}
	var rels []string
	err = filepath.WalkDir(m.abs(from.dir()), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(m.Repo.Root(), p)
		rels = append(rels, filepath.ToSlash(rel))
		return err
	})
	if err != nil {
		return nil, err
	}
	shared := from.outputPath("nfr-matrix.md")
	dirty, err := m.Repo.Dirty(append(append([]string{}, rels...), shared))
	if err != nil {
		return nil, err
	}
	if len(dirty) > 0 {
		return nil, fmt.Errorf("%w in %s: a rename moves only committed files; commit or stash your changes first", ErrDirty, strings.Join(dirty, ", "))
	}
	c := m.changes()
	for _, rel := range rels {
		data, err := m.Repo.ReadFileAt("HEAD", rel)
		if err != nil {
			return nil, err
		}
		moved := to.dir() + strings.TrimPrefix(rel, from.dir())
		if rel == from.metaPath() {
			st.meta.Slug = new
			if data, err = st.meta.Marshal(); err != nil {
				return nil, err
			}
		} else {
			data = renameRefs(data, st.m.Layout.Root(), old, new)
		}
		c.put(moved, data)
		c.remove(rel)
	}
	if data, err := m.Repo.ReadFileAt("HEAD", shared); err == nil {
		c.put(shared, renameRows(data, old, new))
	}
	tip, err := m.Repo.HeadCommit()
	if err != nil {
		return nil, err
	}
	if err := m.Repo.CreateBranch(to.branch()); err != nil {
		return nil, err
	}
	r := &Reply{}
	if r.Commit, err = c.commit(fmt.Sprintf("rtgit: rename %s to %s", old, new)); err != nil {
		if uerr := m.Repo.UndoCreateBranch(to.branch(), from.branch()); uerr != nil {
			return nil, fmt.Errorf("%w (and %s stays checked out: %v)", err, to.branch(), uerr)
		}
		return nil, err
	}
	r.Changed = c.order
	removeEmptyDirs(m.abs(from.dir()))
	// The new branch holds every commit of the old one: deleting the old
	// name loses nothing, and only while it still points where it did.
	if err := del.DeleteBranch(from.branch(), tip); err != nil {
		m.warn(fmt.Sprintf("renamed to %s, but the old branch %s stays: %v", to.branch(), from.branch(), err))
	}
	r.say("", fmt.Sprintf("Renamed %s to %s: branch %s (checked out), folder %s/.", old, new, to.branch(), to.dir()))
	return r, nil
}

// renameRefs points an artifact's mentions of the analysis's folder and
// branch, and an answer file's marker, at the new slug; other uses of the word stay, since a slug is
// often a plain word of the person's text ("csv").
func renameRefs(data []byte, root, old, new string) []byte {
	re := regexp.MustCompile(`(` + regexp.QuoteMeta(root+"/") + `|` + regexp.QuoteMeta(BranchPrefix) + `|<!-- rtgit:file [^>]*? slug=)` + regexp.QuoteMeta(old) + `([^a-z0-9-]|$)`)
	return re.ReplaceAll(data, []byte("${1}"+new+"${2}"))
}

// renameRows gives the shared NFR matrix's rows of old to new.
func renameRows(data []byte, old, new string) []byte {
	lines := strings.SplitAfter(string(data), "\n")
	for i, l := range lines {
		if rest, ok := strings.CutPrefix(l, "| "+old+" |"); ok {
			lines[i] = "| " + new + " |" + rest
		}
	}
	return []byte(strings.Join(lines, ""))
}

// removeEmptyDirs removes the folders a move emptied, deepest first, and
// leaves any folder that still holds a file (an ignored one, say).
func removeEmptyDirs(root string) {
	var dirs []string
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			dirs = append(dirs, p)
		}
		return nil
	})
	for i := len(dirs) - 1; i >= 0; i-- {
		_ = os.Remove(dirs[i]) // fails, harmlessly, on a folder not empty
	}
}
