package quickscan

import (
	"reflect"
	"testing"
)

// A title announces a release when it names a version beside a word that
// releases it; a version mentioned for another reason (a platform a
// change requires, a dependency bumped) announces none.
func TestRelease(t *testing.T) {
	for title, want := range map[string]string{
		"4.1.1 release": "4.1.1",
		"Jekyll v4.0 release\n\nMerge pull request 7782": "v4.0",
		"Release 2.3.0":                         "2.3.0",
		"chore(release): 1.2.3":                 "1.2.3",
		"Bump version to 2.0.0-rc1":             "2.0.0-rc1",
		"v2.3.0":                                "v2.3.0",
		"Prepare the 3.0 release.":              "3.0",
		"Drop Python 3.8":                       "",
		"Require Node.js 14":                    "",
		"Bump lodash from 4.17.20 to 4.17.21":   "",
		"Release the lock before writing":       "",
		"Fix the 1.2 regression\n\nrelease 1.2": "",
	} {
		if got := Release(title); got != want {
			t.Errorf("Release(%q) = %q, want %q", title, got, want)
		}
	}
}

func TestVersionFile(t *testing.T) {
	for p, want := range map[string]bool{
		"VERSION":                      true,
		"lib/sinatra/version.rb":       true,
		"httpx/__version__.py":         true,
		"src/pkg/_version.py":          true,
		"docs/latest_version.txt":      true,
		"internal/version/version.go":  true,
		"lib/versioning.rb":            false,
		"gradle/libs.versions.toml":    false,
		"lib/conversion.rb":            false,
		"test/version_test.go":         false,
		"spec/sinatra/version_spec.rb": false,
	} {
		if got := versionFile(p); got != want {
			t.Errorf("versionFile(%q) = %v, want %v", p, got, want)
		}
	}
}

// The history remembers the files holding the version that any recent
// commit changed, newest first, even commits that changed no source file
// (a release of a project whose version is all it edits), and the
// changelogs; a title that announces a release lists them after the
// changelog the search found, each file once, and any other title does
// not.
func TestReleaseCompanions(t *testing.T) {
	h := HistoryOf([][]string{
		{"lib/tool/cli.rb", "test/version_test.rb"},
		{"VERSION", "CHANGELOG.md"},
		{"lib/tool/version.rb", "VERSION", "CHANGELOG.md", "docs/CHANGES.md"},
	})
	if want := []string{"VERSION", "CHANGELOG.md", "lib/tool/version.rb", "docs/CHANGES.md"}; !reflect.DeepEqual(h.released, want) {
		t.Fatalf("released = %q, want %q", h.released, want)
	}
	ranked := []File{
		{Path: "lib/tool/cli.rb", Kind: KindSource, Matched: []string{"tool"}, Defines: []string{"tool"}},
		{Path: "CHANGELOG.md", Kind: KindChangelog, Matched: []string{"tool"}},
	}
	r := Result{Keywords: []string{"tool"}, Files: ranked}.WithHistory(h)
	if len(r.Companions) != 1 {
		t.Fatalf("without a release: companions = %+v, want the changelog alone", r.Companions)
	}
	why := "the title announces release 1.1.0, and this file holds the version"
	want := []Companion{
		{Path: "CHANGELOG.md", Kind: KindChangelog, Why: "the changelog; it mentions tool"},
		{Path: "VERSION", Kind: KindDoc, Why: why},
		{Path: "lib/tool/version.rb", Kind: KindSource, Why: why},
		{Path: "docs/CHANGES.md", Kind: KindChangelog, Why: "the title announces release 1.1.0, and this is the changelog"},
	}
	// Releasing and WithHistory may come in either order.
	for _, r := range []Result{
		r.Releasing(Release("1.1.0 release")),
		Result{Keywords: []string{"tool"}, Files: ranked}.Releasing("1.1.0").WithHistory(h),
	} {
		if !reflect.DeepEqual(r.Companions, want) {
			t.Errorf("companions = %+v\nwant %+v", r.Companions, want)
		}
	}
}
