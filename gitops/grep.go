package gitops

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// DefaultGrepMaxSize is the largest file Grep reads: bigger files are
// data, logs or bundles, and their hits would swamp the ranking.
const DefaultGrepMaxSize = 1 << 20

// binarySniff is how much of a file is checked for a NUL byte, as git does.
const binarySniff = 8000

// generatedSniff is how much of a file is checked for a "generated" marker.
const generatedSniff = 1024

// GrepOptions describe a search.
type GrepOptions struct {
	Rev     string   // a branch, "HEAD" or a SHA; "" means HEAD
	Terms   []string // fixed strings, matched case-insensitively
	MaxSize int64    // larger files are skipped; 0 means DefaultGrepMaxSize
	Workers int      // 0 means one per CPU
	// Decl, when set, is asked about every line holding a hit; Grep
	// counts the lines for which it returns true.
	Decl func(line []byte) bool
	// Words, when set, counts a term only where it stands as a word or an
	// identifier part (see wordAt): "copy" then finds deepCopy and
	// copy_file but not Copyright.
	Words bool
	// Exclude lists path prefixes ("docs/requirements/") whose files are
	// not searched at all; a directory named by one is not even read.
	Exclude []string
	// Progress, when set, hears now and then how many files have been
	// read so far, for a progress display. Workers call it concurrently.
	Progress func(files int)
}

// grepProgressEvery is how many files pass between Progress calls: often
// enough for a person to see it move, rarely enough to cost nothing.
var grepProgressEvery int64 = 256

// GrepFile is one file in which at least one term occurs.
type GrepFile struct {
	Path      string
	Counts    []int // occurrences of each term, in Terms order
	Decls     int   // hit lines Decl accepted
	Generated bool  // the file's head says it was generated, or is minified
	Size      int   // bytes
}

// GrepResult is the outcome of a search.
type GrepResult struct {
	Commit   string     // the commit searched
	Files    []GrepFile // sorted by path
	Searched int        // text files read
	Binary   int        // files skipped for holding a NUL byte
	Large    int        // files skipped for their size
	// Missing counts files whose blob is not in the object store: a
	// partial clone fetches only the blobs it checked out, so an older
	// revision's files may be absent. A scan is a search, so it goes on
	// without them rather than failing.
	Missing int
}

// Grep searches every file tracked at a revision for the terms, the way
// `git grep -i -F` does, but counting each term's occurrences per file.
// Blobs are streamed from the object store by one worker per CPU and
// dropped once searched, so memory stays at a few buffers per worker and
// the tree listing, however large the repository. Symlinks and submodules
// are not searched.
func (r *Repo) Grep(o GrepOptions) (*GrepResult, error) {
	rev := o.Rev
	if rev == "" {
		rev = "HEAD"
	}
	c, err := r.commitAt(rev)
	if err != nil {
		return nil, err
	}
	terms := make([][]byte, 0, len(o.Terms))
	unicodeFold := false
	for _, t := range o.Terms {
		if t == "" {
			return nil, errors.New("grep: empty search term")
		}
		terms = append(terms, []byte(strings.ToLower(t)))
		unicodeFold = unicodeFold || !isASCII(t)
	}
	if o.MaxSize <= 0 {
		o.MaxSize = DefaultGrepMaxSize
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	store, err := openObjectStore(filepath.Join(r.commonDir, "objects"))
	if err != nil {
		return nil, err
	}
	defer store.close()
	store.fallback = r.readObject
	store.mapPacks()

	res := &GrepResult{Commit: c.Hash.String()}
	jobs := make(chan grepJob, 256)
	parts := make([]grepPart, workers)
	var wg sync.WaitGroup
	var read atomic.Int64
	for i := range parts {
		wg.Add(1)
		go func(p *grepPart) {
			defer wg.Done()
			g := grepper{or: store.reader(), terms: terms, fold: unicodeFold, max: o.MaxSize, decl: o.Decl, words: o.Words && !unicodeFold}
			for j := range jobs {
				if p.err == nil {
					p.err = g.file(j, p)
				}
				if o.Progress != nil {
					if n := read.Add(1); n%grepProgressEvery == 0 {
						o.Progress(int(n))
					}
				}
			}
		}(&parts[i])
	}
	walkErr := walkTree(store.reader(), c.TreeHash, "", o.Exclude, jobs)
	close(jobs)
	wg.Wait()
	if walkErr != nil {
		return nil, walkErr
	}
	for _, p := range parts {
		if p.err != nil {
			return nil, p.err
		}
		res.Files = append(res.Files, p.files...)
		res.Searched += p.searched
		res.Binary += p.binary
		res.Large += p.large
		res.Missing += p.missing
	}
	sort.Slice(res.Files, func(i, j int) bool { return res.Files[i].Path < res.Files[j].Path })
	return res, nil
}

// readObject reads through go-git, for objects the store does not hold.
func (r *Repo) readObject(h plumbing.Hash) (plumbing.ObjectType, []byte, error) {
	obj, err := r.st.EncodedObject(plumbing.AnyObject, h)
	if err != nil {
		return 0, nil, fmt.Errorf("object %s: %w", h, err)
	}
	rd, err := obj.Reader()
	if err != nil {
		return 0, nil, err
	}
	defer rd.Close()
	var b bytes.Buffer
	_, err = b.ReadFrom(rd)
	return obj.Type(), b.Bytes(), err
}

type grepJob struct {
	path string
	hash plumbing.Hash
}

// grepPart is what one worker found.
type grepPart struct {
	files                   []GrepFile
	searched, binary, large int
	missing                 int
	err                     error
}

// walkTree sends every regular file under the tree to jobs, depth first,
// leaving out paths under the excluded prefixes.
func walkTree(or *objectReader, h plumbing.Hash, prefix string, exclude []string, jobs chan<- grepJob) error {
	typ, data, err := or.read(h, 0, nil)
	if err != nil {
		return fmt.Errorf("tree %s: %w", prefix, err)
	}
	if typ != packTree {
		return fmt.Errorf("tree %s: object %s is not a tree", prefix, h)
	}
	for len(data) > 0 {
		sp := bytes.IndexByte(data, ' ')
		nul := bytes.IndexByte(data, 0)
		if sp < 0 || nul < sp || nul+21 > len(data) {
			return fmt.Errorf("tree %s: malformed entry", prefix)
		}
		mode, err := filemode.New(string(data[:sp]))
		if err != nil {
			return fmt.Errorf("tree %s: %w", prefix, err)
		}
		name := prefix + string(data[sp+1:nul])
		var eh plumbing.Hash
		copy(eh[:], data[nul+1:nul+21])
		data = data[nul+21:]
		switch mode {
		case filemode.Dir:
			if excluded(name+"/", exclude) {
				continue
			}
			if err := walkTree(or, eh, name+"/", exclude, jobs); err != nil {
				return err
			}
		case filemode.Regular, filemode.Executable, filemode.Deprecated:
			if !excluded(name, exclude) {
				jobs <- grepJob{name, eh}
			}
		}
	}
	return nil
}

// excluded reports whether a path (a directory ending in "/") lies under
// one of the prefixes.
func excluded(name string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// grepper searches blobs for one worker; its buffers are reused.
type grepper struct {
	or          *objectReader
	terms       [][]byte
	fold        bool
	words       bool
	max         int64
	decl        func([]byte) bool
	data, lower []byte
	seen        map[int]bool // countDecls' lines, reused from file to file
}

func (g *grepper) file(j grepJob, p *grepPart) error {
	var err error
	_, g.data, err = g.or.read(j.hash, g.max, g.data[:0])
	if errors.Is(err, errTooLarge) {
		p.large++
		return nil
	}
	if errors.Is(err, plumbing.ErrObjectNotFound) {
		p.missing++
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", j.path, err)
	}
	if bytes.IndexByte(g.data[:min(len(g.data), binarySniff)], 0) >= 0 {
		p.binary++
		return nil
	}
	p.searched++
	if g.fold {
		g.lower = bytes.ToLower(g.data)
	} else {
		g.lower = lowerASCII(g.lower[:0], g.data)
	}
	var counts []int
	for i, t := range g.terms {
		var n int
		if g.words {
			n = countWords(g.data, g.lower, t)
		} else {
			n = bytes.Count(g.lower, t)
		}
		if n > 0 {
			if counts == nil {
				counts = make([]int, len(g.terms))
			}
			counts[i] = n
		}
	}
	if counts == nil {
		return nil
	}
	f := GrepFile{Path: j.path, Counts: counts, Size: len(g.data), Generated: generatedMarker(g.lower[:min(len(g.lower), generatedSniff)])}
	if g.decl != nil && !g.fold {
		f.Decls = g.countDecls()
	}
	p.files = append(p.files, f)
	return nil
}

// countDecls counts the distinct lines holding a hit that g.decl accepts.
// It looks at the original bytes: case can matter (Go exports by it).
func (g *grepper) countDecls() int {
	if g.seen == nil {
		g.seen = map[int]bool{}
	}
	seen := g.seen
	clear(seen)
	n := 0
	for _, t := range g.terms {
		if g.words && yStem(t) {
			t = t[:len(t)-1] // categories holds category's stem, not category
		}
		for from := 0; ; {
			i := bytes.Index(g.lower[from:], t)
			if i < 0 {
				break
			}
			at := from + i
			start := bytes.LastIndexByte(g.data[:at], '\n') + 1
			end := bytes.IndexByte(g.data[at:], '\n')
			if end < 0 {
				end = len(g.data)
			} else {
				end += at
			}
			if !seen[start] {
				seen[start] = true
				if g.decl(g.data[start:end]) {
					n++
				}
			}
			from = max(end, at+1)
		}
	}
	return n
}

// generatedMarkers are the phrases by which a file says a tool wrote it.
// All but one hold "generated", so a head is searched for that word and
// "do not edit" first, and only a head holding "generated" for the rest:
// this check runs on every file a search reads.
var generatedMarkers = [][]byte{[]byte("code generated"), []byte("@generated"), []byte("autogenerated"), []byte("auto-generated")}

var (
	generatedWord = []byte("generated")
	doNotEdit     = []byte("do not edit")
)

// A file's head counts as minified when it holds a line of more than
// minifiedLine bytes with fewer than one space in minifiedSpaces: bundled
// or minified code (a copy of prettify.js in a website folder) holds
// every word of a language's keywords, yet nobody edits it by hand.
// Written code keeps its lines shorter, and where one runs long (a long
// import list, a prose template) it keeps its spaces. Over the corpus
// repositories' code, every head this catches is minified or written by
// a tool.
const (
	minifiedLine   = 400
	minifiedSpaces = 25
)

func generatedMarker(head []byte) bool {
	if bytes.Contains(head, doNotEdit) {
		return true
	}
	if bytes.Contains(head, generatedWord) {
		for _, m := range generatedMarkers {
			if bytes.Contains(head, m) {
				return true
			}
		}
	}
	for len(head) > minifiedLine {
		line, rest, _ := bytes.Cut(head, []byte{'\n'})
		if len(line) > minifiedLine && bytes.Count(line, []byte{' '})*minifiedSpaces < len(line) {
			return true
		}
		head = rest
	}
	return false
}

// lowerASCII appends src with A-Z folded to a-z; other bytes are kept, so
// offsets in the result match offsets in src.
func lowerASCII(dst, src []byte) []byte {
	dst = grow(dst, len(src))[:len(src)]
	for i, c := range src {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst[i] = c
	}
	return dst
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
