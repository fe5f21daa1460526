//go:build !linux

package gitops

import (
	"os"

	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// fillStat records what is portable. Git will find the other stat fields
// changed, re-hash the file once, see it is clean and refresh the entry.
func fillStat(e *index.Entry, info os.FileInfo) {
	e.ModifiedAt = info.ModTime()
	e.Size = uint32(info.Size())
}
