package quickscan

import (
	"fmt"
	"reflect"
	"testing"
)

// The changelog and the manual page that mention what the top code file
// defines are listed as companions, the changelog first; a document
// mentioning only other words, and code, are not.
func TestCompanions(t *testing.T) {
	ranked := []File{
		{Path: "middleware/panics.go", Kind: KindSource, Matched: []string{"Recoverer", "stack"}, Defines: []string{"Recoverer"}},
		{Path: "mux.go", Kind: KindSource, Matched: []string{"stack"}},
		{Path: "middleware/panics_test.go", Kind: KindTest, Matched: []string{"Recoverer"}},
		{Path: "docs/middleware.md", Kind: KindDoc, Matched: []string{"Recoverer", "stack"}},
		{Path: "docs/routing.md", Kind: KindDoc, Matched: []string{"stack"}},
		{Path: "CHANGELOG.md", Kind: KindChangelog, Matched: []string{"Recoverer"}},
	}
	want := []Companion{
		{Path: "CHANGELOG.md", Kind: KindChangelog, Why: "the changelog; it mentions Recoverer"},
		{Path: "docs/middleware.md", Kind: KindDoc, Why: "documentation that mentions Recoverer"},
	}
	if got := companionsOf(nil, ranked, History{}, ""); !reflect.DeepEqual(got, want) {
		t.Errorf("companionsOf = %+v\nwant %+v", got, want)
	}
	// Without a definition, the top source file's matched keywords stand
	// for what the change is about.
	ranked[0].Defines = nil
	if got := companionsOf(nil, ranked, History{}, ""); len(got) != 3 || got[2].Path != "docs/routing.md" {
		t.Errorf("no definitions: companions %+v; want the changelog and both documents", got)
	}
	var many []File
	many = append(many, ranked[0])
	for i := range 8 {
		many = append(many, File{Path: fmt.Sprintf("docs/x%d.md", i), Kind: KindDoc, Matched: []string{"stack"}})
	}
	if got := companionsOf(nil, many, History{}, ""); len(got) != maxCompanions {
		t.Errorf("%d companions; want at most %d", len(got), maxCompanions)
	}
}

// A change that requires a newer platform ("Require Node.js 14") edits
// the manifest and the CI files that name it: they are listed after the
// changelog, at most three, and only when a requirement word says the
// change is about the platform's version.
func TestCompanionsOfAPlatformChange(t *testing.T) {
	ranked := []File{
		{Path: "source/core.ts", Kind: KindSource, Matched: []string{"node"}},
		{Path: "package.json", Kind: KindConfig, Matched: []string{"Node.js", "node"}},
		{Path: ".github/ISSUE_TEMPLATE/bug.md", Kind: KindConfig, Matched: []string{"node"}},
		{Path: ".github/workflows/main.yml", Kind: KindConfig, Matched: []string{"node"}},
		{Path: ".gitignore", Kind: KindConfig, Matched: []string{"node"}},
		{Path: "tsconfig.json", Kind: KindConfig, Matched: []string{"node"}},
		{Path: "rack.gemspec", Kind: KindConfig, Matched: []string{"node"}},
		{Path: "readme.md", Kind: KindDoc, Matched: []string{"node"}},
	}
	got := companionsOf([]string{"Node.js", "require", "node"}, ranked, History{}, "")
	var paths []string
	for _, c := range got {
		paths = append(paths, c.Path)
	}
	want := []string{"package.json", ".github/workflows/main.yml", "tsconfig.json", "readme.md"}
	if !reflect.DeepEqual(paths, want) {
		t.Errorf("companions %q, want %q", paths, want)
	}
	if got[0].Why != "names Node.js, the platform the change requires" {
		t.Errorf("why = %q", got[0].Why)
	}
	// Naming the platform in passing lists no configuration.
	for _, c := range companionsOf([]string{"node", "stream", "timeout"}, ranked, History{}, "") {
		if c.Kind == KindConfig {
			t.Errorf("no requirement word, yet %s is listed", c.Path)
		}
	}
}

// A file that changed with a top source file in most of its recent
// changes goes with the next one: it is listed from the history even when
// it mentions none of the keywords, before the documents that do, with
// how often it went along; one that went along once is not.
func TestCompanionsFromTheHistory(t *testing.T) {
	var changes [][]string
	for i := range 30 {
		c := []string{fmt.Sprintf("other%d.go", i)}
		if i < 10 {
			c = []string{"lib/router.js", "docs/routing.md"}
			if i < 6 {
				c = append(c, "History.md")
			}
			if i == 0 {
				c = append(c, "examples/once.js")
			}
		}
		changes = append(changes, c)
	}
	h := HistoryOf(changes)
	ranked := []File{
		{Path: "lib/router.js", Kind: KindSource, Matched: []string{"route"}, Defines: []string{"route"}},
		{Path: "docs/api.md", Kind: KindDoc, Matched: []string{"route"}},
	}
	got := companionsOf([]string{"route"}, ranked, h, "")
	want := []Companion{
		{Path: "docs/routing.md", Kind: KindDoc, Why: "changed with lib/router.js in 10 of its last 10 changes"},
		{Path: "History.md", Kind: KindChangelog, Why: "changed with lib/router.js in 6 of its last 10 changes"},
		{Path: "docs/api.md", Kind: KindDoc, Why: "documentation that mentions route"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("companionsOf = %+v\nwant %+v", got, want)
	}
	// Result.WithHistory lists them too.
	r := Result{Keywords: []string{"route"}, Files: ranked}.WithHistory(h)
	if !reflect.DeepEqual(r.Companions, want) {
		t.Errorf("WithHistory companions = %+v\nwant %+v", r.Companions, want)
	}
}
