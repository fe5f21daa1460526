package quickscan

import (
	"fmt"
	"path"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// A release edits few files, and rarely the ones its title's words are
// found in: it writes the new version where the project states it (a
// VERSION file, lib/x/version.rb, __version__.py) and closes the
// changelog. Those files hold the old version, not the new one, so the
// search cannot find them; the repository's history can, because every
// earlier release changed them too. When the title announces a release,
// the scan lists them, and the changelogs the history shows, among the
// companions, after any changelog the search found.

// releaseWords say that a title's version number is being released
// rather than mentioned ("Require Node.js 14", "drop support for 3.8");
// bumpWords do when the title also says "version" ("Bump version to
// 2.3.0"), since alone they mostly bump a dependency ("Bump lodash from
// 4.17.20 to 4.17.21").
var (
	releaseWords = set("release released releasing")
	bumpWords    = set("bump bumped bumps")
)

// versionNumber is a version as titles write it: 4.1.1, v4.0, 2.0.0-rc1.
var versionNumber = lazyre.New(`(?i)^v?\d+\.\d+(?:\.\d+)*(?:[-+][0-9a-z.]+)?$`)

// Release returns the version text's first line announces a release of
// ("4.1.1 release", "Jekyll v4.0 release", "Bump version to 2.3.0"), or
// "" when it announces none. A title that is only a version number
// ("v2.3.0") announces one too.
func Release(text string) string {
	title, _, _ := strings.Cut(text, "\n")
	words := strings.FieldsFunc(strings.ToLower(title), func(r rune) bool {
		return r == ' ' || r == '\t' || r == ':' || r == '(' || r == ')' || r == '[' || r == ']' || r == ',' || r == '"' || r == '\''
	})
	version, releasing, bump, named := "", false, false, false
	for _, w := range words {
		w = strings.TrimRight(w, ".!")
		switch {
		case releaseWords.has(w):
			releasing = true
		case bumpWords.has(w):
			bump = true
		case w == "version":
			named = true
		case version == "" && versionNumber.MatchString(w):
			version = w
		}
	}
	if version != "" && (releasing || bump && named || len(words) == 1) {
		return version
	}
	return ""
}

// versionFile reports whether a path's base name says it holds a version:
// VERSION, version.rb, __version__.py, _version.py, version.go,
// latest_version.txt. Tests are left out.
func versionFile(p string) bool {
	base := strings.ToLower(path.Base(p))
	stem := strings.TrimSuffix(base, path.Ext(base))
	if stem == "" {
		stem = base
	}
	for _, w := range strings.FieldsFunc(stem, func(r rune) bool { return r == '_' || r == '-' || r == '.' }) {
		if w == "version" {
			return Kind(p, false) != KindTest
		}
	}
	return false
}

// releaseCompanions are, for a title that announces version, the files
// the history shows holding the version, then its changelogs, each
// newest change first.
func releaseCompanions(version string, h History) []Companion {
	if version == "" {
		return nil
	}
	var out, notes []Companion
	for _, p := range h.released {
		if versionFile(p) {
			out = append(out, Companion{Path: p, Kind: Kind(p, false),
				Why: fmt.Sprintf("the title announces release %s, and this file holds the version", version)})
		} else {
			notes = append(notes, Companion{Path: p, Kind: KindChangelog,
				Why: fmt.Sprintf("the title announces release %s, and this is the changelog", version)})
		}
	}
	return append(out, notes...)
}

// Releasing lists the companions again knowing the version the title
// announces a release of (Release), "" for none. It, WithHistory and
// Sweeping may come in any order.
func (r Result) Releasing(version string) Result {
	r.release = version
	r.Companions = companionsOf(r.Keywords, r.Files, r.hist, r.release)
	return r
}

// Titled sizes the change and lists its companions again knowing what its
// title (text's first line) says: the words that say it sweeps across the
// code (Sweeps) and the release it announces (Release).
func (r Result) Titled(text string) Result {
	return r.Sweeping(Sweeps(text)).Releasing(Release(text))
}
