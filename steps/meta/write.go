package meta

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// Write stores m at path atomically: readers, and a crash at any moment,
// see either the old file or the new one, never a mix. meta.json is the only
// record of progress, so a half-written file would lose the analysis.
//
// The file keeps the permissions of the one it replaces; a new file gets
// 0644. A symlink at path is followed, so the link itself survives.
func Write(path string, m *Meta) error {
	data, err := m.Marshal()
	if err != nil {
		return err
	}
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	perm := fs.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		perm = fi.Mode().Perm()
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	// The temporary file must be in the same directory: rename is only
	// atomic within one file system.
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = writeSynced(f, data, perm)
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

// writeSynced fills f and flushes it to disk before it is renamed into
// place; without the sync a crash could leave a renamed but empty file.
func writeSynced(f *os.File, data []byte, perm fs.FileMode) error {
	_, err := f.Write(data)
	if err == nil {
		// CreateTemp makes 0600 files; chmod is exact, unlike the umask-
		// filtered mode of os.OpenFile.
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	return errors.Join(err, f.Close())
}
