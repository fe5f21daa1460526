// Package atomicfile replaces files so that readers, and a crash at any
// moment, see either the old content or the new, never a mix: rtgit's
// files (meta.json above all) are its only record of progress.
//
// It imports nothing but the standard library, so the domain (steps/) and
// the edges (review/, ai/) share the one implementation.
package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// TempPattern names the temporary files WriteFile makes, so that ones a
// killed process left behind can be told apart from anything a user keeps
// in the same directory, and swept.
const TempPattern = ".rtgit-*.tmp"

// WriteFile stores data at path with permissions perm, exactly (not
// filtered by the umask). The data goes to a temporary file in path's
// directory, since rename is atomic only within one file system, and is
// flushed to disk before the rename: without that a crash could leave a
// renamed but empty file. On any failure the temporary file is removed
// and path is left as it was. A symlink at path is replaced, not
// followed; callers that mean to follow one resolve it first.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, TempPattern)
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	err = errors.Join(err, f.Close())
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		_ = os.Remove(tmp)
		return err
	}
	// Make the rename itself durable; not every platform can sync a
	// directory, and the data is already safe, so failure is not reported.
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
	return nil
}

// Perm is the permission bits of the file at path, or def when there is
// none, so that a rewrite keeps the mode someone chose.
func Perm(path string, def fs.FileMode) fs.FileMode {
	if fi, err := os.Stat(path); err == nil {
		return fi.Mode().Perm()
	}
	return def
}
