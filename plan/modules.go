package plan

import (
	"path"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/model"
)

var (
	// A definition in a module's code: class, def, func, type, struct,
	// interface, enum, trait or fn followed by the name it defines.
	definesRe = lazyre.New(`\b(class|def|func|type|struct|interface|enum|trait|fn)\s+(?:\([^)]*\)\s*)?([A-Za-z_][A-Za-z0-9_]*)`)
	labelRe   = lazyre.New(`^\*\*[^*]+:\*\*\s*`)
)

// modulesOf is what the plan needs of the design's modules: the text a
// requirement or an operation can name them in, and the types and
// functions their code defines.
func modulesOf(mods []model.Module) []*module {
	var out []*module
	for _, m := range mods {
		var b strings.Builder
		for _, sec := range model.ModuleSections {
			for _, l := range m.Sections[sec] {
				b.WriteString(l + "\n")
			}
		}
		mod := &module{name: m.Name, text: m.Name + "\n" + b.String(), sections: m.Sections}
		for _, l := range m.Sections["Interfaces and Data Structures"] {
			for _, def := range definesRe.FindAllStringSubmatch(l, -1) {
				if strings.HasPrefix(def[2], "_") || len(def[2]) <= 2 {
					continue
				}
				switch def[1] {
				case "def", "func", "fn":
					mod.funcs = append(mod.funcs, def[2])
				default:
					mod.types = append(mod.types, def[2])
				}
			}
		}
		mod.types, mod.funcs = dedupe(mod.types), dedupe(mod.funcs)
		out = append(out, mod)
	}
	return out
}

// responsibility is the first clause of what the module is responsible
// for, or of the first thing said about it.
func (m *module) responsibility() string {
	for _, l := range m.sections["Responsibilities"] {
		if l = strings.TrimSpace(labelRe.ReplaceAllString(strings.TrimSpace(l), "")); l != "" {
			return firstClause(l)
		}
	}
	return ""
}

// modulePath is the path a module's name stands for: invoices.export and
// invoices::export are invoices/export.
func modulePath(name string) string {
	r := strings.NewReplacer("::", "/", ".", "/", "\\", "/")
	return strings.ToLower(strings.Trim(r.Replace(name), "/"))
}

// moduleFiles are the affected files that are the module (its path with
// any extension), inside it (a package directory), or named in its design.
func (d *deriver) moduleFiles(m *module) []string {
	mp := modulePath(m.name)
	var out []string
	for _, f := range d.src.Affected {
		lf := strings.ToLower(f)
		stem := strings.TrimSuffix(lf, path.Ext(lf))
		// A test or a document is a task of its own kind, unless the
		// design names it as part of the module.
		if (isTestFile(f) || isDocFile(f) || d.owner[f]) && !strings.Contains(m.text, f) {
			continue
		}
		if stem == mp || path.Dir(lf) == mp || strings.HasSuffix(stem, "/"+mp) || strings.Contains(m.text, f) {
			out = append(out, f)
		}
	}
	return out
}

// placeModules gives the modules that no file is yet the one source file
// of the change that no module is: where the files answer names one file
// to change and the design names its parts, the parts are in that file.
func (d *deriver) placeModules() {
	var unplaced []*module
	claimed := map[string]bool{}
	for _, m := range d.mods {
		if len(m.files) == 0 {
			unplaced = append(unplaced, m)
		}
		for _, f := range m.files {
			claimed[f] = true
		}
	}
	var free []string
	for _, f := range d.src.Affected {
		if !isTestFile(f) && !isDocFile(f) && !IsChangelog(f) && !claimed[f] {
			free = append(free, f)
		}
	}
	if len(unplaced) == 0 || len(free) != 1 {
		return
	}
	for _, m := range unplaced {
		if m.kind() == KindCode {
			m.files = []string{free[0]}
		}
	}
}

// kind is the kind of work the module's task is: a module whose files are
// all tests ("tests: tests/test_arguments.py gains …") is test work, one
// whose files are all documentation is docs work.
func (m *module) kind() string {
	if len(m.files) == 0 {
		if n := strings.ToLower(m.name); n == "tests" || n == "test" {
			return KindTest
		} else if n == "docs" || n == "documentation" {
			return KindDocs
		}
		return KindCode
	}
	tests, docs := 0, 0
	for _, f := range m.files {
		switch {
		case isTestFile(f):
			tests++
		case isDocFile(f) || IsChangelog(f):
			docs++
		}
	}
	switch len(m.files) {
	case tests:
		return KindTest
	case docs:
		return KindDocs
	}
	return KindCode
}

// moduleOf is the module an operation belongs to: the one whose name is
// the longest prefix of the operation's module or handler.
func (d *deriver) moduleOf(op model.Operation) *module {
	var best *module
	for _, m := range d.mods {
		if op.Module == m.name || strings.HasPrefix(op.Module, m.name+".") || strings.HasPrefix(op.Module, m.name+"::") {
			if best == nil || len(m.name) > len(best.name) {
				best = m
			}
		}
	}
	return best
}

// mentions reports whether text names name as a whole word.
func mentions(text, name string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		if (j == 0 || !wordByte(text[j-1])) && (end == len(text) || !wordByte(text[end])) {
			return true
		}
		i = j + 1
	}
}

func wordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

var sentenceEnd = lazyre.New(`[.!?]\s+|\n\s*\n|\n\s*(?:[-*+]|\d+[.)])\s+`)

// splitSentences splits an answer into its sentences and list items,
// each trimmed, without a list marker or a final full stop.
func splitSentences(text string) []string {
	var out []string
	for _, s := range sentenceEnd.Split(strings.TrimSpace(text), -1) {
		s = strings.TrimSpace(listPrefix.ReplaceAllString(strings.TrimSpace(s), ""))
		s = strings.Join(strings.Fields(strings.TrimSuffix(s, ".")), " ")
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

var listPrefix = lazyre.New(`^(?:[-*+]|\d+[.)])\s+`)

func firstSentence(text string) string {
	if s := sentences(text); len(s) > 0 {
		return s[0]
	}
	return ""
}

// firstClause is the first sentence, cut before a " -- " aside or a ";".
func firstClause(text string) string {
	s := firstSentence(text)
	for _, sep := range []string{" -- ", " — ", "; "} {
		if i := strings.Index(s, sep); i > 0 {
			s = s[:i]
		}
	}
	return strings.TrimSpace(s)
}
