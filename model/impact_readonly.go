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
	lines := strings.Split(strings.ReplaceAll(string(doc), "\r\n", "\n"), "\n")
	start := slices.IndexFunc(lines, affectedHeading.MatchString)
	if start < 0 {
		return nil
	}
	var out []string
	for _, l := range lines[start+1:] {
		if sectionHeading.MatchString(l) {
			break
		}
		if m := affectedRow.FindStringSubmatch(l); m != nil && readOnlyRow.MatchString(l) {
			p := strings.TrimPrefix(strings.TrimPrefix(m[1], "./"), "/")
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}
