package quickscan

import (
	"fmt"
	"path"
	"sort"
	"strings"
)

// A change edits code, and often the files that go with it: the
// changelog entry that announces it, the page of the manual that
// describes the name it changes, the manifest and CI matrix a new
// platform requirement edits. Those files rank low among the hits, as
// they should (the change is not about them), so the scan names them in
// a short list of their own instead of in place of code.

// maxCompanions is how many companions a scan lists.
const maxCompanions = 5

// maxPlatformFiles is how many manifests and CI files a platform change
// lists, so that documents still find room.
const maxPlatformFiles = 3

// Co-change: a file that changed with a top source file in at least
// coChangeMin of its recent changes, and in at least coChangeShare of
// them, goes with a change to it. Calibrated on the train split of the
// corpus (docs/performance.md).
const (
	coChangeMin   = 2
	coChangeShare = 0.3
	coChangeTops  = 2 // how many of the standing-out source files are asked
)

// Companion is a changelog, document, configuration file or example
// likely to change with the code.
type Companion struct {
	Path string `json:"path"`
	Kind string `json:"kind"`
	Why  string `json:"why"`
}

// companionsOf picks the companions of ranked files, in this order, each
// file once, at most maxCompanions:
//
//  1. changelogs that mention an identifier of the top source files (a
//     change usually adds an entry);
//  2. when the title announces a release of version (release.go), the
//     files the history shows holding the version;
//  3. when the keywords name a platform with a requirement word ("Require
//     Node.js 14", "drop Python 3.8"), the manifests and CI files that
//     name it, at most maxPlatformFiles;
//  4. files that changed with the top source files in their recent
//     changes (the history says they go together);
//  5. documents that mention an identifier of the top source files.
//
// The identifiers are the keywords the top three source files define or,
// when they define none, those the top one matches.
func companionsOf(keywords []string, ranked []File, h History, version string) []Companion {
	ids := identifiers(ranked)
	var out []Companion
	seen := map[string]bool{}
	add := func(c Companion) {
		if !seen[c.Path] && len(out) < maxCompanions {
			seen[c.Path] = true
			out = append(out, c)
		}
	}
	var docs []Companion
	for _, f := range ranked {
		if f.Kind != KindChangelog && f.Kind != KindDoc {
			continue
		}
		var named []string
		for _, m := range f.Matched {
			if ids[m] {
				named = append(named, m)
			}
		}
		if len(named) == 0 {
			continue
		}
		if f.Kind == KindChangelog {
			add(Companion{Path: f.Path, Kind: f.Kind, Why: fmt.Sprintf("the changelog; it mentions %s", strings.Join(named, ", "))})
		} else {
			docs = append(docs, Companion{Path: f.Path, Kind: f.Kind, Why: fmt.Sprintf("documentation that mentions %s", strings.Join(named, ", "))})
		}
	}
	for _, c := range releaseCompanions(version, h) {
		add(c)
	}
	for _, c := range platformFiles(keywords, ranked) {
		add(c)
	}
	for _, c := range changedWith(ranked, h) {
		add(c)
	}
	for _, c := range docs {
		add(c)
	}
	return out
}

// identifiers are the keywords the code a change lands in is about: those
// the top three source files define, else those the top one matches.
func identifiers(ranked []File) map[string]bool {
	ids := map[string]bool{}
	var top []File
	for _, f := range ranked {
		if f.Kind == KindSource {
			top = append(top, f)
			if len(top) == 3 {
				break
			}
		}
	}
	for _, f := range top {
		for _, d := range f.Defines {
			for _, k := range strings.Split(d, "+") {
				ids[k] = true
			}
		}
	}
	if len(ids) == 0 && len(top) > 0 {
		for _, m := range top[0].Matched {
			ids[m] = true
		}
	}
	return ids
}

// platforms are the languages and runtimes a project requires a version
// of; requirementWords say a change is about that version.
var (
	platforms = set(`python node node.js nodejs ruby golang java jdk jvm android rust rustc msrv php deno kotlin
swift dotnet perl elixir erlang scala lua`)
	requirementWords = set("require required requires requirement drop minimum support supported version upgrade bump")
)

// platformManifests are the files, by base name, where a project states
// the platform versions it runs on and tests against; CI workflows under
// .github/workflows and .circleci count too.
var platformManifests = set(`package.json tsconfig.json pyproject.toml setup.cfg tox.ini noxfile.py cargo.toml
rust-toolchain rust-toolchain.toml go.mod gemfile .rubocop.yml pom.xml build.gradle build.gradle.kts composer.json
package.swift .travis.yml .travis.yaml appveyor.yml .appveyor.yml .gitlab-ci.yml azure-pipelines.yml mix.exs`)

// platformFiles are the manifests and CI files that name the platform the
// keywords name, when a requirement word is among them too: a change that
// requires a newer runtime or drops an old one edits where the project
// declares and tests it.
func platformFiles(keywords []string, ranked []File) []Companion {
	named, required := map[string]bool{}, false
	for _, k := range keywords {
		lk := strings.ToLower(k)
		named[lk] = named[lk] || platforms.has(lk)
		required = required || requirementWords.has(lk)
	}
	if !required {
		return nil
	}
	var out []Companion
	for _, f := range ranked {
		if f.Kind != KindConfig || !isPlatformManifest(f.Path) {
			continue
		}
		for _, m := range f.Matched {
			if named[strings.ToLower(m)] {
				out = append(out, Companion{Path: f.Path, Kind: f.Kind,
					Why: fmt.Sprintf("names %s, the platform the change requires", m)})
				break
			}
		}
		if len(out) == maxPlatformFiles {
			break
		}
	}
	return out
}

func isPlatformManifest(p string) bool {
	lower := strings.ToLower(p)
	base := path.Base(lower)
	return platformManifests.has(base) || path.Ext(base) == ".gemspec" ||
		strings.HasPrefix(lower, ".github/workflows/") || strings.HasPrefix(lower, ".circleci/")
}

// changedWith are the files that changed with the top source files in
// their recent changes (History.changedWith), most often first.
func changedWith(ranked []File, h History) []Companion {
	type pick struct {
		c     Companion
		share float64
	}
	var picks []pick
	seen := map[string]bool{}
	tops := 0
	for _, f := range ranked {
		if f.Kind != KindSource {
			continue
		}
		if tops++; tops > coChangeTops {
			break
		}
		with, changes := h.changedWith(f.Path)
		for p, n := range with {
			share := float64(n) / float64(changes)
			if n < coChangeMin || share < coChangeShare || seen[p] {
				continue
			}
			seen[p] = true
			picks = append(picks, pick{Companion{Path: p, Kind: Kind(p, false),
				Why: fmt.Sprintf("changed with %s in %d of its last %d changes", f.Path, n, changes)}, share})
		}
	}
	sort.SliceStable(picks, func(i, j int) bool {
		if picks[i].share != picks[j].share {
			return picks[i].share > picks[j].share
		}
		return picks[i].c.Path < picks[j].c.Path
	})
	out := make([]Companion, len(picks))
	for i, p := range picks {
		out[i] = p.c
	}
	return out
}
