//go:build linux

package gitops

import (
	"os"
	"syscall"
	"time"

	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// fillStat records the stat data git compares to decide, without reading
// the file, that an index entry is still clean.
func fillStat(e *index.Entry, info os.FileInfo) {
	e.ModifiedAt = info.ModTime()
	e.Size = uint32(info.Size())
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		e.CreatedAt = time.Unix(st.Ctim.Unix())
		e.Dev, e.Inode = uint32(st.Dev), uint32(st.Ino)
		e.UID, e.GID = st.Uid, st.Gid
	}
}
