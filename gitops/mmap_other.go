//go:build !linux

package gitops

import "os"

// mapFile reads the whole file; only Linux maps it (see mmap_linux.go).
func mapFile(path string) ([]byte, func(), error) {
	data, err := os.ReadFile(path)
	return data, func() {}, err
}

// mapLazy maps nothing outside Linux; packs are then read with pread.
func mapLazy(*os.File) ([]byte, func()) { return nil, func() {} }
