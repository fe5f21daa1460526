package cli

import (
	goast "go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// docs/architecture.md has one section per package of the module, headed
// "### `<path>`": the page and the module name the same packages. A
// package is a directory, outside testdata and hidden directories, with a
// non-test .go file (what `go list ./...` lists).
func TestArchitectureNamesEveryPackage(t *testing.T) {
	root := filepath.Join("..", "..", "..", "..")
	data, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	var named []string
	for _, m := range regexp.MustCompile("(?m)^### `([^`]+)`\\s*$").FindAllStringSubmatch(string(data), -1) {
		named = append(named, m[1])
	}
	pkgs := modulePackages(t, root)
	for _, p := range pkgs {
		if !slices.Contains(named, p) {
			t.Errorf("docs/architecture.md has no section for package %s", p)
		}
	}
	for _, n := range named {
		if !slices.Contains(pkgs, n) {
			t.Errorf("docs/architecture.md names %s, which is not a package of the module", n)
		}
	}
}

// The page's rule: the domain (steps/...), the model and the build plan
// import no adapter (git, GitHub, a language model).
func TestDomainImportsNoAdapter(t *testing.T) {
	root := filepath.Join("..", "..", "..", "..")
	adapters := []string{"gitops", "review", "ai", "publish", "cmd"}
	for _, p := range modulePackages(t, root) {
		if p != "model" && p != "plan" && p != "steps" && !strings.HasPrefix(p, "steps/") {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(root, filepath.FromSlash(p), "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			ast, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range ast.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				rel, ok := strings.CutPrefix(path, "github.com/rtgit/rtgit/")
				if !ok {
					continue
				}
				for _, a := range adapters {
					if rel == a || strings.HasPrefix(rel, a+"/") {
						t.Errorf("%s imports %s: the domain reaches the adapters through interfaces (docs/architecture.md)", filepath.ToSlash(f), path)
					}
				}
			}
		}
	}
}

// modulePackages lists the module's packages, as paths from its root.
func modulePackages(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(root, filepath.Dir(p))
		if err != nil {
			return err
		}
		if rel = filepath.ToSlash(rel); !slices.Contains(out, rel) {
			out = append(out, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// The page's rule: a package-level regular expression is compiled on first
// use (internal/lazyre), never when the binary starts. The benchmarks
// (bench/) are their own binary and keep regexp.MustCompile.
func TestNoRegexpCompiledAtStart(t *testing.T) {
	root := filepath.Join("..", "..", "..", "..")
	for _, p := range modulePackages(t, root) {
		if p == "bench" || strings.HasPrefix(p, "bench/") || p == "internal/lazyre" {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(root, filepath.FromSlash(p), "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			fset := token.NewFileSet()
			file, err := parser.ParseFile(fset, f, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range file.Decls {
				g, ok := d.(*goast.GenDecl)
				if !ok || g.Tok != token.VAR {
					continue
				}
				goast.Inspect(g, func(n goast.Node) bool {
					if _, ok := n.(*goast.FuncLit); ok {
						return false
					}
					call, ok := n.(*goast.CallExpr)
					if !ok {
						return true
					}
					if sel, ok := call.Fun.(*goast.SelectorExpr); ok {
						if x, ok := sel.X.(*goast.Ident); ok && x.Name == "regexp" && (sel.Sel.Name == "MustCompile" || sel.Sel.Name == "MustCompilePOSIX") {
							t.Errorf("%s: a package-level regexp.%s runs when any command starts; declare it with lazyre.New (docs/architecture.md)", fset.Position(call.Pos()), sel.Sel.Name)
						}
					}
					return true
				})
			}
		}
	}
}
