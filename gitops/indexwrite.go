package gitops

import (
	"bufio"
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// statData is what git keeps of a file's stat to tell, without reading
// the file, that its entry is still clean.
type statData struct {
	ctimeSec, ctimeNsec, mtimeSec, mtimeNsec uint32
	dev, ino, uid, gid, size                 uint32
}

// encodeEntry builds a stage-0 entry without extended flags, which is what
// a freshly added file has.
func encodeEntry(name string, h plumbing.Hash, mode filemode.FileMode, st statData) indexEntry {
	size := (entryFixedLen + len(name) + 8) &^ 7
	b := make([]byte, size)
	be := binary.BigEndian
	for i, v := range []uint32{st.ctimeSec, st.ctimeNsec, st.mtimeSec, st.mtimeNsec, st.dev, st.ino, uint32(mode), st.uid, st.gid, st.size} {
		be.PutUint32(b[i*4:], v)
	}
	copy(b[40:60], h[:])
	be.PutUint16(b[60:62], uint16(min(len(name), flagNameMask)))
	copy(b[entryFixedLen:], name)
	return indexEntry{off: -1, buf: b, nameOff: entryFixedLen, nameLen: len(name)}
}

// apply makes the index agree with the committed worktree files: an entry
// with the new blob and stat data for each written path, none for each
// removed one, and none for whatever a written file displaces (a file of
// the same name as one of its directories, or entries below a path that is
// now a file). Every other entry, staged or not, is left as it was. It
// returns the paths whose entries changed, for the cached-tree extension.
func (ix *indexFile) apply(files []worktreeFile) []string {
	drop := map[int]bool{}
	var added []indexEntry
	var touched []string
	dropName := func(name string) {
		for i, ok := ix.find(name); ok && i < len(ix.entries) && string(ix.name(&ix.entries[i])) == name; i++ {
			drop[i] = true
		}
	}
	for _, f := range files {
		touched = append(touched, f.path)
		dropName(f.path)
		if f.missing {
			continue
		}
		for dir := parentDir(f.path); dir != ""; dir = parentDir(dir) {
			dropName(dir)
		}
		below := f.path + "/"
		for i, _ := ix.find(below); i < len(ix.entries) && strings.HasPrefix(string(ix.name(&ix.entries[i])), below); i++ {
			drop[i] = true
		}
		added = append(added, encodeEntry(f.path, f.hash, f.mode, statOf(f.info)))
	}
	sort.SliceStable(added, func(i, j int) bool {
		return string(ix.name(&added[i])) < string(ix.name(&added[j]))
	})
	// A path given twice keeps its last version.
	dedup := added[:0]
	for i := range added {
		if i+1 < len(added) && string(ix.name(&added[i])) == string(ix.name(&added[i+1])) {
			continue
		}
		dedup = append(dedup, added[i])
	}
	added = dedup

	out := make([]indexEntry, 0, len(ix.entries)+len(added))
	a := 0
	for i := range ix.entries {
		name := string(ix.name(&ix.entries[i]))
		for a < len(added) && string(ix.name(&added[a])) <= name {
			out = append(out, added[a])
			a++
		}
		if !drop[i] {
			out = append(out, ix.entries[i])
		}
	}
	out = append(out, added[a:]...)
	ix.entries = out
	return touched
}

// writeTo writes the index: header, entries (untouched runs copied straight
// from the bytes read), the extensions that stay valid, and the checksum.
func (ix *indexFile) writeTo(w io.Writer, touched []string) error {
	sum := sha1.New()
	bw := bufio.NewWriterSize(io.MultiWriter(w, sum), 1<<16)
	version := ix.version
	if version != 2 && version != 3 {
		version = 3
	}
	var hdr [indexHeaderLen]byte
	copy(hdr[:4], "DIRC")
	binary.BigEndian.PutUint32(hdr[4:], version)
	binary.BigEndian.PutUint32(hdr[8:], uint32(len(ix.entries)))
	bw.Write(hdr[:])
	runStart, runEnd := 0, 0
	flush := func() {
		if runEnd > runStart {
			bw.Write(ix.raw[runStart:runEnd])
		}
		runStart, runEnd = 0, 0
	}
	for i := range ix.entries {
		e := &ix.entries[i]
		if e.off >= 0 && e.off == runEnd && runEnd > 0 {
			runEnd += e.size
			continue
		}
		flush()
		if e.off >= 0 {
			runStart, runEnd = e.off, e.off+e.size
			continue
		}
		bw.Write(e.buf)
	}
	flush()
	for _, x := range ix.exts {
		data := x.data
		switch x.sig {
		case "TREE":
			var ok bool
			if data, ok = invalidateTrees(data, touched); !ok {
				continue
			}
		case "REUC":
			// Resolve-undo records stay meaningful whatever else changed.
		default:
			// Caches keyed by entry position or stat data (EOIE, IEOT,
			// FSMN, UNTR, ...) would be wrong now; git rebuilds them.
			continue
		}
		writeExt(bw, x.sig, data)
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	_, err := w.Write(sum.Sum(nil))
	return err
}

func writeExt(w io.Writer, sig string, data []byte) {
	var h [8]byte
	copy(h[:4], sig)
	binary.BigEndian.PutUint32(h[4:], uint32(len(data)))
	w.Write(h[:])
	w.Write(data)
}

// invalidateTrees rewrites the cached-tree extension so that every
// directory holding one of paths (and the root) is marked as needing a
// rebuild, the way git does when it stages a path; the other directories
// keep their cached tree ids. ok is false if the extension cannot be
// parsed, in which case it is dropped: it is only a cache.
func invalidateTrees(data []byte, paths []string) (out []byte, ok bool) {
	stale := map[string]bool{"": len(paths) > 0}
	for _, p := range paths {
		stale[p] = true
		for dir := parentDir(p); dir != ""; dir = parentDir(dir) {
			stale[dir] = true
		}
	}
	var buf []byte
	rest, ok := copyTreeNode(data, "", 0, stale, &buf)
	if !ok || len(rest) != 0 {
		return nil, false
	}
	return buf, true
}

// maxTreeDepth bounds the nesting read from the cached-tree extension, far
// beyond any real path, so a damaged index cannot exhaust the stack.
const maxTreeDepth = 1024

// copyTreeNode copies one cached-tree node and its subtrees from b to out:
// "name NUL entry-count SP subtree-count LF [hash]", with an entry count
// of -1 and no hash for a directory that must be rebuilt.
func copyTreeNode(b []byte, parent string, depth int, stale map[string]bool, out *[]byte) ([]byte, bool) {
	if depth > maxTreeDepth {
		return nil, false
	}
	nul := bytes.IndexByte(b, 0)
	if nul < 0 {
		return nil, false
	}
	name := string(b[:nul])
	path := name
	if depth > 1 {
		path = parent + "/" + name
	}
	b = b[nul+1:]
	sp, lf := bytes.IndexByte(b, ' '), bytes.IndexByte(b, '\n')
	if sp < 0 || lf < sp {
		return nil, false
	}
	count, err1 := strconv.Atoi(string(b[:sp]))
	subtrees, err2 := strconv.Atoi(string(b[sp+1 : lf]))
	if err1 != nil || err2 != nil || subtrees < 0 || subtrees > len(b) {
		return nil, false
	}
	b = b[lf+1:]
	var h []byte
	if count >= 0 {
		if len(b) < sha1.Size {
			return nil, false
		}
		h, b = b[:sha1.Size], b[sha1.Size:]
	}
	if stale[path] {
		count, h = -1, nil
	}
	*out = append(*out, name...)
	*out = append(*out, 0)
	*out = strconv.AppendInt(*out, int64(count), 10)
	*out = append(*out, ' ')
	*out = strconv.AppendInt(*out, int64(subtrees), 10)
	*out = append(*out, '\n')
	*out = append(*out, h...)
	for range subtrees {
		var ok bool
		if b, ok = copyTreeNode(b, path, depth+1, stale, out); !ok {
			return nil, false
		}
	}
	return b, true
}
