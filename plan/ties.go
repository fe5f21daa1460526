package plan

import (
	"path"
	"slices"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/model"
)

// What ties a requirement to the code and the test files that serve it.
// A requirement ties to a module when its text or its criteria name the
// module, one of its files, or one of its interfaces; to a test file when
// it names the file, when the file tests one of its module's files
// (flag_groups_test.go tests flag_groups.go), or when the files answer's
// item for the test file shares a word of the requirement's title.

// reqText is all a requirement says: title, statement and criteria.
func reqText(r model.Requirement) string {
	return r.Title + " " + r.Statement + " " + criteriaText(r)
}

// namesFile reports whether text names the file by its path, or by its
// base name where that is unambiguous among files.
func namesFile(text, f string, among []string) bool {
	if strings.Contains(text, f) {
		return true
	}
	base := path.Base(f)
	if base == f || !strings.Contains(text, base) {
		return false
	}
	n := 0
	for _, o := range among {
		if path.Base(o) == base {
			n++
		}
	}
	return n == 1 && mentions(text, strings.TrimSuffix(base, path.Ext(base)))
}

// interfaces are the names a module's design defines or quotes in code
// spans: what a requirement can name it by.
func (m *module) interfaces() []string {
	if m.ifaces != nil {
		return m.ifaces
	}
	out := slices.Concat(m.types, m.funcs, m.ops, m.routes, constRe.FindAllString(m.text, -1))
	for _, sec := range []string{"Responsibilities", "Interfaces and Data Structures"} {
		for _, l := range m.sections[sec] {
			for _, c := range codeSpan.FindAllStringSubmatch(l, -1) {
				if n := spanName(c[1]); len(n) > 3 {
					out = append(out, n)
				}
			}
		}
	}
	m.ifaces = append(dedupe(out), []string{}...)
	return m.ifaces
}

// spanName is the name a code span stands for: what a definition in it
// defines, or the identifier it is (the last part of c.MarkFlagRequired,
// without a call's brackets); "" for a file name or an expression.
func spanName(span string) string {
	if def := definesRe.FindStringSubmatch(span); def != nil {
		return def[2]
	}
	span = strings.TrimSuffix(span, "()")
	if !identRe.MatchString(span) || identRe.FindString(span) != span || extRe.MatchString(span) {
		return ""
	}
	if i := strings.LastIndex(span, "."); i >= 0 {
		span = span[i+1:]
	}
	return span
}

var (
	// extRe: a file name's extension, which a name of code does not end in.
	extRe    = lazyre.New(`\.(?:go|py|js|ts|rb|rs|java|md|rst|txt|json|ya?ml|toml|cfg|ini)$`)
	codeSpan = lazyre.New("`([^`\n]+)`")
	// constRe: an error code or constant the design defines (EXPORT_TOO_LARGE).
	constRe = lazyre.New(`\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b`)
	identRe = lazyre.New(`^[A-Za-z_][A-Za-z0-9_.]*`)
)

// tiesModule reports whether a requirement names a module.
func (d *deriver) tiesModule(r model.Requirement, m *module) bool {
	k := r.ID + "\x00" + m.name
	if v, ok := d.ties[k]; ok {
		return v
	}
	if d.ties == nil {
		d.ties = map[string]bool{}
	}
	v := d.readTie(r, m)
	d.ties[k] = v
	return v
}

func (d *deriver) readTie(r model.Requirement, m *module) bool {
	text := reqText(r)
	if mentions(text, moduleHead(m.name)) {
		return true
	}
	for _, f := range m.files {
		if namesFile(text, f, d.src.Affected) {
			return true
		}
	}
	return slices.ContainsFunc(m.interfaces(), func(n string) bool { return mentions(text, n) })
}

// moduleHead is a module's name without the aside in brackets:
// "one-required flag group (flag_groups.go)" is "one-required flag group".
func moduleHead(name string) string {
	if i := strings.Index(name, " ("); i > 0 {
		return strings.TrimSpace(name[:i])
	}
	return name
}

// testsFile reports whether a test file tests a source file: its name is
// the source's stem with a test prefix or suffix.
func testsFile(test, src string) bool {
	stem := strings.TrimSuffix(path.Base(src), path.Ext(src))
	tb := strings.TrimSuffix(path.Base(test), path.Ext(test))
	tb = strings.TrimSuffix(tb, path.Ext(tb)) // x.test.js
	for _, form := range []string{stem + "_test", "test_" + stem, stem + "_spec", stem + "test", stem} {
		if strings.EqualFold(tb, form) {
			return true
		}
	}
	return false
}

// fileItems maps each test file to what the files answer says of it: the
// list items (or sentences) that name it.
func (d *deriver) fileItems(testFiles []string) map[string]string {
	out := map[string]string{}
	items := model.ListItems(d.src.Files)
	if len(items) == 0 {
		items = sentences(d.src.Files)
	}
	for _, it := range items {
		for _, f := range testFiles {
			if namesFile(it, f, d.src.Affected) {
				out[f] += it + " "
			}
		}
	}
	return out
}

var wordRe = lazyre.New(`[A-Za-z][A-Za-z-]{4,}`)

// sharesTitleWord reports whether text has a word of title's (five
// letters or more, ignoring a plural s).
func sharesTitleWord(title, text string) bool {
	lower := strings.ToLower(text)
	for _, w := range wordRe.FindAllString(strings.ToLower(title), -1) {
		w = strings.TrimSuffix(w, "s")
		if len(w) >= 5 && strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// testFilesOf are the test files tied to a requirement.
func (d *deriver) testFilesOf(r model.Requirement, testFiles []string, items map[string]string) []string {
	text := reqText(r)
	var out []string
	for _, f := range testFiles {
		if namesFile(text, f, d.src.Affected) {
			out = append(out, f)
		}
	}
	if out != nil {
		return out
	}
	for _, m := range d.mods {
		if !d.tiesModule(r, m) {
			continue
		}
		for _, f := range testFiles {
			if slices.ContainsFunc(m.files, func(s string) bool { return testsFile(f, s) }) && !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
	}
	if out != nil {
		return out
	}
	title := firstNonEmpty(r.Title, firstClause(r.Statement))
	for _, f := range testFiles {
		if it, ok := items[f]; ok && sharesTitleWord(title, it) && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	if out != nil {
		return out
	}
	// Failing all else, the test files whose name shares a word of the
	// title: test_export.py for "Invoice CSV export".
	for _, f := range testFiles {
		if sharesTitleWord(title, strings.NewReplacer("_", " ", "-", " ", ".", " ").Replace(path.Base(f))) {
			out = append(out, f)
		}
	}
	return out
}

// requirementsOf are the requirements a module's task serves: those that
// name the module, its files or its interfaces, and are built.
func (d *deriver) requirementsOf(m *module) []string {
	reqs := d.requirements()
	var out []string
	for _, r := range reqs {
		if !wontHave(d.priority(r.ID)) && d.docFilesOf(r) == nil && d.tiesModule(r, m) {
			out = append(out, r.ID)
		}
	}
	if out != nil {
		return out
	}
	// Failing a name, a requirement whose title shares a word with the
	// module's name or, failing that, with what it is responsible for.
	for _, text := range []string{moduleHead(m.name), strings.Join(m.sections["Responsibilities"], " ")} {
		for _, r := range reqs {
			if r.Title != "" && !wontHave(d.priority(r.ID)) && d.docFilesOf(r) == nil && sharesTitleWord(r.Title, text) {
				out = append(out, r.ID)
			}
		}
		if out != nil {
			break
		}
	}
	return out
}

// docRequirement: a requirement whose title is about documentation, or
// whose statement asks for a section or text in a documentation file.
var (
	docTitle  = lazyre.New(`(?i)^(?:the )?(?:docs?|documentation|documented|document\b.*|readme\b.*|user guide\b.*|guide\b.*|changelog\b.*|release notes\b.*)$|\b(?:documentation|docs)$`)
	docAsk    = lazyre.New(`(?i)\b(?:section|document\w*|describe[sd]?|mention(?:s|ed)?|example|guide|readme|docstring)\b`)
	docPathRe = lazyre.New(`(?:^|[\s(` + "`" + `'"])((?:[\w.-]+/)*[\w.-]+\.(?:md|rst|adoc|txt))\b|\bdocs?/[\w./-]+`)
)

// docFilesOf returns, for a requirement about documentation, the
// documentation files it is written in: the affected ones it names, or
// all affected ones; nil for a requirement that is not about docs.
func (d *deriver) docFilesOf(r model.Requirement) []string {
	if v, ok := d.docsOf[r.ID]; ok {
		return v
	}
	v := d.readDocFiles(r)
	if d.docsOf == nil {
		d.docsOf = map[string][]string{}
	}
	d.docsOf[r.ID] = v
	return v
}

func (d *deriver) readDocFiles(r model.Requirement) []string {
	title := strings.TrimSpace(firstNonEmpty(r.Title, firstClause(r.Statement)))
	statement := r.Statement + " " + criteriaText(r)
	var docs, code []string
	for _, f := range d.src.Affected {
		if namesFile(reqText(r), f, d.src.Affected) {
			if isDocFile(f) {
				docs = append(docs, f)
			} else {
				code = append(code, f)
			}
		}
	}
	about := docTitle.MatchString(title) ||
		(docs != nil || docPathRe.MatchString(r.Statement)) && code == nil && docAsk.MatchString(statement)
	if !about {
		return nil
	}
	if docs == nil {
		for _, f := range d.src.Affected {
			if isDocFile(f) && !IsChangelog(f) {
				docs = append(docs, f)
			}
		}
	}
	if docs == nil {
		return []string{}
	}
	return docs
}

// requirementsNaming are the built requirements that name a file: by
// path, by base name, or by its stem as a word of their text
// (invoices/pdf.py for "equal the PDF").
func (d *deriver) requirementsNaming(f string) []string {
	stem := strings.ToLower(strings.TrimSuffix(path.Base(f), path.Ext(f)))
	var out []string
	for _, r := range d.requirements() {
		text := reqText(r)
		if wontHave(d.priority(r.ID)) {
			continue
		}
		if namesFile(text, f, d.src.Affected) || len(stem) >= 3 && mentions(strings.ToLower(text), stem) {
			out = append(out, r.ID)
		}
	}
	return out
}

// requirementsOfOperation are the requirements a contract operation
// serves: those whose text names it (by its whole name, or the last part
// of a dotted one: "open_resource" of "Flask.open_resource"), else those
// of the module that owns it.
func (d *deriver) requirementsOfOperation(op model.Operation, own *module) []string {
	short := op.Name
	if i := strings.LastIndexAny(short, ".:#"); i >= 0 && i+1 < len(short) {
		short = short[i+1:]
	}
	var out []string
	for _, r := range d.requirements() {
		if wontHave(d.priority(r.ID)) {
			continue
		}
		if t := reqText(r); mentions(t, op.Name) || len(short) >= 3 && mentions(t, short) {
			out = append(out, r.ID)
		}
	}
	if out == nil && own != nil {
		out = d.requirementsOf(own)
	}
	return out
}
