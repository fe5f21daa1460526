package export

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/internal/pathguard"
)

// Each exported file starts with one comment line saying which analysis
// and commit it came from, and a digest of the rest of the file:
//
//	<!-- rtgit export of docs/requirements/x at <sha>; sha256:<16 hex> -->
//
// The digest is how rtgit knows, next time, whether a person edited the
// file since it wrote it: it records what rtgit wrote in the file itself,
// so the record travels with the file (OpenSpec's archive moves the change
// folder, and a copy elsewhere keeps it) and there is no manifest to lose.
var stampRe = lazyre.New(`^(?:<!--|#) rtgit export of \S+ at [0-9a-f]*; sha256:([0-9a-f]{16})(?: -->)?$`)

func digest(body []byte) string {
	sum := sha256.Sum256(body)
	return hex.EncodeToString(sum[:8])
}

func stamp(comment func(string) string, a *Analysis, body []byte) []byte {
	line := comment(fmt.Sprintf("rtgit export of %s at %s; sha256:%s", a.Dir, a.Commit, digest(body)))
	return append([]byte(line+"\n"), body...)
}

// split returns a file's stamp digest and body, ok false when its first
// line is no stamp.
func split(data []byte) (sum string, body []byte, ok bool) {
	first, rest, _ := bytes.Cut(data, []byte("\n"))
	m := stampRe.FindSubmatch(bytes.TrimRight(first, "\r"))
	if m == nil {
		return "", nil, false
	}
	return string(m[1]), rest, true
}

// Action is what writing one file did, or would do.
type Action struct {
	Path  string
	State string // see the State constants
}

// What writing a file does.
const (
	Created   = "created"
	Updated   = "updated"
	Unchanged = "unchanged" // same text as before; left as it was
	// Edited: the file exists and is not as rtgit last wrote it (or rtgit
	// never wrote it); only --force replaces it.
	Edited = "edited"
	Forced = "overwritten" // Edited, replaced under --force
)

// EditedError names the files a person changed since rtgit wrote them.
type EditedError struct{ Paths []string }

func (e *EditedError) Error() string {
	return fmt.Sprintf("%s changed since rtgit last exported %s; keep your changes, or run again with --force to replace %s",
		strings.Join(e.Paths, ", "), plural(len(e.Paths), "it", "them"), plural(len(e.Paths), "it", "them"))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Check decides, for every file, what writing it under root does, reading
// nothing but those files.
//
// A path that leaves root, or passes through a symlink on the way (a
// committed features -> ../outside), is refused before anything is read
// or written: the guard every other write of rtgit's goes through.
func Check(root string, files []File, force bool) ([]Action, error) {
	var acts []Action
	for _, f := range files {
		if err := guard(root, f.Path); err != nil {
			return nil, err
		}
		old, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f.Path)))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			acts = append(acts, Action{f.Path, Created})
			continue
		case err != nil:
			return nil, err
		}
		sum, body, ok := split(old)
		_, newBody, _ := split(f.Data)
		switch {
		case !ok || digest(body) != sum:
			state := Edited
			if force {
				state = Forced
			}
			acts = append(acts, Action{f.Path, state})
		case bytes.Equal(body, newBody):
			acts = append(acts, Action{f.Path, Unchanged})
		default:
			acts = append(acts, Action{f.Path, Updated})
		}
	}
	return acts, nil
}

// Write writes files under root. Nothing is written when any file was
// edited since rtgit wrote it, unless force: the error names them all. A
// file whose text is the same as before is left alone, stamp and all, so
// a revision changes only the files whose content it changes.
func Write(root string, files []File, force bool) ([]Action, error) {
	acts, err := Check(root, files, force)
	if err != nil {
		return nil, err
	}
	var edited []string
	for _, a := range acts {
		if a.State == Edited {
			edited = append(edited, a.Path)
		}
	}
	if len(edited) > 0 {
		return acts, &EditedError{Paths: edited}
	}
	for i, f := range files {
		if acts[i].State == Unchanged {
			continue
		}
		p := filepath.Join(root, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		if err := writeFile(p, f.Data); err != nil {
			return nil, err
		}
	}
	return acts, nil
}

// guard refuses a path outside root, or one a symlink would carry
// elsewhere; the file itself may not be a link either, as reading it to
// compare would follow it.
func guard(root, rel string) error {
	if !filepath.IsLocal(filepath.FromSlash(rel)) {
		return fmt.Errorf("refusing to write %s: it is not inside %s", rel, root)
	}
	return pathguard.Check(root, rel, true)
}

// writeFile replaces p through a temporary file beside it, so an
// interrupted export never leaves half a file.
func writeFile(p string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(p), ".rtgit-export-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), p)
}

func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
