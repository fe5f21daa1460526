package model

import (
	"slices"
	"strings"
)

// ImpactReadOnlyFiles reads the read-only rows of the Directly Affected
// Files table: the files the analysis says the change leaves as they are,
// which `rtgit verify` reports a change to. The table is read as
// ImpactFiles reads it.
func ImpactReadOnlyFiles(doc []byte) []string {
	_, readOnly := ImpactTable(doc)
	return readOnly
}

// ImpactTable reads the Directly Affected Files table once, for a reader
// that needs both of its lists (verify, of every merged analysis): the
// files the change edits (ImpactFiles) and those it leaves as they are
// (ImpactReadOnlyFiles), each in order, once each.
func ImpactTable(doc []byte) (files, readOnly []string) {
	lines := strings.Split(strings.ReplaceAll(string(doc), "\r\n", "\n"), "\n")
	// Only a line starting with # can be a heading, and only one starting
	// with | a row: the expressions, anchored there, run on those alone.
	heading := func(l string) bool { return strings.HasPrefix(l, "#") && affectedHeading.MatchString(l) }
	start := slices.IndexFunc(lines, heading)
	if start < 0 {
		return nil, nil
	}
	for _, l := range lines[start+1:] {
		if strings.HasPrefix(l, "#") && sectionHeading.MatchString(l) {
			break
		}
		if !strings.HasPrefix(l, "|") {
			continue
		}
		if cell, ok := firstCodeCell(l); ok {
			p := strings.TrimPrefix(strings.TrimPrefix(cell, "./"), "/")
			list := &files
			if lastCellReadOnly(l) {
				list = &readOnly
			}
			if !slices.Contains(*list, p) {
				*list = append(*list, p)
			}
		}
	}
	return files, readOnly
}

// regexpSpace is what \s matches in Go's regular expressions, so that the
// row reading below accepts the same rows the table's other readers do.
const regexpSpace = " \t\n\f\r"

// firstCodeCell reads a row whose first cell is a path in backticks,
// "| `src/a.go` |", and returns the path. It is the row test of the table,
// written out rather than as an expression because verify runs it on every
// row of every merged analysis.
func firstCodeCell(row string) (string, bool) {
	rest, ok := strings.CutPrefix(row, "|")
	if !ok {
		return "", false
	}
	rest, ok = strings.CutPrefix(strings.TrimLeft(rest, regexpSpace), "`")
	if !ok {
		return "", false
	}
	end := strings.IndexByte(rest, '`')
	if end <= 0 {
		return "", false
	}
	if !strings.HasPrefix(strings.TrimLeft(rest[end+1:], regexpSpace), "|") {
		return "", false
	}
	return rest[:end], true
}

// lastCellReadOnly reports whether a row's last cell says "read-only".
func lastCellReadOnly(row string) bool {
	s, ok := strings.CutSuffix(strings.TrimRight(row, regexpSpace), "|")
	if !ok {
		return false
	}
	s, ok = strings.CutSuffix(strings.TrimRight(s, regexpSpace), "read-only")
	return ok && strings.HasSuffix(strings.TrimRight(s, regexpSpace), "|")
}
