package quickscan

import (
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
	if got := companionsOf(ranked); !reflect.DeepEqual(got, want) {
		t.Errorf("companionsOf = %+v\nwant %+v", got, want)
	}
	// Without a definition, the top source file's matched keywords stand
	// for what the change is about.
	ranked[0].Defines = nil
	if got := companionsOf(ranked); len(got) != 3 || got[2].Path != "docs/routing.md" {
		t.Errorf("no definitions: companions %+v; want the changelog and both documents", got)
	}
	var many []File
	many = append(many, ranked[0])
	for range 8 {
		many = append(many, File{Path: "docs/x.md", Kind: KindDoc, Matched: []string{"stack"}})
	}
	if got := companionsOf(many); len(got) != maxCompanions {
		t.Errorf("%d companions; want at most %d", len(got), maxCompanions)
	}
}
