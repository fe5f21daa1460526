package quickscan

import (
	"path"
	"regexp"
	"slices"
	"strings"
)

// A package's entry file re-exports what its modules define: a Python
// package's __init__.py imports from its modules, a JavaScript or
// TypeScript directory's index file exports from its siblings. A change
// to a module's public names edits that entry file too, but the entry
// file rarely mentions the words the change is described in.

// entryNames are the files that may re-export their siblings, by the
// language of the module.
var entryNames = map[string][]string{
	".py":  {"__init__.py"},
	".js":  {"index.js", "index.mjs", "index.cjs"},
	".mjs": {"index.mjs", "index.js"},
	".cjs": {"index.cjs", "index.js"},
	".ts":  {"index.ts", "index.tsx"},
	".tsx": {"index.ts", "index.tsx"},
	".jsx": {"index.js", "index.jsx"},
}

// reexports reports whether an entry file's content imports from the
// module named stem in its own directory.
func reexports(entry, stem string, content []byte) bool {
	q := regexp.QuoteMeta(stem)
	var re *regexp.Regexp
	if path.Ext(entry) == ".py" {
		// from .types import x, from click.types import x, from . import types
		re = regexp.MustCompile(`(?m)^[ \t]*(?:from[ \t]+[\w.]*\.` + q + `[ \t]+import\b|from[ \t]+\.[ \t]+import[ \t]+(?:\(?[\w, \t]*\b)?` + q + `\b)`)
	} else {
		// export * from './core', require('./core.js'), import x from "./core"
		re = regexp.MustCompile(`(?:\bfrom|\brequire\(|\bimport)[ \t]*['"]\./` + q + `(?:\.[cm]?[jt]sx?)?['"]`)
	}
	return re.Match(content)
}

// entryModules is how many of the best-ranked source files are checked
// for an entry file that re-exports them.
const entryModules = 1

// withEntryFile puts the entry file that re-exports one of the
// best-ranked source files just below it: a change to that module's
// public names is also a change to what its package exports. An entry
// file ranked lower is moved up; one not found by the search is added.
// Only the first such entry file is placed.
func withEntryFile(files []File, read Reader) []File {
	if read == nil {
		return files
	}
	checked := 0
	for top := 0; top < len(files) && checked < entryModules; top++ {
		if files[top].Kind != KindSource {
			continue
		}
		checked++
		entry, ok := entryFile(files[top].Path, read)
		if !ok {
			continue
		}
		f := File{Path: entry, Kind: Kind(entry, false)}
		at := slices.IndexFunc(files, func(g File) bool { return g.Path == entry })
		if at >= 0 && at <= top {
			continue // already above the module
		}
		if at >= 0 {
			f = files[at]
			files = slices.Delete(files, at, at+1)
		}
		// The borrowed score counts whole in Relevant's bar, the part the
		// module's path earned included: taking that part out as well
		// (f.named = files[top].named) cost scope right on train and
		// fresh, one change each (docs/performance.md).
		f.Score = files[top].Score - 0.01
		f.Reexports = files[top].Path
		return slices.Insert(files, top+1, f)
	}
	return files
}

// entryFile finds the entry file in a module's directory that imports
// from it.
func entryFile(mod string, read Reader) (string, bool) {
	dir, base := path.Split(mod)
	ext := path.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	for _, name := range entryNames[ext] {
		entry := dir + name
		if entry == mod {
			return "", false
		}
		content, err := read(entry)
		if err != nil {
			continue
		}
		return entry, reexports(entry, stem, content)
	}
	return "", false
}
