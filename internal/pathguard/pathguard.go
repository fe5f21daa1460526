// Package pathguard refuses a write that a symlink in the working tree
// would carry elsewhere. A branch can commit a link (docs -> /etc, or
// docs/requirements -> ../..) and then a file "through" it; writing that
// file by its path would land outside the repository. Both checking out a
// branch (gitops) and writing an analysis's files (steps) ask here first,
// so the rule is the same for both.
//
// It imports nothing but the standard library, so the domain may use it.
package pathguard

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Check walks rel (a slash-separated path inside root) from the top and
// fails, naming the link, at the first element that is a symlink. With
// last false the final element is not looked at: a caller that replaces
// the file itself only needs its directories to be real. An element that
// does not exist ends the walk: nothing below it can be a link yet.
func Check(root, rel string, last bool) error {
	parts := strings.Split(rel, "/")
	if !last {
		parts = parts[:len(parts)-1]
	}
	cur := root
	for _, part := range parts {
		cur = filepath.Join(cur, part)
		st, err := os.Lstat(cur)
		if errors.Is(err, os.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		if st.Mode()&os.ModeSymlink != 0 {
			return fmt.Errorf("refusing to write %s: %s is a symlink", rel, strings.TrimPrefix(cur, root+string(filepath.Separator)))
		}
	}
	return nil
}
