package meta

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/rtgit/rtgit/internal/atomicfile"
)

// Write stores m at path atomically: readers, and a crash at any moment,
// see either the old file or the new one, never a mix. meta.json is the only
// record of progress, so a half-written file would lose the analysis.
//
// The file keeps the permissions of the one it replaces; a new file gets
// 0644. A symlink at path is refused, as the step machine's writer refuses
// one: repository content is untrusted, and a meta.json linked to a file
// elsewhere would have rtgit write outside the repository.
func Write(path string, m *Meta) error {
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("refusing to write %s: it is a symlink", path)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	data, err := m.Marshal()
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(path, data, atomicfile.Perm(path, 0o644))
}
