package artifacts

import (
	"fmt"
	"sort"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// ModuleIndexFile is the design index: build gates look for this name, and
// it links the per-module files module-design-<module>.md.
const ModuleIndexFile = "module-design.md"

// ModuleIndexSection is the heading of the index's table.
const ModuleIndexSection = "Modules"

// ModuleNotesSection holds what 04-01's answers say outside any module
// block, such as "None" and its reason.
const ModuleNotesSection = "Notes"

// ModuleEntry is one module design file, summarised for the index.
type ModuleEntry struct {
	Name    string // the module as its design names it
	File    string // the file name, module-design-<module>.md
	Summary string // the first line of its responsibilities
}

var moduleFileRe = lazyre.New(`^module-design-.+\.md$`)

// IsModuleFile reports whether name is a per-module design file.
func IsModuleFile(name string) bool { return moduleFileRe.MatchString(name) }

// ReadModuleEntry summarises one module design file: the module's name
// from its title, and the first line rtgit wrote under Responsibilities.
func ReadModuleEntry(file string, doc []byte) ModuleEntry {
	e := ModuleEntry{File: file, Name: strings.TrimSuffix(strings.TrimPrefix(file, "module-design-"), ".md")}
	lines := splitLines(doc)
	for _, l := range lines {
		if t, ok := strings.CutPrefix(l, "# "); ok {
			if _, name, ok := strings.Cut(t, ":"); ok && strings.TrimSpace(name) != "" {
				e.Name = strings.TrimSpace(name)
			}
			break
		}
	}
	h, _ := findHeading(lines, "Responsibilities")
	if h < 0 {
		return e
	}
	for _, l := range lines[h+1:] {
		t := strings.TrimSpace(l)
		if headingRe.MatchString(t) {
			break
		}
		if t == "" || strings.HasPrefix(t, "<!--") || strings.HasPrefix(t, "```") {
			continue
		}
		e.Summary = strings.TrimSpace(labelPrefix.ReplaceAllString(t, ""))
		break
	}
	return e
}

// labelPrefix is the bold label ParseModules puts before a labelled line.
var labelPrefix = lazyre.New(`^\*\*[^*]+:\*\*\s*`)

// ModuleIndex renders the index table, one row per module in file order,
// each linking its design file.
func ModuleIndex(entries []ModuleEntry) string {
	if len(entries) == 0 {
		return "_No module designs yet: step 04-01 writes one file per `Module:` block._"
	}
	sorted := append([]ModuleEntry{}, entries...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].File < sorted[j].File })
	var b strings.Builder
	b.WriteString("| Module | Responsibilities | Design |\n| --- | --- | --- |\n")
	for _, e := range sorted {
		sum := e.Summary
		if strings.HasPrefix(sum, "_Not stated") || sum == "" {
			sum = "–"
		}
		fmt.Fprintf(&b, "| %s | %s | [%s](%s) |\n", cell(e.Name), cell(sum), e.File, e.File)
	}
	return b.String()
}
