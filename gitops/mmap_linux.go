package gitops

import (
	"os"
	"syscall"
)

// mapFile maps a file read-only, its pages populated up front. The index
// is the one large file rtgit reads on every commit; mapping it spares
// copying 10 MB into fresh heap pages at 100k files, and populating it
// spares a page fault per page on the walk that follows. git replaces the
// index by renaming a new file over it, never by rewriting it in place,
// so the mapped bytes stay valid.
func mapFile(path string) (data []byte, unmap func(), err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	size := st.Size()
	if size == 0 || size != int64(int(size)) {
		data, err := os.ReadFile(path)
		return data, func() {}, err
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED|syscall.MAP_POPULATE)
	if err != nil {
		data, err := os.ReadFile(path)
		return data, func() {}, err
	}
	return data, func() { syscall.Munmap(data) }, nil
}

// mapLazy maps a file read-only without populating it: for a pack of which
// a walk reads only the trees and commits, faulting in the pages touched is
// cheaper than a read per object, and much cheaper than reading it all.
// It returns nil when the file cannot be mapped; callers then read it.
func mapLazy(f *os.File) ([]byte, func()) {
	st, err := f.Stat()
	if err != nil || st.Size() == 0 || st.Size() != int64(int(st.Size())) {
		return nil, func() {}
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, func() {}
	}
	return data, func() { syscall.Munmap(data) }
}
