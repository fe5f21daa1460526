package meta

import (
	"bytes"
	"fmt"
	"slices"
	"time"
)

// Known values of the fields whose values are a closed set.
var (
	sources  = []string{"github", "jira", "manual"}
	statuses = []string{StatusRaw, StatusPartial, StatusAnalyzed}
)

// CheckMeaning checks what Parse cannot: that a meta.json which is valid
// JSON also says something an analysis can go on from. The description
// and created_at are required (a gutted `{}` would otherwise be rewritten
// with empty ones), a slug must name the folder the file is in, and
// source and analysis_status must be known values. Each problem is a
// *ParseError at the field's line, or at line 1 for a missing field. m is
// what Parse read from data; folder is the analysis's folder name.
func CheckMeaning(name string, data []byte, m *Meta, folder string) error {
	p := &parser{name: name, data: data}
	if bytes.HasPrefix(data, []byte("\uFEFF")) {
		p.start = 3
	}
	top, err := p.document()
	if err != nil {
		return err
	}
	members, err := p.members(top, "")
	if err != nil {
		return err
	}
	at := map[string]value{}
	for _, mb := range members {
		if !mb.isNull() {
			at[mb.key] = mb.value
		}
	}
	missing := func(key, what string) error {
		return p.errAt(top.off, "%q is missing: %s", key, what)
	}
	if v, ok := at["description"]; !ok {
		return missing("description", "it says what is analysed, and every document is titled by it")
	} else if m.Description == "" {
		return p.errAt(v.off, "description: is empty; it says what is analysed, and every document is titled by it")
	}
	if v, ok := at["created_at"]; !ok {
		return missing("created_at", "when the analysis started, as RFC 3339 (\"2026-11-02T10:00:00.000Z\")")
	} else if _, err := time.Parse(time.RFC3339, m.CreatedAt); err != nil {
		return p.errAt(v.off, "created_at: %q is not an RFC 3339 time such as \"2026-11-02T10:00:00.000Z\"", m.CreatedAt)
	}
	if v, ok := at["slug"]; ok && folder != "" && m.Slug != folder {
		return p.errAt(v.off, "slug: %q does not match its folder %q; set it to %q, or move the analysis with `rtgit rename`", m.Slug, folder, folder)
	}
	// The values as written: Parse settles analysis_status from the
	// phases, which would hide a mistyped one.
	for _, f := range []struct {
		key   string
		known []string
	}{{"source", sources}, {"analysis_status", statuses}} {
		v, ok := at[f.key]
		if !ok {
			continue
		}
		s, err := p.str(v, f.key)
		if err != nil {
			return err
		}
		if !slices.Contains(f.known, s) && !(s == "" && f.key == "source") {
			return p.errAt(v.off, "%s: %q is not a known value; want one of %s", f.key, s, quoted(f.known))
		}
	}
	return nil
}

// KeyPosition is where the top-level key's value starts in data, for an
// error about a value only a caller can judge (the step library, which a
// repository may add). ok is false when data lacks the key.
func KeyPosition(data []byte, key string) (line, col int, ok bool) {
	p := &parser{data: data}
	if bytes.HasPrefix(data, []byte("\uFEFF")) {
		p.start = 3
	}
	top, err := p.document()
	if err != nil {
		return 0, 0, false
	}
	members, err := p.members(top, "")
	if err != nil {
		return 0, 0, false
	}
	for _, mb := range members {
		if mb.key == key {
			line, col = p.position(mb.off)
			return line, col, true
		}
	}
	return 0, 0, false
}

func quoted(vs []string) string {
	out := ""
	for i, v := range vs {
		if i > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%q", v)
	}
	return out
}
