package meta

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"unicode/utf8"
)

// ParseError is a problem with the content of a meta.json, at a position
// editors understand (line and column are 1-based; the column counts runes).
type ParseError struct {
	File string
	Line int
	Col  int
	Msg  string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// Read parses the meta.json at path. A missing file is an error satisfying
// errors.Is(err, fs.ErrNotExist).
func Read(path string) (*Meta, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse reads the content of a meta.json; name is how errors refer to it.
// Absent or null fields get their defaults; anything else that does not fit
// is a *ParseError, never a silent default.
func Parse(name string, data []byte) (*Meta, error) {
	p, members, err := topLevel(name, data)
	if err != nil {
		return nil, err
	}
	m := &Meta{Extra: map[string]json.RawMessage{}}
	legacyDone := false
	for _, mb := range members {
		switch {
		case mb.isNull() && (mb.key == legacyKey || slices.Contains(metaKeys, mb.key)):
			// JSON's way of saying absent; an unknown null is kept below.
		case mb.key == legacyKey:
			if legacyDone, err = p.boolean(mb.value, mb.path); err != nil {
				return nil, err
			}
		default:
			if err := p.field(m, mb); err != nil {
				return nil, err
			}
		}
	}
	// The seed's migration: an item analysed before phases were tracked
	// one by one has only phase_a_completed.
	if legacyDone && m.AnalysisStatus == "" && len(m.PhasesCompleted) == 0 {
		m.PhasesCompleted = slices.Clone(legacyPhases)
	}
	m.setDefaults()
	m.AnalysisStatus = m.settled()
	return m, nil
}

// topLevel checks data as a meta.json document and lists the members of
// its object, each key given once.
func topLevel(name string, data []byte) (*parser, []member, error) {
	p := &parser{name: name, data: data}
	// Editors on Windows may add a byte order mark; it carries no meaning.
	if bytes.HasPrefix(data, []byte("\uFEFF")) {
		p.start = 3
	}
	top, err := p.document()
	if err != nil {
		return nil, nil, err
	}
	members, err := p.members(top, "")
	return p, members, err
}

// parser carries the whole input so that any value's offset can be turned
// into a line and column.
type parser struct {
	name  string
	data  []byte
	start int // where the JSON begins, past a byte order mark
}

// value is a raw JSON value and its offset in parser.data.
type value struct {
	raw json.RawMessage
	off int
}

// member is one key of an object; path names it in messages.
type member struct {
	key, path string
	value
}

func (v value) isNull() bool { return string(v.raw) == "null" }

// errAt builds a ParseError for byte offset off.
func (p *parser) errAt(off int, format string, args ...any) error {
	line, col := p.position(off)
	return &ParseError{File: p.name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// position turns a byte offset into a line and a column counted in runes,
// which is what editors show; a byte order mark is not part of line 1.
func (p *parser) position(off int) (line, col int) {
	off = max(p.start, min(off, len(p.data)))
	line, lineStart := 1, p.start
	for i := p.start; i < off; i++ {
		if p.data[i] == '\n' {
			line++
			lineStart = i + 1
		}
	}
	return line, 1 + utf8.RuneCount(p.data[lineStart:off])
}

// document checks the encoding and syntax of the input and returns its
// top-level object, so later steps only meet well-formed JSON.
func (p *parser) document() (value, error) {
	body := p.data[p.start:]
	if i := bytes.IndexByte(body, 0); i >= 0 {
		return value{}, p.errAt(p.start+i, "file contains a NUL byte; meta.json must be UTF-8 text (was it saved as UTF-16?)")
	}
	if !utf8.Valid(body) {
		i := invalidUTF8(body)
		return value{}, p.errAt(p.start+i, "file is not valid UTF-8 (byte 0x%02x)", body[i])
	}
	// Well-formed JSON, the common case, needs no decoder: the value is
	// the body without its surrounding space. Anything else is read by the
	// decoder below, which says where it goes wrong.
	if json.Valid(body) {
		trimmed := bytes.TrimLeft(body, " \t\r\n")
		raw := bytes.TrimRight(trimmed, " \t\r\n")
		top := value{raw: json.RawMessage(raw), off: p.start + len(body) - len(trimmed)}
		if k := kind(raw); k != "object" {
			return value{}, p.errAt(top.off, "top-level value is %s; want an object", describe(k))
		}
		return top, nil
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	var raw json.RawMessage
	err := dec.Decode(&raw)
	var syn *json.SyntaxError
	switch {
	case err == io.EOF:
		return value{}, p.errAt(len(p.data), "file is empty; want a JSON object")
	case err == io.ErrUnexpectedEOF:
		return value{}, p.errAt(len(p.data), "file is truncated: the JSON ends before its top-level value is complete")
	case errors.As(err, &syn):
		// Offset counts the offending byte as read.
		return value{}, p.errAt(p.start+int(syn.Offset)-1, "%s", syn.Error())
	case err != nil:
		return value{}, p.errAt(p.start, "%v", err)
	}
	end := p.start + int(dec.InputOffset())
	top := value{raw: raw, off: end - len(raw)}
	if k := kind(raw); k != "object" {
		return value{}, p.errAt(top.off, "top-level value is %s; want an object", describe(k))
	}
	if rest := bytes.TrimLeft(p.data[end:], " \t\r\n"); len(rest) > 0 {
		r, _ := utf8.DecodeRune(rest)
		return value{}, p.errAt(len(p.data)-len(rest), "unexpected %q after the top-level object", r)
	}
	return top, nil
}

func invalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}

// members lists the keys of object v in order. A key given twice is an
// error: encoding/json would silently keep the last one.
func (p *parser) members(v value, path string) ([]member, error) {
	var out []member
	seen := map[string]int{}
	err := split(v.raw, true, func(name []byte, start, end int) error {
		key, err := unquote(name)
		if err != nil {
			return err
		}
		mb := member{key: key, path: join(path, key), value: value{raw: json.RawMessage(v.raw[start:end]), off: v.off + start}}
		if first, dup := seen[key]; dup {
			line, _ := p.position(first)
			return p.errAt(mb.off, "%s: key given twice (first on line %d)", mb.path, line)
		}
		seen[key] = mb.off
		out = append(out, mb)
		return nil
	})
	if _, ok := err.(*ParseError); err != nil && !ok {
		return nil, p.errAt(v.off, "%s: %v", label(path), err)
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// elements lists the items of array v.
func (p *parser) elements(v value, path string) ([]value, error) {
	var out []value
	err := split(v.raw, false, func(_ []byte, start, end int) error {
		out = append(out, value{raw: json.RawMessage(v.raw[start:end]), off: v.off + start})
		return nil
	})
	if err != nil {
		return nil, p.errAt(v.off, "%s: %v", label(path), err)
	}
	return out, nil
}

// label names a value in messages; the empty path is the file's object.
func label(path string) string {
	if path == "" {
		return "top-level object"
	}
	return path
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// kind names the JSON type of a well-formed value by its first byte.
func kind(raw []byte) string {
	switch raw[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

// describe puts an article before a kind, for messages.
func describe(kind string) string {
	switch kind {
	case "null":
		return kind
	case "array", "object":
		return "an " + kind
	}
	return "a " + kind
}
