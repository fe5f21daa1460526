package model

import (
	"slices"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// The readers of this file read the documents rtgit renders, not a
// person's answers: the Directly Affected Files table of
// impact-analysis.md, the requirement headings of requirements-spec.md
// and a decision record's file name, front matter and title. Their shape
// is rtgit's own and part of its interface (build tools read the same
// table), and a person may edit the rendered table, so the checks that
// must agree with build tools (staleness, footprints, verify, the build
// plan's file rows) read the document, not the answers it was rendered
// from. They are here so that the one grammar of those documents, the
// ids among it, lives with the rest of the reading; consumers may call
// them (boundary_test.go lets them) and read no answer with them.

var (
	affectedHeading = lazyre.New(`(?i)^#{2,3}\s+.*\bDirectly Affected Files`)
	sectionHeading  = lazyre.New(`^#{2,3}\s`)
	// specHeading is a requirement's heading in requirements-spec.md:
	// "### FR-001: Title", and the NFR and constraint headings alike.
	specHeading = lazyre.New(`^#{2,6}\s+((?:FR|NFR|CON)-\d{3})\b\s*:?\s*(.*?)\s*$`)
	adrFile     = lazyre.New(`^adr-(\d{4})-.+\.md$`)
	frontStatus = lazyre.New(`(?m)^status:\s*(.+?)\s*$`)
)

// ImpactFiles reads the Directly Affected Files table of an impact
// analysis: the paths in backticks that start its rows, in order, once
// each, but for the read-only rows: the files the change edits. It reads
// the table the way build tools do (the section runs to the next heading
// of level two or three), so what rtgit checks for staleness is exactly
// what they check.
func ImpactFiles(doc []byte) []string {
	files, _ := ImpactTable(doc)
	return files
}

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
// row of every merged analysis; FuzzImpactRow holds it to the expression.
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

// ImpactModules reads the Module column of the Directly Affected Files
// table, the modules the impact analysis itself assigned to each file: a
// row of the document whose first cell is one of the table's files.
func ImpactModules(doc []byte) []string {
	files := ImpactFiles(doc)
	if len(files) == 0 {
		return nil
	}
	var out []string
	for _, l := range strings.Split(string(doc), "\n") {
		cells := strings.Split(strings.Trim(strings.TrimSpace(l), "|"), "|")
		if len(cells) < 2 {
			continue
		}
		file := strings.Trim(strings.TrimSpace(cells[0]), "`")
		mod := strings.TrimSpace(cells[1])
		if slices.Contains(files, strings.TrimPrefix(file, "./")) && mod != "" && mod != "-" {
			out = append(out, mod)
		}
	}
	return out
}

// SpecHeading is a requirement's heading in requirements-spec.md.
type SpecHeading struct {
	ID, Title string
}

// SpecHeadings reads the requirement headings of requirements-spec.md
// (FR, NFR and CON ids, each with the title after it), in order, the
// first heading of each id.
func SpecHeadings(doc []byte) []SpecHeading {
	var out []SpecHeading
	seen := map[string]bool{}
	for _, l := range strings.Split(string(doc), "\n") {
		if m := specHeading.FindStringSubmatch(l); m != nil && !seen[m[1]] {
			seen[m[1]] = true
			out = append(out, SpecHeading{ID: m[1], Title: m[2]})
		}
	}
	return out
}

// ADRNumber is the number a decision record's file name gives it
// ("adr-0001-….md" is 0001); ok is false for any other name.
func ADRNumber(name string) (number string, ok bool) {
	m := adrFile.FindStringSubmatch(name)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// ADRStatus is the status: line of a decision record's front matter
// (accepted, deprecated, …), "" when it has none.
func ADRStatus(doc []byte) string {
	if s := frontStatus.FindStringSubmatch(string(doc)); s != nil {
		return s[1]
	}
	return ""
}

// DocTitle is a rendered document's title: its first "# " heading, ""
// when it has none.
func DocTitle(doc []byte) string {
	for _, l := range strings.Split(string(doc), "\n") {
		if t, ok := strings.CutPrefix(l, "# "); ok {
			return strings.TrimSpace(t)
		}
	}
	return ""
}
