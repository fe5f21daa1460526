//go:build !linux

package gitops

import "os"

// statOf records what is portable. Git will find the other stat fields
// changed, re-hash the file once, see it is clean and refresh the entry.
func statOf(info os.FileInfo) statData {
	mt := info.ModTime()
	return statData{mtimeSec: uint32(mt.Unix()), mtimeNsec: uint32(mt.Nanosecond()), size: uint32(info.Size())}
}
