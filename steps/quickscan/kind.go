package quickscan

import (
	"path"
	"strings"
)

// File kinds. Only source is what a change is usually about; the others
// are searched but weighed down (kindWeight), and licences, CI and
// release configuration, vendored and generated code are never counted
// in the estimate.
const (
	KindSource    = "source"
	KindTest      = "test"
	KindExample   = "example"
	KindDoc       = "doc"
	KindChangelog = "changelog"
	KindLicense   = "license"
	KindConfig    = "config"
	KindVendored  = "vendored"
	KindGenerated = "generated"
	KindScript    = "script"
)

// kindWeight scales a file's score by its kind. Tests and examples call
// the code a change touches, so they match its words without being where
// it lands; the manual tells what the code does in the very words a
// change is described in, so it weighs less than a test; licence text
// matches ordinary English ("copy", "condition").
var kindWeight = map[string]float64{
	KindSource: 1, KindTest: 0.3, KindExample: 0.3, KindDoc: 0.15, KindChangelog: 0.1,
	KindConfig: 0.15, KindLicense: 0.02, KindVendored: 0.02, KindGenerated: 0.05,
	KindScript: 0.3,
}

// vendoredDirs hold code a team imports rather than writes.
var vendoredDirs = set("vendor _vendor node_modules third_party thirdparty bower_components .yarn site-packages")

// generatedDirs hold build output or code written by tools.
var generatedDirs = set("dist build out target generated gen __generated__ .next coverage")

// generatedSuffixes mark files written by tools whatever their directory.
var generatedSuffixes = []string{
	".pb.go", "_gen.go", ".gen.go", "_generated.go", ".min.js", ".min.css", ".map",
	"_pb2.py", ".g.dart", ".designer.cs", "package-lock.json", "yarn.lock", "pnpm-lock.yaml",
	"go.sum", "cargo.lock", "poetry.lock", "gemfile.lock", "composer.lock",
}

// licenseNames and changelogNames are matched on a file's base name
// without its extension.
var (
	licenseNames   = set("license licence copying notice authors contributors patents unlicense")
	changelogNames = set("changelog changes history news releases release-notes release_notes whatsnew")
)

// configDirs hold CI and repository automation.
var configDirs = set(".github .circleci .gitlab .buildkite .azure-pipelines .husky .devcontainer")

// configNames are build, release, CI and tooling files at any depth.
var configNames = set(`.travis.yml .goreleaser.yml .goreleaser.yaml appveyor.yml .appveyor.yml azure-pipelines.yml
.gitlab-ci.yml .editorconfig .gitignore .gitattributes .npmignore .eslintrc .eslintrc.js .eslintrc.json .eslintrc.yml
.prettierrc .golangci.yml .golangci.yaml .pre-commit-config.yaml .readthedocs.yaml .readthedocs.yml .coveragerc
tox.ini setup.cfg pyproject.toml manifest.in makefile dockerfile codecov.yml .codecov.yml renovate.json
.dependabot.yml go.mod package.json requirements.txt requirements-dev.txt dev-requirements.txt .mailmap
.nycrc .jshintrc .jscsrc .babelrc tsconfig.json .gitmodules .travis.yaml
rakefile gemfile .rubocop.yml .rubocop_todo.yml .rspec .yardopts .simplecov .document
cargo.toml rust-toolchain rust-toolchain.toml rustfmt.toml .rustfmt.toml clippy.toml deny.toml
pom.xml build.gradle build.gradle.kts settings.gradle settings.gradle.kts gradle.properties mvnw mvnw.cmd
gradlew gradlew.bat build.sbt build.xml composer.json package.swift cmakelists.txt meson.build .clang-format`)

// configExts are build and package manifests named after their project,
// and the data formats settings are written in: a build's XML, a
// workflow's YAML, a linter's INI. They hold a project's words (its
// package names, its tool names) without being where its behaviour lives.
var configExts = set(`.gemspec .csproj .fsproj .sln .podspec .cabal .nimble
.xml .yml .yaml .json .toml .ini .cfg .conf .properties .iml .plist .lock`)

// editorDirs hold an editor's or IDE's settings for the project.
var editorDirs = set(".idea .vscode .settings .fleet .vs")

// testClassExts are the languages whose test classes testClass knows.
var testClassExts = set(".java .kt .kts .scala .groovy .cs .swift")

// testClass reports whether a file name (as written, case and all) is the
// Java family's test class: JsonArrayTest.java, ClientTests.kt,
// RouterSpec.scala, ParserIT.java; not Test.java or LATEST.java. Every
// file a search reads is classified, so this is plain string work rather
// than a regular expression (which cost most of Kind's time).
func testClass(name string) bool {
	ext := path.Ext(name)
	if !testClassExts.has(ext) {
		return false
	}
	stem := strings.TrimSuffix(name, ext)
	for _, suffix := range []string{"Tests", "Test", "Spec", "IT"} {
		if rest, ok := strings.CutSuffix(stem, suffix); ok && rest != "" {
			c := rest[len(rest)-1]
			return 'a' <= c && c <= 'z' || '0' <= c && c <= '9'
		}
	}
	return false
}

// Kind classifies a path. generated reports a "generated" marker found in
// the file itself.
func Kind(p string, generated bool) string {
	lower := strings.ToLower(p)
	dirs := strings.Split(path.Dir(lower), "/")
	for i, d := range dirs {
		// A packages directory below the top holds copies of other
		// projects (requests/packages/urllib3); at the top it is a
		// monorepo's own code.
		if vendoredDirs.has(d) || (d == "packages" && i > 0) {
			return KindVendored
		}
	}
	if generated {
		return KindGenerated
	}
	for _, d := range dirs {
		if generatedDirs.has(d) {
			return KindGenerated
		}
	}
	for _, s := range generatedSuffixes {
		if strings.HasSuffix(lower, s) {
			return KindGenerated
		}
	}
	base := path.Base(lower)
	stem := strings.TrimSuffix(base, path.Ext(base))
	switch {
	case licenseNames.has(stem) || licenseNames.has(base) || strings.HasPrefix(base, "license-") || strings.HasPrefix(base, "licence-"):
		return KindLicense
	case changelogNames.has(stem) || changelogNames.has(base):
		return KindChangelog
	case configNames.has(base) || configExts.has(path.Ext(base)) || configDirs.has(dirs[0]) ||
		strings.HasPrefix(base, "requirements") && path.Ext(base) == ".txt" ||
		isDotConfig(base):
		return KindConfig
	}
	for _, d := range dirs {
		if editorDirs.has(d) {
			return KindConfig
		}
		switch d {
		case "test", "tests", "testsuite", "testdata", "__tests__", "spec", "specs", "fixtures", "testing_fixtures":
			return KindTest
		case "examples", "example", "_examples", "samples", "benchmarks", "bench", "benchmark":
			return KindExample
		}
	}
	// A Gherkin feature file is an acceptance test, wherever it lies.
	if path.Ext(base) == ".feature" {
		return KindTest
	}
	if strings.HasPrefix(base, "test_") || strings.Contains(base, "_test.") || strings.Contains(base, ".test.") ||
		strings.Contains(base, ".spec.") || stem == "conftest" || strings.HasSuffix(stem, "_tests") ||
		strings.HasSuffix(stem, "_spec") || testClass(path.Base(p)) {
		return KindTest
	}
	switch path.Ext(base) {
	case ".md", ".rst", ".txt", ".adoc", ".asciidoc", ".markdown", ".rdoc", ".textile", ".html", ".svg", ".png", ".jpg", ".gif", ".ico":
		return KindDoc
	}
	// README, SPEC, INSTALL, TODO: a capitalised name with no extension
	// is a document (Makefile and Rakefile are not all capitals).
	if orig := path.Base(p); path.Ext(orig) == "" && strings.ToUpper(orig) == orig && strings.ToLower(orig) != orig {
		return KindDoc
	}
	if stem == "readme" || stem == "contributing" || stem == "security" || stem == "code_of_conduct" {
		return KindDoc
	}
	// A Go file is a package's code wherever it lies (cobra's doc/
	// writes man pages); other code under docs/ builds the manual.
	if (dirs[0] == "docs" || dirs[0] == "doc" || dirs[0] == "documentation" || dirs[0] == "site") && path.Ext(base) != ".go" {
		return KindDoc
	}
	// A file with no extension that is not a document is a script (a
	// release helper, a shell completion, bin/express): code, but rarely
	// where a feature lands, and its comments and usage text match plain
	// words.
	if path.Ext(base) == "" {
		return KindScript
	}
	return KindSource
}

// isDotConfig reports whether a base name is a tool's settings file: a
// dotfile such as .flake8 or .npmrc, or an rc file such as pylintrc.
func isDotConfig(base string) bool {
	if strings.HasPrefix(base, ".") {
		return true
	}
	return path.Ext(base) == "" && strings.HasSuffix(base, "rc") && len(base) > 2
}

// counted reports whether files of a kind are part of what a change
// edits by hand, and so of the estimate.
func counted(kind string) bool {
	switch kind {
	case KindVendored, KindGenerated, KindLicense, KindConfig:
		return false
	}
	return true
}
