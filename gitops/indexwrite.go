package gitops

import (
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
func encodeEntry(name string, h plumbing.Hash, mode filemode.FileMode, st statData) []byte {
	size := (entryFixedLen + len(name) + 8) &^ 7
	b := make([]byte, size)
	be := binary.BigEndian
	for i, v := range []uint32{st.ctimeSec, st.ctimeNsec, st.mtimeSec, st.mtimeNsec, st.dev, st.ino, uint32(mode), st.uid, st.gid, st.size} {
		be.PutUint32(b[i*4:], v)
	}
	copy(b[40:60], h[:])
	be.PutUint16(b[60:62], uint16(min(len(name), flagNameMask)))
	copy(b[entryFixedLen:], name)
	return b
}

// indexEdits is what a commit changes in the index: entries dropped, by
// position, and new entries inserted before a position.
type indexEdits struct {
	drop    map[int]bool
	inserts []indexInsert // ordered by position, then name
	touched []string      // the paths committed, for the cached trees
}

type indexInsert struct {
	at    int
	name  string
	entry []byte
}

// edits works out how the index must change to agree with the committed
// worktree files: an entry with the new blob and stat data for each
// written path, none for each removed one, and none for whatever a written
// file displaces (a file of the same name as one of its directories, or
// entries below a path that is now a file). Every other entry, staged or
// not, stays as it was.
func (ix *indexFile) edits(files []worktreeFile) *indexEdits {
	ed := &indexEdits{drop: map[int]bool{}}
	n := ix.count()
	dropName := func(name string) {
		for i, _ := ix.find(name); i < n && string(ix.name(i)) == name; i++ {
			ed.drop[i] = true
		}
	}
	for _, f := range files {
		ed.touched = append(ed.touched, f.path)
		dropName(f.path)
		if f.missing {
			continue
		}
		for dir := parentDir(f.path); dir != ""; dir = parentDir(dir) {
			dropName(dir)
		}
		below := f.path + "/"
		for i, _ := ix.find(below); i < n && strings.HasPrefix(string(ix.name(i)), below); i++ {
			ed.drop[i] = true
		}
		at, _ := ix.find(f.path)
		ed.inserts = append(ed.inserts, indexInsert{at: at, name: f.path, entry: encodeEntry(f.path, f.hash, f.mode, statOf(f.info))})
	}
	sort.Slice(ed.inserts, func(i, j int) bool {
		a, b := ed.inserts[i], ed.inserts[j]
		if a.at != b.at {
			return a.at < b.at
		}
		return a.name < b.name
	})
	return ed
}

// writeTo writes the index with ed applied (nil for none), followed by
// its checksum. The checksum of 10 MB takes as long as writing it, so the
// two run side by side over the same pieces.
func (ix *indexFile) writeTo(w io.Writer, ed *indexEdits) error {
	pieces := ix.pieces(ed)
	sum := make(chan []byte, 1)
	go func() {
		h := sha1.New()
		for _, p := range pieces {
			h.Write(p)
		}
		sum <- h.Sum(nil)
	}()
	var err error
	for _, p := range pieces {
		if _, err = w.Write(p); err != nil {
			break
		}
	}
	trailer := <-sum
	if err != nil {
		return err
	}
	_, err = w.Write(trailer)
	return err
}

// pieces lays out the index with ed applied: header, entries (untouched
// runs as slices of the bytes read, never copied), and the extensions that
// stay valid.
func (ix *indexFile) pieces(ed *indexEdits) [][]byte {
	if ed == nil {
		ed = &indexEdits{}
	}
	n := ix.count()
	small := []byte("DIRC")
	small = binary.BigEndian.AppendUint32(small, ix.version)
	small = binary.BigEndian.AppendUint32(small, uint32(n-len(ed.drop)+len(ed.inserts)))
	var out [][]byte
	emit := func(b []byte) {
		if len(small) > 0 {
			out = append(out, small)
			small = nil
		}
		if len(b) > 0 {
			out = append(out, b)
		}
	}
	run := -1 // first entry of the run of kept entries not yet laid out
	flush := func(end int) {
		if run >= 0 && end > run {
			emit(ix.raw[ix.offs[run]:ix.offs[end]])
		}
		run = -1
	}
	in := ed.inserts
	for i := 0; i <= n; i++ {
		if len(in) > 0 && in[0].at == i {
			flush(i)
			for len(in) > 0 && in[0].at == i {
				small = append(small, in[0].entry...)
				in = in[1:]
			}
		}
		if i == n {
			break
		}
		if ed.drop[i] {
			flush(i)
			continue
		}
		if run < 0 {
			run = i
		}
	}
	flush(n)
	for _, x := range ix.exts {
		data := x.data
		switch x.sig {
		case "TREE":
			var ok bool
			if data, ok = invalidateTrees(data, ed.touched); !ok {
				continue
			}
		case "REUC":
			// Resolve-undo records stay meaningful whatever else changed.
		default:
			// Caches keyed by entry position or stat data (EOIE, IEOT,
			// FSMN, UNTR, ...) would be wrong now; git rebuilds them.
			continue
		}
		small = binary.BigEndian.AppendUint32(append(small, x.sig...), uint32(len(data)))
		emit(data)
	}
	emit(nil)
	return out
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
	buf := make([]byte, 0, len(data))
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
