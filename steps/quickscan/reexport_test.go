package quickscan

import (
	"slices"
	"testing"
)

// A package's entry file that re-exports the best-ranked module comes in
// just below it, though it mentions no keyword: a new public name is
// exported from there too.
func TestEntryFileFollowsItsModule(t *testing.T) {
	src := map[string]string{
		"click/utils.py":    "def echo(message):\n    pass\n\ndef open_file(name):\n    return name  # the app dir\n",
		"click/types.py":    "class Path:\n    dir_okay = True\n",
		"click/__init__.py": "from .core import Command\nfrom .utils import echo, open_file\n",
		"click/core.py":     "class Command:\n    pass\n",
	}
	r := scanFixture(t, "Added get_app_dir function.", src)
	paths := pathsOf(r.Files)
	if len(paths) < 2 || paths[1] != "click/__init__.py" {
		t.Fatalf("ranked %q; want click/__init__.py just below the module it re-exports", paths)
	}
	if f := r.Files[1]; f.Reexports != paths[0] || f.Kind != KindSource || f.Score >= r.Files[0].Score {
		t.Errorf("entry file = %+v; want it re-exporting %s, scored just below it", f, paths[0])
	}

	// An entry file that imports nothing from the module stays out.
	src["click/__init__.py"] = "from .core import Command\n"
	if paths := pathsOf(scanFixture(t, "Added get_app_dir function.", src).Files); slices.Contains(paths, "click/__init__.py") {
		t.Errorf("ranked %q; the entry file does not re-export the top module", paths)
	}
}

func TestReexports(t *testing.T) {
	tests := []struct {
		entry, stem, content string
		want                 bool
	}{
		{"pkg/__init__.py", "utils", "from .utils import echo\n", true},
		{"pkg/__init__.py", "utils", "from pkg.utils import (\n    echo,\n)\n", true},
		{"pkg/__init__.py", "utils", "from . import core, utils\n", true},
		{"pkg/__init__.py", "utils", "from .utils_extra import echo\n", false},
		{"pkg/__init__.py", "utils", "# see utils\nimport os\n", false},
		{"lib/index.js", "core", "export * from './core';\n", true},
		{"lib/index.js", "core", "module.exports = require('./core.js')\n", true},
		{"lib/index.ts", "core", "import {x} from \"./core\"\nexport {x}\n", true},
		{"lib/index.js", "core", "export * from './core-utils';\n", false},
	}
	for _, tt := range tests {
		if got := reexports(tt.entry, tt.stem, []byte(tt.content)); got != tt.want {
			t.Errorf("reexports(%s, %s, %q) = %v, want %v", tt.entry, tt.stem, tt.content, got, tt.want)
		}
	}
}

func pathsOf(files []File) []string {
	var out []string
	for _, f := range files {
		out = append(out, f.Path)
	}
	return out
}

// A scan reads each file at most once: an entry file that mentions a
// keyword is read for its definitions and checked for re-exports from
// the same bytes.
func TestAnalyzeReadsEachFileOnce(t *testing.T) {
	src := map[string]string{
		"click/utils.py":    "def echo(message):\n    pass\n\ndef open_file(name):\n    return name  # the app dir\n",
		"click/__init__.py": "from .utils import echo, open_file\n# dir\n",
	}
	kw := Keywords("Added get_app_dir function.")
	var hits []Hit
	for _, p := range []string{"click/__init__.py", "click/utils.py"} {
		h := Hit{Path: p, Counts: make([]int, len(kw)), Size: len(src[p])}
		for i, k := range kw {
			h.Counts[i] = countWord(src[p], k)
		}
		hits = append(hits, h)
	}
	reads := map[string]int{}
	AnalyzeWith(kw, hits, 40, func(p string) ([]byte, error) {
		reads[p]++
		return []byte(src[p]), nil
	})
	for p, n := range reads {
		if n > 1 {
			t.Errorf("%s read %d times; want once", p, n)
		}
	}
	if reads["click/__init__.py"] == 0 {
		t.Errorf("reads = %v; want the entry file read", reads)
	}
}
