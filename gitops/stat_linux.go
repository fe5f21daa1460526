//go:build linux

package gitops

import (
	"os"
	"syscall"
)

// statOf records the stat data git compares to decide, without reading
// the file, that an index entry is still clean.
func statOf(info os.FileInfo) statData {
	st := statData{size: uint32(info.Size())}
	mt := info.ModTime()
	st.mtimeSec, st.mtimeNsec = uint32(mt.Unix()), uint32(mt.Nanosecond())
	if sys, ok := info.Sys().(*syscall.Stat_t); ok {
		st.ctimeSec, st.ctimeNsec = uint32(sys.Ctim.Sec), uint32(sys.Ctim.Nsec)
		st.dev, st.ino = uint32(sys.Dev), uint32(sys.Ino)
		st.uid, st.gid = sys.Uid, sys.Gid
	}
	return st
}
