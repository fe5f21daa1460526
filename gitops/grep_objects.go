package gitops

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/idxfile"
	"github.com/go-git/go-git/v5/plumbing/format/packfile"
	"github.com/klauspost/compress/zlib"
)

// objectStore reads objects straight from .git/objects for the search.
// go-git's storage keeps unsynchronised caches, so it cannot be shared by
// the search workers; packs mapped into memory (or read with ReadAt,
// where they cannot be mapped) and loose objects can. Each worker owns an objectReader with its own buffers and inflater;
// anything this store cannot find (alternates, a pack written meanwhile)
// is read through go-git under a lock.
type objectStore struct {
	dirs  []string // the objects directory, then its alternates
	packs []*packFile

	mu       sync.Mutex // serialises fallback
	fallback func(plumbing.Hash) (plumbing.ObjectType, []byte, error)
}

type packFile struct {
	f     *os.File
	idx   *idxfile.MemoryIndex
	data  []byte // the pack mapped into memory, or nil: read with pread
	unmap func()
	// unmapIdx releases the index's bytes, which idx's tables are slices of.
	unmapIdx func()
}

// Object types as a pack stores them.
const (
	packCommit   = 1
	packTree     = 2
	packBlob     = 3
	packTag      = 4
	packOfsDelta = 6
	packRefDelta = 7
)

// errTooLarge reports an object skipped for its size before inflating it.
var errTooLarge = errors.New("object too large")

func openObjectStore(objects string) (*objectStore, error) {
	s := &objectStore{}
	if err := s.add(objects, 0); err != nil {
		s.close()
		return nil, err
	}
	return s, nil
}

// add opens an objects directory's packs, then those of the alternates it
// lists (a clone made with --shared or --reference borrows objects).
func (s *objectStore) add(objects string, depth int) error {
	if depth > 5 || slices.Contains(s.dirs, objects) {
		return nil
	}
	s.dirs = append(s.dirs, objects)
	idxs, err := filepath.Glob(filepath.Join(objects, "pack", "pack-*.idx"))
	if err != nil {
		return err
	}
	for _, name := range idxs {
		p, err := openPack(name)
		if err != nil {
			return err
		}
		if p != nil {
			s.packs = append(s.packs, p)
		}
	}
	alt, err := os.ReadFile(filepath.Join(objects, "info", "alternates"))
	if err != nil {
		return nil
	}
	for _, line := range strings.Split(string(alt), "\n") {
		if line = strings.TrimSpace(line); line == "" || line[0] == '#' {
			continue
		}
		if !filepath.IsAbs(line) {
			line = filepath.Join(objects, line)
		}
		if err := s.add(filepath.Clean(line), depth+1); err != nil {
			return err
		}
	}
	return nil
}

// openPack loads one pack index (a few dozen bytes per object) and opens
// its pack. A pack being written has its .idx last, so a missing .pack
// means a half-finished repack; it is ignored and fallback covers it.
func openPack(idxName string) (*packFile, error) {
	f, err := os.Open(strings.TrimSuffix(idxName, ".idx") + ".pack")
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	raw, unmapIdx, err := mapPackIndex(idxName)
	if err != nil {
		f.Close()
		return nil, err
	}
	idx, err := decodePackIndex(raw)
	if err != nil {
		unmapIdx()
		f.Close()
		return nil, fmt.Errorf("%s: %w", idxName, err)
	}
	return &packFile{f: f, idx: idx, unmapIdx: unmapIdx}, nil
}

// mapPackIndex maps a pack index where it can, and reads it otherwise. The
// decoded index is slices of these bytes, so a lookup touches only the
// pages of the fan-out bucket it searches: reading a large index whole
// copied it into fresh heap pages, most of which a command reading a few
// hundred objects never looks at. git writes an index once, under a new
// name, and never changes it in place.
func mapPackIndex(name string) ([]byte, func(), error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	if data, unmap := mapLazy(f); data != nil {
		return data, unmap, nil
	}
	data, err := io.ReadAll(f)
	return data, func() {}, err
}

// close releases the store: no index, pack or object read from it may be
// used afterwards.
func (s *objectStore) close() {
	for _, p := range s.packs {
		if p.unmap != nil {
			p.unmap()
		}
		if p.unmapIdx != nil {
			p.unmapIdx()
		}
		p.f.Close()
	}
}

// mapPacks maps every pack, for readers of many small objects (a
// search, a history walk), where a pread per object would dominate: with
// terms in every file of 100,000, mapping took a search's system time
// from about 0.47 s to 0.25 s (docs/performance.md).
func (s *objectStore) mapPacks() {
	for _, p := range s.packs {
		if p.data == nil {
			p.data, p.unmap = mapLazy(p.f)
		}
	}
}

// objectReader is one worker's view of the store. Inflating is most of a
// search's time, so it uses klauspost/compress's zlib, whose inflater is
// markedly faster than the standard library's (about a fifth less CPU for
// the whole search).
type objectReader struct {
	s  *objectStore
	br *bufio.Reader
	// mr reads a mapped pack in place. The inflater has a fast path for a
	// *bytes.Reader, as for a *bufio.Reader, and reading the mapping
	// directly spares copying every object through br's buffer first.
	mr    bytes.Reader
	zr    io.ReadCloser
	hdr   [32]byte
	bases baseCache // delta bases, keyed by pack offset
	// keepBlobs puts every packed blob read into bases as well, for a
	// reader of many similar small files (the same three of every
	// analysis), which git stores as deltas of one another: each base is
	// then inflated once, whether it is read first as a file or as a base.
	// A search reads too many blobs, once each, for that to pay.
	keepBlobs bool
}

func (s *objectStore) reader() *objectReader {
	return &objectReader{s: s, br: bufio.NewReaderSize(nil, 4<<10), bases: baseCache{limit: 16 << 20}}
}

// read returns an object's type and content, appending to buf. An object
// whose size exceeds limit (when limit > 0) gives errTooLarge, decided from
// its header wherever the format allows, so a huge blob is never inflated.
func (or *objectReader) read(h plumbing.Hash, limit int64, buf []byte) (int, []byte, error) {
	for _, p := range or.s.packs {
		if off, err := p.idx.FindOffset(h); err == nil {
			return or.packed(p, off, limit, buf)
		}
	}
	typ, data, err := or.loose(h, limit, buf)
	if !errors.Is(err, os.ErrNotExist) {
		return typ, data, err
	}
	if or.s.fallback == nil {
		return 0, nil, fmt.Errorf("object %s: %w", h, plumbing.ErrObjectNotFound)
	}
	or.s.mu.Lock()
	t, data, err := or.s.fallback(h)
	or.s.mu.Unlock()
	if err != nil {
		return 0, nil, err
	}
	if limit > 0 && int64(len(data)) > limit {
		return 0, nil, errTooLarge
	}
	return int(t), append(buf, data...), nil
}

func (or *objectReader) inflate(r io.Reader, size int64, buf []byte) ([]byte, error) {
	var err error
	if or.zr == nil {
		or.zr, err = zlib.NewReader(r)
	} else {
		err = or.zr.(zlib.Resetter).Reset(r, nil)
	}
	if err != nil {
		return nil, err
	}
	start := len(buf)
	buf = grow(buf, int(size))
	if _, err := io.ReadFull(or.zr, buf[start:start+int(size)]); err != nil {
		return nil, err
	}
	return buf[:start+int(size)], nil
}

func grow(buf []byte, n int) []byte {
	if cap(buf)-len(buf) < n {
		nb := make([]byte, len(buf), len(buf)+n)
		copy(nb, buf)
		buf = nb
	}
	return buf[:cap(buf)]
}

// loose reads .git/objects/xx/yyyy: zlib over "<type> <size>\0<content>".
func (or *objectReader) loose(h plumbing.Hash, limit int64, buf []byte) (int, []byte, error) {
	name := hex.EncodeToString(h[:])
	var f *os.File
	err := error(os.ErrNotExist)
	for _, dir := range or.s.dirs {
		if f, err = os.Open(filepath.Join(dir, name[:2], name[2:])); !errors.Is(err, os.ErrNotExist) {
			break
		}
	}
	if err != nil {
		return 0, nil, err
	}
	defer f.Close()
	or.br.Reset(f)
	if or.zr == nil {
		or.zr, err = zlib.NewReader(or.br)
	} else {
		err = or.zr.(zlib.Resetter).Reset(or.br, nil)
	}
	if err != nil {
		return 0, nil, fmt.Errorf("object %s: %w", h, err)
	}
	// The header is at most "commit 18446744073709551615\0".
	n, nul := 0, -1
	for nul < 0 && n < len(or.hdr) {
		m, err := or.zr.Read(or.hdr[n:])
		nul = bytes.IndexByte(or.hdr[:n+m], 0)
		n += m
		if err != nil {
			break
		}
	}
	if nul < 0 {
		return 0, nil, fmt.Errorf("object %s: bad header", h)
	}
	kind, sz, _ := strings.Cut(string(or.hdr[:nul]), " ")
	size, err := strconv.ParseInt(sz, 10, 64)
	if err != nil {
		return 0, nil, fmt.Errorf("object %s: bad header", h)
	}
	typ := map[string]int{"commit": packCommit, "tree": packTree, "blob": packBlob, "tag": packTag}[kind]
	if limit > 0 && size > limit {
		return typ, nil, errTooLarge
	}
	start := len(buf)
	buf = grow(buf, int(size))
	got := copy(buf[start:start+int(size)], or.hdr[nul+1:n])
	if _, err := io.ReadFull(or.zr, buf[start+got:start+int(size)]); err != nil {
		return 0, nil, fmt.Errorf("object %s: %w", h, err)
	}
	return typ, buf[:start+int(size)], nil
}

// packed reads the object at off, resolving deltas against their bases.
// The header and the compressed data come through one buffered reader, so
// a small object costs a single pread.
func (or *objectReader) packed(p *packFile, off, limit int64, buf []byte) (int, []byte, error) {
	if or.keepBlobs {
		if e, ok := or.bases.get(p, off); ok && e.typ == packBlob && (limit <= 0 || int64(len(e.data)) <= limit) {
			return e.typ, append(buf, e.data...), nil
		}
	}
	var in packReader = or.br
	if p.data != nil && off < int64(len(p.data)) {
		or.mr.Reset(p.data[off:])
		in = &or.mr
	} else {
		or.br.Reset(io.NewSectionReader(p.f, off, 1<<62))
	}
	typ, size, base, err := packHeader(p, off, in)
	if err != nil {
		return 0, nil, err
	}
	if typ != packOfsDelta && typ != packRefDelta {
		if limit > 0 && size > limit {
			return typ, nil, errTooLarge
		}
		start := len(buf)
		data, err := or.inflate(in, size, buf)
		if err == nil && typ == packBlob && or.keepBlobs {
			or.bases.put(p, off, typ, bytes.Clone(data[start:]))
		}
		return typ, data, err
	}
	delta, err := or.inflate(in, size, nil)
	if err != nil {
		return 0, nil, err
	}
	if limit > 0 && deltaTargetSize(delta) > limit {
		return typ, nil, errTooLarge
	}
	btyp, src, err := or.base(p, base)
	if err != nil {
		return 0, nil, err
	}
	out, err := packfile.PatchDelta(src, delta)
	if err != nil {
		return 0, nil, err
	}
	return btyp, append(buf, out...), nil
}

// base returns a delta's base object, cached: many deltas share a base.
func (or *objectReader) base(p *packFile, off int64) (int, []byte, error) {
	if e, ok := or.bases.get(p, off); ok {
		return e.typ, e.data, nil
	}
	typ, data, err := or.packed(p, off, 0, nil)
	if err == nil {
		or.bases.put(p, off, typ, data)
	}
	return typ, data, err
}

// packReader is what a pack entry is read through: the mapping (a
// *bytes.Reader) or a buffered pread.
type packReader interface {
	io.Reader
	io.ByteReader
}

// packHeader decodes the entry header at off from in. For an offset
// delta, base is the base's offset; for a ref delta, the base is looked up
// by hash.
func packHeader(p *packFile, off int64, in packReader) (typ int, size, base int64, err error) {
	bad := func(e error) (int, int64, int64, error) {
		return 0, 0, 0, fmt.Errorf("pack offset %d: bad header: %v", off, e)
	}
	c, err := in.ReadByte()
	if err != nil {
		return bad(err)
	}
	typ = int(c>>4) & 7
	size = int64(c & 15)
	for shift := 4; c&0x80 != 0; shift += 7 {
		if c, err = in.ReadByte(); err != nil {
			return bad(err)
		}
		size |= int64(c&0x7f) << shift
	}
	switch typ {
	case packOfsDelta:
		if c, err = in.ReadByte(); err != nil {
			return bad(err)
		}
		rel := int64(c & 0x7f)
		for c&0x80 != 0 {
			if c, err = in.ReadByte(); err != nil {
				return bad(err)
			}
			rel = (rel+1)<<7 | int64(c&0x7f)
		}
		base = off - rel
	case packRefDelta:
		var h plumbing.Hash
		if _, err := io.ReadFull(in, h[:]); err != nil {
			return bad(err)
		}
		if base, err = p.idx.FindOffset(h); err != nil {
			return 0, 0, 0, fmt.Errorf("delta base %s: %w", h, err)
		}
	}
	return typ, size, base, nil
}

// deltaTargetSize reads the result size from a delta's header.
func deltaTargetSize(delta []byte) int64 {
	i := 0
	varint := func() int64 {
		var v int64
		for shift := 0; i < len(delta); shift += 7 {
			c := delta[i]
			i++
			v |= int64(c&0x7f) << shift
			if c&0x80 == 0 {
				break
			}
		}
		return v
	}
	varint() // the source size
	return varint()
}

// baseCache keeps recently used delta bases up to limit bytes, dropping
// the oldest first.
type baseCache struct {
	limit, used int
	order       []baseKey
	m           map[baseKey]baseEntry
}

type baseKey struct {
	p   *packFile
	off int64
}

type baseEntry struct {
	typ  int
	data []byte
}

func (c *baseCache) get(p *packFile, off int64) (baseEntry, bool) {
	e, ok := c.m[baseKey{p, off}]
	return e, ok
}

func (c *baseCache) put(p *packFile, off int64, typ int, data []byte) {
	if len(data) > c.limit/4 {
		return
	}
	if c.m == nil {
		c.m = map[baseKey]baseEntry{}
	}
	k := baseKey{p, off}
	if _, ok := c.m[k]; ok {
		return // kept already, as a blob read (keepBlobs)
	}
	c.m[k] = baseEntry{typ, data}
	c.order = append(c.order, k)
	c.used += len(data)
	for c.used > c.limit && len(c.order) > 0 {
		old := c.order[0]
		c.order = c.order[1:]
		c.used -= len(c.m[old].data)
		delete(c.m, old)
	}
}
