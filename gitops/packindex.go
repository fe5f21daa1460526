package gitops

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-git/v5/plumbing/format/idxfile"
)

// packIndexFS is the repository's directory with each pack's index
// (objects/pack/*.idx) read whole when go-git opens it, and served from
// memory: go-git's index decoder reads straight from the descriptor, four
// or twenty bytes at a time, a thousand system calls for every pack a
// command touches, which was a tenth of `rtgit verify`'s time. Every
// other file is the directory's own.
type packIndexFS struct{ billy.Filesystem }

func (f packIndexFS) Open(name string) (billy.File, error) {
	if path.Ext(name) != ".idx" || !strings.HasSuffix(path.Dir(strings.ReplaceAll(name, "\\", "/")), "objects/pack") {
		return f.Filesystem.Open(name)
	}
	file, err := f.Filesystem.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	fi, err := f.Filesystem.Stat(name)
	if err != nil {
		return nil, err
	}
	// Sized from the start: an index holds 28 bytes an object, and
	// growing a buffer to its size costs more than the read.
	data := make([]byte, fi.Size())
	if _, err := io.ReadFull(file, data); err != nil {
		return nil, err
	}
	return &memFile{name: file.Name(), Reader: bytes.NewReader(data), info: fi}, nil
}

// memFile is a read-only file held in memory. Stat lets go-git check the
// index's size against its fan-out table, as it does for a file on disk.
type memFile struct {
	name string
	*bytes.Reader
	info fs.FileInfo
}

var errReadOnly = errors.New("a pack index is read-only")

func (m *memFile) Name() string               { return m.name }
func (m *memFile) Stat() (fs.FileInfo, error) { return m.info, nil }
func (m *memFile) Write([]byte) (int, error)  { return 0, errReadOnly }
func (m *memFile) Truncate(int64) error       { return errReadOnly }
func (m *memFile) Lock() error                { return nil }
func (m *memFile) Unlock() error              { return nil }
func (m *memFile) Close() error               { return nil }

// decodePackIndex reads a version 2 pack index held whole in data into
// the form go-git's reader uses, its tables slices of data. It checks
// what go-git's decoder checks of the layout (header, version, a
// non-decreasing fan-out, a size the object count allows) but not the
// trailing checksum, as git itself does not when it reads a pack: hashing
// the index was most of the cost of opening it, paid by every command
// that reads one object.
func decodePackIndex(data []byte) (*idxfile.MemoryIndex, error) {
	const header, fanoutLen, hashLen = 8, 256 * 4, 20
	bad := func(why string) error { return fmt.Errorf("%w: %s", idxfile.ErrMalformedIdxFile, why) }
	if len(data) < header+fanoutLen+2*hashLen || !bytes.Equal(data[:4], []byte{255, 't', 'O', 'c'}) {
		return nil, bad("no index header")
	}
	idx := idxfile.NewMemoryIndex()
	if idx.Version = binary.BigEndian.Uint32(data[4:8]); idx.Version != idxfile.VersionSupported {
		return nil, idxfile.ErrUnsupportedVersion
	}
	for k := range 256 {
		idx.Fanout[k] = binary.BigEndian.Uint32(data[header+4*k:])
		if k > 0 && idx.Fanout[k] < idx.Fanout[k-1] {
			return nil, bad("fan-out table is not non-decreasing")
		}
		idx.FanoutMapping[k] = -1
	}
	nr := int64(idx.Fanout[255])
	minSize := int64(header+fanoutLen+2*hashLen) + nr*(hashLen+8)
	maxSize := minSize
	if nr > 0 {
		maxSize += (nr - 1) * 8
	}
	if size := int64(len(data)); nr > 1<<31 || size < minSize || size > maxSize {
		return nil, bad(fmt.Sprintf("file size %d is inconsistent with object count %d", len(data), nr))
	}
	names := int64(header + fanoutLen)
	crcs := names + nr*hashLen
	offs := crcs + nr*4
	var prev int64
	for k := range 256 {
		n := int64(idx.Fanout[k]) - prev
		if n > 0 {
			idx.FanoutMapping[k] = len(idx.Names)
			idx.Names = append(idx.Names, data[names+prev*hashLen:names+(prev+n)*hashLen:names+(prev+n)*hashLen])
			idx.CRC32 = append(idx.CRC32, data[crcs+prev*4:crcs+(prev+n)*4:crcs+(prev+n)*4])
			idx.Offset32 = append(idx.Offset32, data[offs+prev*4:offs+(prev+n)*4:offs+(prev+n)*4])
		}
		prev = int64(idx.Fanout[k])
	}
	large := int64(0)
	for i := offs; i < offs+nr*4; i += 4 {
		if data[i]&0x80 != 0 {
			large++
		}
	}
	o64 := offs + nr*4
	if int64(len(data)) != o64+large*8+2*hashLen {
		return nil, bad("the large offsets do not fit the file")
	}
	if large > 0 {
		idx.Offset64 = data[o64 : o64+large*8 : o64+large*8]
	}
	copy(idx.PackfileChecksum[:], data[o64+large*8:])
	copy(idx.IdxChecksum[:], data[o64+large*8+hashLen:])
	return idx, nil
}
