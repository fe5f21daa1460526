package gitops

import (
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// indexFile is git's index kept as the bytes read from disk, with each
// entry located but not decoded. rtgit changes a handful of entries per
// commit; every other entry goes back out byte for byte, so the cost of a
// commit is one read, one hash and one write of the file rather than
// decoding and re-encoding 100k entries. Versions 2 and 3 are read in
// place; version 4 (prefix-compressed names) is decoded once and held in
// the version 3 layout. An indexFile is never changed once parsed: edits
// are computed separately and applied while writing.
type indexFile struct {
	version uint32
	raw     []byte   // header and entries as read (or re-encoded from version 4)
	offs    []uint32 // offs[i] is where entry i starts; offs[len-1] where the entries end
	exts    []indexExt
	unmap   func() // releases raw when it maps the file
}

type indexExt struct {
	sig  string
	data []byte
}

const (
	indexHeaderLen  = 12
	entryFixedLen   = 62 // stat data, mode, ids, size, hash and flags
	flagExtended    = 0x4000
	flagStageMask   = 0x3000
	flagNameMask    = 0x0fff
	extIntentToAdd  = 0x2000
	extSkipWorktree = 0x4000
)

// errIndexCorrupt is wrapped with the file and what was wrong.
var errIndexCorrupt = errors.New("index file corrupt")

func (ix *indexFile) count() int { return max(len(ix.offs)-1, 0) }

// entryBytes is entry i, NUL padding included.
func (ix *indexFile) entryBytes(i int) []byte { return ix.raw[ix.offs[i]:ix.offs[i+1]] }

// entryName is the name within an entry's bytes.
func entryName(b []byte) []byte {
	flags := binary.BigEndian.Uint16(b[60:62])
	off := entryFixedLen
	if flags&flagExtended != 0 {
		off += 2
	}
	if n := int(flags & flagNameMask); n < flagNameMask {
		return b[off : off+n]
	}
	rest := b[off:]
	return rest[:bytes.IndexByte(rest, 0)]
}

func (ix *indexFile) name(i int) []byte { return entryName(ix.entryBytes(i)) }

func (ix *indexFile) flags(i int) uint16 {
	return binary.BigEndian.Uint16(ix.entryBytes(i)[60:62])
}

func (ix *indexFile) stage(i int) int { return int(ix.flags(i)&flagStageMask) >> 12 }

func (ix *indexFile) hash(i int) plumbing.Hash {
	var h plumbing.Hash
	copy(h[:], ix.entryBytes(i)[40:60])
	return h
}

func (ix *indexFile) mode(i int) filemode.FileMode {
	return filemode.FileMode(binary.BigEndian.Uint32(ix.entryBytes(i)[24:28]))
}

func (ix *indexFile) intentToAdd(i int) bool {
	if ix.flags(i)&flagExtended == 0 {
		return false
	}
	return binary.BigEndian.Uint16(ix.entryBytes(i)[62:64])&extIntentToAdd != 0
}

// parseIndex locates the entries and extensions of an index file.
func parseIndex(raw []byte) (*indexFile, error) {
	if len(raw) < indexHeaderLen+sha1.Size || string(raw[:4]) != "DIRC" {
		return nil, fmt.Errorf("%w: no index header", errIndexCorrupt)
	}
	// Like git, which checks the trailing checksum only in fsck, the
	// reader relies on the structure alone: hashing a 10 MB index on every
	// commit would cost more than the rest of the commit. Damage that
	// breaks the structure is still caught below.
	body := len(raw) - sha1.Size
	version := binary.BigEndian.Uint32(raw[4:8])
	if version == 4 {
		return decodeV4(raw)
	}
	if version != 2 && version != 3 {
		return nil, fmt.Errorf("%w: unsupported version %d", errIndexCorrupt, version)
	}
	return locateEntries(raw, body, version)
}

// locateEntries finds the entries of a version 2 or 3 index in raw[:body]
// and the extensions after them.
func locateEntries(raw []byte, body int, version uint32) (*indexFile, error) {
	count := binary.BigEndian.Uint32(raw[8:12])
	if uint64(count)*(entryFixedLen+2) > uint64(body) {
		return nil, fmt.Errorf("%w: %d entries cannot fit", errIndexCorrupt, count)
	}
	ix := &indexFile{version: version, raw: raw, offs: make([]uint32, count+1)}
	pos := indexHeaderLen
	// A split index's entries may be nameless placeholders; that is only
	// known from its extension, after them, which gets the clearer message.
	var disorder error
	var prev []byte
	prevStage := 0
	for i := range int(count) {
		size, err := entrySize(raw[:body], pos, version)
		if err != nil {
			return nil, fmt.Errorf("%w: entry %d: %v", errIndexCorrupt, i+1, err)
		}
		ix.offs[i] = uint32(pos)
		name := entryName(raw[pos : pos+size])
		stage := int(binary.BigEndian.Uint16(raw[pos+60:])&flagStageMask) >> 12
		if disorder == nil && (len(name) == 0 || i > 0 && !ordered(prev, prevStage, name, stage)) {
			disorder = fmt.Errorf("%w: entry %d (%q) is out of order", errIndexCorrupt, i+1, name)
		}
		prev, prevStage = name, stage
		pos += size
		ix.offs[i+1] = uint32(pos)
	}
	exts, err := parseExtensions(raw[pos:body])
	if err != nil {
		return nil, err
	}
	if disorder != nil {
		return nil, disorder
	}
	ix.exts = exts
	return ix, nil
}

// entrySize is the length of the entry at pos, with the NUL padding git
// adds to a multiple of eight bytes.
func entrySize(b []byte, pos int, version uint32) (int, error) {
	if pos+entryFixedLen > len(b) {
		return 0, errors.New("truncated")
	}
	flags := binary.BigEndian.Uint16(b[pos+60:])
	nameOff := entryFixedLen
	if flags&flagExtended != 0 {
		if version < 3 {
			return 0, errors.New("extended flags in a version 2 index")
		}
		nameOff += 2
	}
	start := pos + nameOff
	if start > len(b) {
		return 0, errors.New("truncated")
	}
	n := int(flags & flagNameMask)
	if n == flagNameMask {
		// Names of 4095 bytes or more are found by their terminating NUL.
		n = bytes.IndexByte(b[start:], 0)
		if n < flagNameMask {
			return 0, errors.New("bad name length")
		}
	}
	size := (nameOff + n + 8) &^ 7
	if pos+size > len(b) || b[start+n] != 0 {
		return 0, errors.New("bad name")
	}
	return size, nil
}

// ordered reports whether entry a sorts before entry b, as git requires:
// by name, then by stage.
func ordered(a []byte, stageA int, b []byte, stageB int) bool {
	if c := bytes.Compare(a, b); c != 0 {
		return c < 0
	}
	return stageA < stageB
}

func parseExtensions(b []byte) ([]indexExt, error) {
	var exts []indexExt
	for len(b) > 0 {
		if len(b) < 8 {
			return nil, fmt.Errorf("%w: truncated extension", errIndexCorrupt)
		}
		sig := string(b[:4])
		n := binary.BigEndian.Uint32(b[4:8])
		if uint64(n) > uint64(len(b)-8) {
			return nil, fmt.Errorf("%w: extension %q overruns the file", errIndexCorrupt, sig)
		}
		if sig[0] >= 'a' && sig[0] <= 'z' {
			// Lower case means a reader must understand it: a split or
			// sparse index, whose entries live partly elsewhere.
			return nil, fmt.Errorf("the index uses the %q extension (split or sparse index), which rtgit cannot update; run `git update-index --no-split-index` or `git sparse-checkout disable` and try again", sig)
		}
		exts = append(exts, indexExt{sig: sig, data: b[8 : 8+n]})
		b = b[8+n:]
	}
	return exts, nil
}

// find returns the position of the first entry named name, or where one
// would be inserted.
func (ix *indexFile) find(name string) (int, bool) {
	n := ix.count()
	i := sort.Search(n, func(i int) bool { return string(ix.name(i)) >= name })
	return i, i < n && string(ix.name(i)) == name
}
