package model

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The boundary of the model: no package outside it reads an answer's text
// for structure. The check below scans every non-test Go file of the
// module outside model/ and testdata/ and reports two things:
//
//   - a call of one of this package's readers (a function whose name
//     starts with Parse, and AffectedFiles(In), Mentions and
//     ExtractYAML): a consumer reads the Analysis Build returns instead,
//     or, while a step completes, the Reading of ReadTransform and the
//     rows of ReadAffected;
//   - a regular expression, compiled from a literal, that matches an
//     analysis's ids (FR-, NFR-, US-, AC-, CON-), Given/When/Then
//     keywords, a user story's "As a …, I want …" or a decision line:
//     the parsing helpers of answer text, written again elsewhere.
//
// The readers of artifacts_read.go (ImpactFiles, ImpactTable,
// SpecHeadings, …) are not on that list: they read the documents rtgit
// renders (the impact table a person may edit and build tools read, the
// spec's headings, a decision record's front matter), not answers, and
// staleness, footprints, verify and the build plan must read those
// documents as build tools do. None of them may be a reader of answers
// (TestRenderedReadersReadNoAnswers).
//
// It does not see parsing written without a regular expression, nor a
// reader called through a variable; review does. The readings that stay
// outside the model for now are listed in allowed, each with the reason;
// a new one fails the test, and one that goes away must leave the list.
var allowed = map[string]string{
	// The fidelity benchmark checks rtgit's rendered documents against the
	// corpus's answers and diffs: it measures the reading, from outside.
	"bench/fidelity_measure.go: regexp": "measures the rendered documents",
}

// readers are this package's functions that read answer text.
func isReader(name string) bool {
	switch name {
	case "AffectedFiles", "AffectedFilesIn", "Mentions", "ExtractYAML":
		return true
	}
	return strings.HasPrefix(name, "Parse")
}

// answerRe matches the pattern of a regular expression that reads an
// analysis's answers: its ids, its criteria's keywords, its stories and
// its decision lines.
var answerRe = regexp.MustCompile(`(?:FR|US|AC|CON)[-|)]|(?i:given\|when|as an\?|decision:)`)

// renderedReaders are the functions artifacts_read.go declares: the
// readers of rtgit's rendered documents.
func renderedReaders(t *testing.T) map[string]bool {
	f, err := parser.ParseFile(token.NewFileSet(), "artifacts_read.go", nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil {
			out[fn.Name.Name] = true
		}
	}
	return out
}

// A reader of answers moved into artifacts_read.go would escape the
// check: the file holds readers of rendered documents only.
func TestRenderedReadersReadNoAnswers(t *testing.T) {
	for name := range renderedReaders(t) {
		if isReader(name) {
			t.Errorf("artifacts_read.go declares %s, a reader of answers: it belongs with the other readers", name)
		}
	}
}

func TestNoAnswerParsingOutsideTheModel(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "model" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && rel != "." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		for _, k := range violations(t, p, rel) {
			found[k] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var extra, gone []string
	for k := range found {
		if _, ok := allowed[k]; !ok {
			extra = append(extra, k)
		}
	}
	for k := range allowed {
		if !found[k] {
			gone = append(gone, k)
		}
	}
	sort.Strings(extra)
	sort.Strings(gone)
	for _, k := range extra {
		t.Errorf("%s: parses answer text outside the model; read the model.Analysis Build returns instead (or add the reading to package model)", k)
	}
	for _, k := range gone {
		t.Errorf("%s no longer parses answer text: take it off the allowed list", k)
	}
}

// violations lists file's readings of answer text, as "rel: Name" for a
// call of one of the model's readers, and "rel: regexp" for a regular
// expression that reads answers.
func violations(t *testing.T, path, rel string) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	modelName := ""
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "github.com/rtgit/rtgit/model" {
			modelName = "model"
			if imp.Name != nil {
				modelName = imp.Name.Name
			}
		}
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		x, ok := sel.X.(*ast.Ident)
		if !ok {
			return true
		}
		switch {
		case modelName != "" && x.Name == modelName && isReader(sel.Sel.Name):
			out = append(out, rel+": "+sel.Sel.Name)
		case x.Name == "regexp" && strings.HasPrefix(sel.Sel.Name, "MustCompile") || x.Name == "regexp" && sel.Sel.Name == "Compile" ||
			x.Name == "lazyre" && sel.Sel.Name == "New":
			if len(call.Args) == 1 {
				if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if s, err := strconv.Unquote(lit.Value); err == nil && answerRe.MatchString(s) {
						out = append(out, rel+": regexp")
					}
				}
			}
		}
		return true
	})
	return out
}
