//go:build !unix

package gitops

import "os"

// mapFile reads the whole file where memory mapping is not available.
func mapFile(path string) ([]byte, func(), error) {
	data, err := os.ReadFile(path)
	return data, func() {}, err
}
