package gitops

import (
	"bufio"
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// indexPath is the worktree's index file.
func (r *Repo) indexPath() string { return filepath.Join(r.gitDir, "index") }

// readIndex reads the index; a repository that never staged anything has
// none, which is the same as an empty one. The caller closes it.
func readIndex(path string) (*indexFile, error) {
	raw, unmap, err := mapFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &indexFile{version: 2}, nil
	}
	if err != nil {
		return nil, err
	}
	ix, err := parseIndex(raw)
	if err != nil {
		unmap()
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if ix.version == 4 {
		// Re-encoded into memory of its own: the file is no longer needed.
		unmap()
	} else {
		ix.unmap = unmap
	}
	return ix, nil
}

// close releases the file's bytes; the indexFile is unusable afterwards.
func (ix *indexFile) close() {
	if ix.unmap != nil {
		ix.unmap()
		ix.unmap, ix.raw, ix.offs = nil, nil, nil
	}
}

// decodeV4 reads a version 4 index, whose entry names are compressed
// against the previous entry's and so cannot be copied one by one, and
// re-encodes its entries in the version 3 layout that git reads as well.
// Its extensions are dropped: the cached trees are rebuilt by git, and
// nothing else in them is needed to commit correctly.
func decodeV4(raw []byte) (*indexFile, error) {
	idx := &index.Index{}
	if err := index.NewDecoder(bufio.NewReader(bytes.NewReader(raw))).Decode(idx); err != nil {
		return nil, fmt.Errorf("%w: %v", errIndexCorrupt, err)
	}
	// Re-encoded in the version 3 layout, the entries are located like any
	// other index's. The trailer is left zero: nothing checks it.
	raw = make([]byte, indexHeaderLen, len(raw))
	copy(raw, "DIRC")
	binary.BigEndian.PutUint32(raw[4:], 3)
	binary.BigEndian.PutUint32(raw[8:], uint32(len(idx.Entries)))
	for _, e := range idx.Entries {
		raw = append(raw, encodeGoGitEntry(e)...)
	}
	body := len(raw)
	raw = append(raw, make([]byte, sha1.Size)...)
	return locateEntries(raw, body, 3)
}

// encodeGoGitEntry is encodeEntry for an entry decoded by go-git, keeping
// its stage and extended flags.
func encodeGoGitEntry(e *index.Entry) []byte {
	st := statData{
		ctimeSec: uint32(e.CreatedAt.Unix()), ctimeNsec: uint32(e.CreatedAt.Nanosecond()),
		mtimeSec: uint32(e.ModifiedAt.Unix()), mtimeNsec: uint32(e.ModifiedAt.Nanosecond()),
		dev: e.Dev, ino: e.Inode, uid: e.UID, gid: e.GID, size: e.Size,
	}
	if e.CreatedAt.IsZero() {
		st.ctimeSec, st.ctimeNsec = 0, 0
	}
	if e.ModifiedAt.IsZero() {
		st.mtimeSec, st.mtimeNsec = 0, 0
	}
	out := encodeEntry(e.Name, e.Hash, e.Mode, st)
	flags := uint16(min(len(e.Name), flagNameMask)) | uint16(e.Stage&3)<<12
	var ext uint16
	if e.IntentToAdd {
		ext |= extIntentToAdd
	}
	if e.SkipWorktree {
		ext |= extSkipWorktree
	}
	if ext == 0 {
		binary.BigEndian.PutUint16(out[60:], flags)
		return out
	}
	// Two more bytes after the flags shift the name; rebuild with room.
	b := make([]byte, (entryFixedLen+2+len(e.Name)+8)&^7)
	copy(b, out[:60])
	binary.BigEndian.PutUint16(b[60:], flags|flagExtended)
	binary.BigEndian.PutUint16(b[62:], ext)
	copy(b[64:], e.Name)
	return b
}

// lockIndex takes .git/index.lock, the same lock every git command takes
// before touching the index, and reads the index under it.
func (r *Repo) lockIndex() (*lockFile, *indexFile, error) {
	lf, err := takeLock(r.indexPath())
	if errors.Is(err, errLockExists) {
		return nil, nil, fmt.Errorf("%w: %s.lock exists; another git process may be running in this repository. If not, remove the file and try again", ErrIndexLocked, r.indexPath())
	}
	if err != nil {
		return nil, nil, fmt.Errorf("lock index: %w", err)
	}
	ix, err := readIndex(r.indexPath())
	if err != nil {
		lf.release()
		return nil, nil, err
	}
	lf.onRelease = ix.close
	// Committing in the middle of a merge is not rtgit's call to make.
	for i := range ix.count() {
		if ix.stage(i) != 0 {
			err := fmt.Errorf("%s has unresolved merge conflicts; resolve them or abort the merge first", ix.name(i))
			lf.release()
			return nil, nil, err
		}
	}
	return lf, ix, nil
}

// prepareIndex writes the index, with files recorded, into the held lock;
// committing the lock puts it in place.
func prepareIndex(lf *lockFile, ix *indexFile, files []worktreeFile) error {
	if err := ix.writeTo(lf.f, ix.edits(files)); err != nil {
		return fmt.Errorf("write index: %w", err)
	}
	return nil
}

// syncIndex records files in the index and puts it in place.
func syncIndex(lf *lockFile, ix *indexFile, files []worktreeFile) error {
	if err := prepareIndex(lf, ix, files); err != nil {
		return err
	}
	if err := lf.commit(); err != nil {
		return fmt.Errorf("write index: %w", err)
	}
	return nil
}

func parentDir(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return ""
}
