package answers

import (
	"crypto/sha256"
	"slices"
	"sync"
)

// Cache keeps the answer files parsed during one run, so that a file read
// again unchanged is not parsed again: by the next verb of the run, by the
// status a reply shows, or right after rtgit wrote it (Render and the
// edits keep the parse their own check made of what they wrote). A file
// is known by its bytes alone, so a changed file is always parsed afresh;
// only files that parse are kept, since an error names the file it was
// read as.
//
// The zero value is ready to use, and a nil *Cache parses every time, as
// the package's functions do. A Cache lives as long as what owns it: one
// run's roundtable.Machine, never the process.
type Cache struct {
	mu    sync.Mutex
	files map[[sha256.Size]byte]parsed
}

type parsed struct {
	f   *File
	lay *layout
}

// Parse is [Parse] through the cache.
func (c *Cache) Parse(name string, data []byte) (*File, error) {
	f, _, err := c.parse(name, data)
	return f, err
}

// parse returns a copy of the cached parse of data, so callers may change
// what they get. The layout is shared: nothing changes one once made.
func (c *Cache) parse(name string, data []byte) (*File, *layout, error) {
	if c == nil {
		return parse(name, data)
	}
	key := sha256.Sum256(data)
	c.mu.Lock()
	p, ok := c.files[key]
	c.mu.Unlock()
	if !ok {
		f, lay, err := parse(name, data)
		if err != nil {
			return nil, nil, err
		}
		p = parsed{f, lay}
		c.mu.Lock()
		if c.files == nil {
			c.files = map[[sha256.Size]byte]parsed{}
		}
		c.files[key] = p
		c.mu.Unlock()
	}
	return p.f.clone(), p.lay, nil
}

func (f *File) clone() *File {
	g := *f
	g.Answers = slices.Clone(f.Answers)
	g.AI = slices.Clone(f.AI)
	g.Suggestions = slices.Clone(f.Suggestions)
	return &g
}
