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
		if m := affectedRow.FindStringSubmatch(l); m != nil {
			p := strings.TrimPrefix(strings.TrimPrefix(m[1], "./"), "/")
			list := &files
			if readOnlyRow.MatchString(l) {
				list = &readOnly
			}
			if !slices.Contains(*list, p) {
				*list = append(*list, p)
			}
		}
	}
	return files, readOnly
}
