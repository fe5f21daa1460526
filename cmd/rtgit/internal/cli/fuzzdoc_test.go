package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// docs/reliability.md lists the fuzz targets CI runs and says how many
// there are; .ci/run is what CI runs, and every fuzz target in the tree
// belongs in its loop. The three lists must agree.
func TestReliabilityDocListsEveryFuzzTarget(t *testing.T) {
	root := filepath.Join("..", "..", "..", "..")
	read := func(rel string) string {
		data, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}

	// .ci/run: lines such as  "./steps/answers FuzzParse 100000x" \
	var ci []string
	for _, m := range regexp.MustCompile(`(?m)^\s*"\./(\S*) (Fuzz\w+) \d+x"`).FindAllStringSubmatch(read(".ci/run"), -1) {
		ci = append(ci, m[1]+" "+m[2])
	}
	// The doc's table: | … | `steps/answers` `FuzzParse` | …
	doc := read("docs/reliability.md")
	var listed []string
	for _, m := range regexp.MustCompile("(?m)^\\|[^|\\n]*\\| `([\\w/]+)` `(Fuzz\\w+)` \\|").FindAllStringSubmatch(doc, -1) {
		listed = append(listed, m[1]+" "+m[2])
	}
	// The tree: func FuzzX(f *testing.F) in any package's tests.
	var tree []string
	fuzzFunc := regexp.MustCompile(`(?m)^func (Fuzz\w+)\(\w+ \*testing\.F\)`)
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != root || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		for _, m := range fuzzFunc.FindAllStringSubmatch(string(data), -1) {
			tree = append(tree, filepath.ToSlash(rel)+" "+m[1])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(ci)
	slices.Sort(listed)
	slices.Sort(tree)
	if len(tree) == 0 {
		t.Fatal("found no fuzz targets in the tree")
	}
	if !slices.Equal(ci, tree) {
		t.Errorf(".ci/run's fuzz loop runs %q;\nthe tree has %q", ci, tree)
	}
	if !slices.Equal(listed, tree) {
		t.Errorf("docs/reliability.md's table lists %q;\nthe tree has %q", listed, tree)
	}
	numbers := []string{"No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven", "Twelve",
		"Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen", "Twenty"}
	if n := len(tree); n < len(numbers) && !strings.Contains(doc, "\n"+numbers[n]+" fuzz targets") {
		t.Errorf("docs/reliability.md should say %q: the tree has %d fuzz targets", numbers[n]+" fuzz targets", n)
	}
}
