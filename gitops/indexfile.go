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
// place; version 4 (prefix-compressed names) is decoded once and written
// back as version 3.
type indexFile struct {
	version uint32
	raw     []byte // the file as read: entries at their offsets
	entries []indexEntry
	exts    []indexExt
}

// indexEntry is one entry: bytes in raw, or bytes of its own once rtgit
// has rewritten it.
type indexEntry struct {
	off, size int    // where the entry lies in raw; off < 0 when buf holds it
	buf       []byte // the encoded entry, for entries rtgit wrote
	nameOff   int    // offset of the name within the entry: 62, or 64 with extended flags
	nameLen   int
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

func (ix *indexFile) bytes(e *indexEntry) []byte {
	if e.off < 0 {
		return e.buf
	}
	return ix.raw[e.off : e.off+e.size]
}

func (ix *indexFile) name(e *indexEntry) []byte {
	b := ix.bytes(e)
	return b[e.nameOff : e.nameOff+e.nameLen]
}

func (ix *indexFile) flags(e *indexEntry) uint16 {
	return binary.BigEndian.Uint16(ix.bytes(e)[60:62])
}

func (ix *indexFile) stage(e *indexEntry) int { return int(ix.flags(e)&flagStageMask) >> 12 }

func (ix *indexFile) hash(e *indexEntry) plumbing.Hash {
	var h plumbing.Hash
	copy(h[:], ix.bytes(e)[40:60])
	return h
}

func (ix *indexFile) mode(e *indexEntry) filemode.FileMode {
	return filemode.FileMode(binary.BigEndian.Uint32(ix.bytes(e)[24:28]))
}

func (ix *indexFile) intentToAdd(e *indexEntry) bool {
	if ix.flags(e)&flagExtended == 0 {
		return false
	}
	return binary.BigEndian.Uint16(ix.bytes(e)[62:64])&extIntentToAdd != 0
}

// parseIndex locates the entries and extensions of an index file.
func parseIndex(raw []byte) (*indexFile, error) {
	if len(raw) < indexHeaderLen+sha1.Size || string(raw[:4]) != "DIRC" {
		return nil, fmt.Errorf("%w: no index header", errIndexCorrupt)
	}
	body := len(raw) - sha1.Size
	if sum := raw[body:]; !bytes.Equal(sum, make([]byte, sha1.Size)) {
		// An all-zero trailer is index.skipHash: git wrote no checksum.
		if want := sha1.Sum(raw[:body]); !bytes.Equal(sum, want[:]) {
			return nil, fmt.Errorf("%w: checksum mismatch", errIndexCorrupt)
		}
	}
	ix := &indexFile{version: binary.BigEndian.Uint32(raw[4:8]), raw: raw}
	if ix.version == 4 {
		return decodeV4(raw)
	}
	if ix.version != 2 && ix.version != 3 {
		return nil, fmt.Errorf("%w: unsupported version %d", errIndexCorrupt, ix.version)
	}
	count := binary.BigEndian.Uint32(raw[8:12])
	if uint64(count)*(entryFixedLen+2) > uint64(body) {
		return nil, fmt.Errorf("%w: %d entries cannot fit", errIndexCorrupt, count)
	}
	ix.entries = make([]indexEntry, count)
	pos := indexHeaderLen
	// A split index's entries may be nameless placeholders; that is only
	// known from its extension, after them, which gets the clearer message.
	var disorder error
	for i := range ix.entries {
		e, err := locateEntry(raw[:body], pos, ix.version)
		if err != nil {
			return nil, fmt.Errorf("%w: entry %d: %v", errIndexCorrupt, i+1, err)
		}
		if disorder == nil && (e.nameLen == 0 || i > 0 && !ix.ordered(&ix.entries[i-1], &e)) {
			disorder = fmt.Errorf("%w: entry %d (%q) is out of order", errIndexCorrupt, i+1, ix.name(&e))
		}
		ix.entries[i] = e
		pos += e.size
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

// locateEntry finds the entry at pos: its name, and its length with the
// NUL padding git adds to a multiple of eight bytes.
func locateEntry(b []byte, pos int, version uint32) (indexEntry, error) {
	if pos+entryFixedLen > len(b) {
		return indexEntry{}, errors.New("truncated")
	}
	flags := binary.BigEndian.Uint16(b[pos+60:])
	nameOff := entryFixedLen
	if flags&flagExtended != 0 {
		if version < 3 {
			return indexEntry{}, errors.New("extended flags in a version 2 index")
		}
		nameOff += 2
	}
	start := pos + nameOff
	if start > len(b) {
		return indexEntry{}, errors.New("truncated")
	}
	n := int(flags & flagNameMask)
	if n == flagNameMask {
		// Names of 4095 bytes or more are found by their terminating NUL.
		n = bytes.IndexByte(b[start:], 0)
		if n < 0 {
			return indexEntry{}, errors.New("unterminated name")
		}
	}
	size := (nameOff + n + 8) &^ 7
	if pos+size > len(b) || b[start+n] != 0 {
		return indexEntry{}, errors.New("bad name")
	}
	return indexEntry{off: pos, size: size, nameOff: nameOff, nameLen: n}, nil
}

// ordered reports whether a sorts before b, as git requires: by name, then
// by stage.
func (ix *indexFile) ordered(a, b *indexEntry) bool {
	switch c := bytes.Compare(ix.name(a), ix.name(b)); {
	case c != 0:
		return c < 0
	default:
		return ix.stage(a) < ix.stage(b)
	}
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
	i := sort.Search(len(ix.entries), func(i int) bool {
		return string(ix.name(&ix.entries[i])) >= name
	})
	return i, i < len(ix.entries) && string(ix.name(&ix.entries[i])) == name
}

// entry returns the stage-0 entry for name, if any.
func (ix *indexFile) entry(name string) (*indexEntry, bool) {
	i, ok := ix.find(name)
	if !ok {
		return nil, false
	}
	return &ix.entries[i], true
}
