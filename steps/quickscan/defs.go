package quickscan

import (
	"path"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// A definition finder per language: line patterns, not a parser. It only
// has to tell the file that defines Recoverer, make_response or app.set
// from the files that call them, and it runs over the few top candidate
// files of a scan, never the whole repository.
var (
	goDefs = []*lazyre.Regexp{
		lazyre.New(`(?m)^func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)`),
		lazyre.New(`(?m)^type\s+([A-Za-z_]\w*)`),
		lazyre.New(`(?m)^\t([A-Za-z_]\w*)\s+(?:struct|interface|func)\b`), // inside type ( ... )
		lazyre.New(`(?m)^(?:var|const)\s+([A-Za-z_]\w*)`),
		lazyre.New(`(?m)^\t([A-Z]\w*)\s*(?:=|\s\w)`), // exported names in var/const blocks
	}
	pyDefs = []*lazyre.Regexp{
		lazyre.New(`(?m)^[ \t]*(?:async\s+)?def\s+([A-Za-z_]\w*)`),
		lazyre.New(`(?m)^[ \t]*class\s+([A-Za-z_]\w*)`),
		lazyre.New(`(?m)^([A-Za-z_]\w*)\s*(?::[^=\n]+)?=[^=]`), // module-level names
	}
	jsDefs = []*lazyre.Regexp{
		lazyre.New(`\bfunction\*?\s+([A-Za-z_$][\w$]*)`),
		lazyre.New(`\bclass\s+([A-Za-z_$][\w$]*)`),
		// obj.name = function / arrow / value; exports.name = ...
		lazyre.New(`(?m)^\s*(?:[A-Za-z_$][\w$]*\.)+([A-Za-z_$][\w$]*)\s*=[^=]`),
		// name: function, name(args) { (object and class methods), get name() {
		lazyre.New(`(?m)^\s*(?:static\s+|async\s+|get\s+|set\s+)*([A-Za-z_$][\w$]*)\s*(?::\s*(?:async\s+)?function\b|\([^)\n]*\)\s*\{)`),
		// top-level bindings only: an indented one is a local variable
		lazyre.New(`(?m)^(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=\n]+)?=`),
		// TypeScript's types: interface, type alias, enum, namespace
		lazyre.New(`(?m)^(?:export\s+)?(?:declare\s+)?(?:const\s+)?(?:interface|type|enum|namespace)\s+([A-Za-z_$][\w$]*)`),
		// Object.defineProperty(obj, 'name', ...) and defineGetter(req, 'name', ...)
		lazyre.New(`define\w*\(\s*[\w.$]+\s*,\s*['"]([\w$]+)['"]`),
	}
)

// Definitions returns the lower-cased names a source file defines, keyed
// also without underscores so make_response and makeResponse meet. Files
// in a language it does not know give nil.
func Definitions(p string, content []byte) map[string]bool {
	pats := defsByExt[strings.ToLower(path.Ext(p))]
	if pats == nil {
		return nil
	}
	out := map[string]bool{}
	for _, re := range pats {
		for _, m := range re.FindAllSubmatch(content, -1) {
			name := strings.ToLower(string(m[len(m)-1]))
			if notNames.has(name) || len(m) > 2 && notNames.has(strings.ToLower(string(m[1]))) {
				continue
			}
			out[name] = true
			if strings.Contains(name, "_") {
				out[strings.ReplaceAll(strings.Trim(name, "_"), "_", "")] = true
			}
		}
	}
	return out
}

// DefinesTerm reports whether defs (from Definitions) hold a keyword: the
// keyword itself, or the last part of a qualified one (app.set: set).
func DefinesTerm(defs map[string]bool, term string) bool {
	t := strings.ToLower(term)
	if i := strings.LastIndexByte(t, '.'); i >= 0 && !isFileName(t) {
		t = t[i+1:]
	}
	t = strings.Trim(t, "_()")
	return t != "" && (defs[t] || defs[strings.ReplaceAll(t, "_", "")])
}

// isFileName reports whether a dotted term names a file (api.py) rather
// than a qualified identifier.
func isFileName(t string) bool {
	switch path.Ext(t) {
	case ".go", ".py", ".js", ".ts", ".mjs", ".cjs", ".jsx", ".tsx", ".rb", ".java", ".rs", ".c", ".h",
		".kt", ".cs", ".php", ".swift", ".scala", ".cc", ".cpp", ".hpp",
		".json", ".yaml", ".yml", ".toml", ".md", ".rst", ".txt", ".html", ".css", ".sh":
		return true
	}
	return false
}
