package meta

import (
	"path/filepath"

	"github.com/rtgit/rtgit/internal/atomicfile"
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
	return atomicfile.WriteFile(path, data, atomicfile.Perm(path, 0o644))
}
