package roundtable

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// undoLog remembers what each path held before a changeset replaced it,
// so that when a later write or the commit fails every file can be put
// back byte for byte. rtgit only writes paths that match HEAD, or hold the
// open answer file the user is editing, so the bytes kept here are at most
// a few answer and artifact files.
type undoLog struct {
	entries []undoEntry
}

type undoEntry struct {
	rel     string
	existed bool
	data    []byte
	mode    fs.FileMode
	// created are the folders the write had to make, deepest first.
	created []string
	// written is what rtgit put there, once done is set.
	written []byte
	done    bool
	// gone: rtgit deleted the file rather than writing it.
	gone bool
}

// save records rel as it is now, before it is written.
func (u *undoLog) save(m *Machine, rel string) error {
	abs := m.abs(rel)
	e := undoEntry{rel: rel}
	st, err := os.Lstat(abs)
	switch {
	case err == nil:
		if !st.Mode().IsRegular() {
			return fmt.Errorf("refusing to write %s: it is not a regular file", rel)
		}
		if e.data, err = os.ReadFile(abs); err != nil {
			return err
		}
		e.existed, e.mode = true, st.Mode().Perm()
	case errors.Is(err, fs.ErrNotExist):
		for dir := filepath.Dir(abs); dir != m.Repo.Root() && strings.HasPrefix(dir, m.Repo.Root()); dir = filepath.Dir(dir) {
			if _, err := os.Lstat(dir); err == nil {
				break
			}
			e.created = append(e.created, dir)
		}
	default:
		return err
	}
	u.entries = append(u.entries, e)
	return nil
}

// wrote marks the last saved path as written with data.
func (u *undoLog) wrote(data []byte) {
	e := &u.entries[len(u.entries)-1]
	e.written, e.done = data, true
}

// removed marks the last saved path as deleted.
func (u *undoLog) removed() {
	e := &u.entries[len(u.entries)-1]
	e.done, e.gone = true, true
}

// putBack restores every path in reverse order and returns cause, saying
// that nothing changed, or which files could not be put back. A file that
// no longer holds what rtgit wrote has been changed by someone else since,
// and is left alone.
func (u *undoLog) putBack(m *Machine, cause error) error {
	var failed []string
	restored := 0
	for i := len(u.entries) - 1; i >= 0; i-- {
		e := u.entries[i]
		if e.done {
			if err := e.restore(m.abs(e.rel)); err != nil {
				failed = append(failed, fmt.Sprintf("%s (%v)", e.rel, err))
			} else {
				restored++
			}
		}
		for _, dir := range e.created {
			os.Remove(dir) // only if empty: someone may have put a file there since
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("%w; could not put back %s", cause, strings.Join(failed, ", "))
	}
	if restored == 0 {
		return fmt.Errorf("%w; nothing was changed", cause)
	}
	return fmt.Errorf("%w; nothing was changed: the %s already written were put back", cause, plural(restored, "file"))
}

func (e undoEntry) restore(abs string) error {
	if e.gone {
		if _, err := os.Lstat(abs); err == nil {
			return errors.New("created by another program meanwhile; left as it is")
		}
		if !e.existed {
			return nil
		}
		return replaceFile(abs, e.data, e.mode)
	}
	cur, err := os.ReadFile(abs)
	if err != nil {
		return err
	}
	if !bytes.Equal(cur, e.written) {
		return errors.New("changed by another program meanwhile; left as it is")
	}
	if e.existed {
		return replaceFile(abs, e.data, e.mode)
	}
	return os.Remove(abs)
}
