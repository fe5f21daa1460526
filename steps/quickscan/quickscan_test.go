package quickscan

import (
	"slices"
	"strings"
	"testing"
)

func TestSplitIdentifier(t *testing.T) {
	for in, want := range map[string]string{
		"InvoiceStore":     "Invoice Store",
		"list_invoices":    "list invoices",
		"HTTPServer":       "HTTP Server",
		"parseJSONBody":    "parse JSON Body",
		"api.py":           "api py",
		"invoice2pdf":      "invoice 2 pdf",
		"plain":            "plain",
		"CSV_EXPORT_LIMIT": "CSV EXPORT LIMIT",
		"$Gson$Types":      "Gson Types",
	} {
		if got := strings.Join(SplitIdentifier(in), " "); got != want {
			t.Errorf("SplitIdentifier(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestKeywords(t *testing.T) {
	tests := []struct {
		texts []string
		want  []string
	}{
		{[]string{"Let customers export their invoices as CSV"}, []string{"customer", "export", "invoice", "csv"}},
		// Identifiers come first and stay whole, and their parts follow; a
		// qualified name is searched by its parts.
		{[]string{"Add a retry to InvoiceStore.save and list_invoices"}, []string{"InvoiceStore", "save", "list_invoices", "invoice", "retry", "store"}},
		// Names written as calls or qualified are kept even when they are
		// common words; filler words of commit subjects are not.
		{[]string{"feat: support app.set('views', array) and debug()"}, []string{"app", "set", "debug", "view", "array"}},
		// Words repeated across texts outrank words said once.
		{[]string{"Export reports", "the export should include reports for every team"}, []string{"export", "report", "include", "team"}},
		{[]string{"the and of to"}, nil},
		// A $ before a letter is part of a Java or JavaScript name, searched
		// whole; a price's or a trailing $ is not.
		{[]string{"Rename `$Gson$Types` and use $scope.apply"}, []string{"$Gson$Types", "$scope", "apply", "rename", "gson", "type"}},
		{[]string{"costs $5 or $10.00 per US$ month"}, []string{"cost", "month"}},
	}
	for _, tt := range tests {
		if got := Keywords(tt.texts...); !slices.Equal(got, tt.want) {
			t.Errorf("Keywords(%q) = %q, want %q", tt.texts, got, tt.want)
		}
	}
	long := strings.Repeat("alpha beta gamma delta epsilon zeta theta iota kappa lambda omicron sigma tau upsilon ", 2)
	if got := Keywords(long); len(got) != MaxKeywords {
		t.Errorf("Keywords kept %d terms, want at most %d", len(got), MaxKeywords)
	}
}

func TestParseListAndIdentifiers(t *testing.T) {
	got := ParseList("invoice, `InvoiceStore`;\n- csv\nInvoice, ")
	if !slices.Equal(got, []string{"invoice", "InvoiceStore", "csv"}) {
		t.Errorf("ParseList = %q", got)
	}
	if got := Identifiers("Keep download_invoice and invoices/pdf.py as they are; Invoice.total too."); got != "download_invoice pdf.py Invoice.total" {
		t.Errorf("Identifiers = %q", got)
	}
}

func TestSingular(t *testing.T) {
	for in, want := range map[string]string{
		"invoices": "invoice", "categories": "category", "addresses": "address", "status": "status",
		"analysis": "analysis", "class": "class", "pdfs": "pdfs", "batches": "batch", "exports": "export",
		// -ies is -y (entries, queries) or -ie (cookies, movies); series
		// and species are not plurals at all.
		"entries": "entry", "cookies": "cookie", "movies": "movie", "zombies": "zombie",
		"series": "series", "species": "species",
	} {
		if got := Singular(in); got != want {
			t.Errorf("Singular(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestScopeFor(t *testing.T) {
	for n, want := range map[int]string{0: Small, 1: Small, 4: Small, 5: Medium, 15: Medium, 16: Large, 60: Large} {
		if got := ScopeFor(n); got != want {
			t.Errorf("ScopeFor(%d) = %s, want %s", n, got, want)
		}
	}
}

func TestComplexityFor(t *testing.T) {
	tests := []struct {
		name string
		s    Signals
		want string
	}{
		{"one package, nothing public", Signals{TopLevelDirs: 1, Packages: 1}, Low},
		{"one package with an API", Signals{TopLevelDirs: 1, Packages: 1, PublicFiles: 1}, Low},
		{"one package, three public files", Signals{TopLevelDirs: 1, Packages: 1, PublicFiles: 3}, Low},
		{"two areas with APIs", Signals{TopLevelDirs: 2, Packages: 2, PublicFiles: 3}, Medium},
		{"three packages, two areas", Signals{TopLevelDirs: 2, Packages: 3, PublicFiles: 1}, Medium},
		{"spread, public", Signals{TopLevelDirs: 3, Packages: 6, PublicFiles: 0}, High},
		{"everything", Signals{TopLevelDirs: 5, Packages: 20, PublicFiles: 9}, High},
	}
	for _, tt := range tests {
		if got := ComplexityFor(tt.s); got != tt.want {
			t.Errorf("%s: ComplexityFor(%+v) = %s, want %s", tt.name, tt.s, got, tt.want)
		}
	}
}

func TestConfidenceFor(t *testing.T) {
	tests := []struct {
		s       Signals
		rate    float64
		changes int
		want    string
	}{
		{Signals{HitFiles: 0, Keywords: 3}, 0.9, 20, Low},
		{Signals{HitFiles: 10, Matched: 1, Keywords: 3}, 0.9, 20, Low},
		{Signals{HitFiles: 10, Matched: 3, Keywords: 3}, 0.8, 20, High},
		// Right five times in six: too few changes to call it high.
		{Signals{HitFiles: 10, Matched: 3, Keywords: 3}, 0.83, 6, Medium},
		{Signals{HitFiles: 10, Matched: 3, Keywords: 3}, 0.6, 20, Medium},
		{Signals{HitFiles: 10, Matched: 3, Keywords: 3}, 0.3, 20, Low},
	}
	for _, tt := range tests {
		if got := ConfidenceFor(tt.s, tt.rate, tt.changes); got != tt.want {
			t.Errorf("ConfidenceFor(%+v, %.2f, %d) = %s, want %s", tt.s, tt.rate, tt.changes, got, tt.want)
		}
	}
}

func TestKind(t *testing.T) {
	for p, want := range map[string]string{
		"invoices/store.py":            KindSource,
		"vendor/github.com/x/y.go":     KindVendored,
		"web/node_modules/a/index.js":  KindVendored,
		"api/gen/invoice.pb.go":        KindGenerated,
		"dist/app.min.js":              KindGenerated,
		"tests/test_invoices.py":       KindTest,
		"steps/quickscan/rank_test.go": KindTest,
		"src/app.spec.ts":              KindTest,
		"README.md":                    KindDoc,
		"docs/design.txt":              KindDoc,
		"docs/conf.py":                 KindDoc,
		// A Go file is package code wherever it lies: doc/ is a package
		// (one that writes man pages, say), not the manual.
		"doc/man_docs.go":          KindSource,
		"latest.go":                KindSource,
		"LICENSE":                  KindLicense,
		"LICENSE.txt":              KindLicense,
		"CHANGES.rst":              KindChangelog,
		"CHANGELOG.md":             KindChangelog,
		"HISTORY.md":               KindChangelog,
		".goreleaser.yaml":         KindConfig,
		".github/workflows/ci.yml": KindConfig,
		"tox.ini":                  KindConfig,
		"requests/packages/urllib3/connection.py": KindVendored,
		"pip/_vendor/requests/api.py":             KindVendored,
		"third_party/zlib/zlib.h":                 KindVendored,
		"packages/core/src/index.ts":              KindSource,
		"_examples/rest/main.go":                  KindExample,
		// Other languages' tests, build files and manuals.
		"gson/src/test/java/com/google/gson/JsonArrayTest.java": KindTest,
		"src/test/kotlin/ClientTests.kt":                        KindTest,
		"lib/rack/request_spec.rb":                              KindTest,
		"app/src/main/java/com/x/Contest.java":                  KindSource,
		"Rakefile":                                              KindConfig,
		"Gemfile":                                               KindConfig,
		"rack.gemspec":                                          KindConfig,
		".rubocop.yml":                                          KindConfig,
		"Cargo.toml":                                            KindConfig,
		"json_tests/Cargo.toml":                                 KindConfig,
		"gson/pom.xml":                                          KindConfig,
		"build.gradle.kts":                                      KindConfig,
		"SPEC.rdoc":                                             KindDoc,
		"SPEC":                                                  KindDoc,
		// An editor's settings, data formats and tools' rc files hold a
		// project's names without being where its behaviour lives.
		".idea/libraries/JARs.xml":  KindConfig,
		"checkstyle.xml":            KindConfig,
		"gradle/libs.versions.toml": KindConfig,
		"docs/_config.yml":          KindConfig,
		".flake8":                   KindConfig,
		"scripts/pylintrc":          KindConfig,
		".vscode/launch.json":       KindConfig,
		// A file with no extension that is no document is a script.
		"script/backport-pr":    KindScript,
		"benchsuite/benchsuite": KindScript,
		"bin/express":           KindScript,
		"Makefile":              KindConfig,
		// Gherkin scenarios are acceptance tests.
		"features/collections.feature": KindTest,
	} {
		if got := Kind(p, false); got != want {
			t.Errorf("Kind(%q) = %s, want %s", p, got, want)
		}
	}
	if Kind("models.go", true) != KindGenerated {
		t.Error("a file marked generated is generated")
	}
}

func TestIsDeclaration(t *testing.T) {
	for line, want := range map[string]bool{
		"func ExportCSV(w io.Writer) error {":  true,
		"func exportCSV(w io.Writer) error {":  false,
		"func (s *Store) Invoices() []Invoice": true,
		"type InvoiceStore struct {":           true,
		"def list_invoices(request):":          true,
		"    def _load(self, row):":            false,
		"class InvoiceStore:":                  true,
		"export default function invoices() {": true,
		"pub fn export(&self) -> Vec<u8> {":    true,
		"@app.route('/invoices')":              true,
		"router.get(\"/invoices/:id\", show)":  true,
		"    total = invoice.total":            false,
		"// see ExportCSV":                     false,
	} {
		if got := IsDeclaration([]byte(line)); got != want {
			t.Errorf("IsDeclaration(%q) = %v, want %v", line, got, want)
		}
	}
}

// A fixture in hits: the file a person would name first must rank first.
func TestRankAndEstimate(t *testing.T) {
	kw := []string{"export", "csv", "invoice"}
	hits := []Hit{
		{Path: "README.md", Counts: []int{1, 1, 4}, Size: 3000},
		{Path: "invoices/export.py", Counts: []int{6, 4, 3}, Decls: 2, Size: 1500},
		{Path: "invoices/models.py", Counts: []int{0, 0, 9}, Decls: 1, Size: 2000},
		{Path: "invoices/api.py", Counts: []int{2, 1, 5}, Decls: 1, Size: 1800},
		{Path: "vendor/csvlib/writer.py", Counts: []int{3, 20, 0}, Size: 9000},
		{Path: "tests/test_export.py", Counts: []int{5, 3, 2}, Size: 1200},
		{Path: "billing/tax.py", Counts: []int{0, 0, 1}, Size: 4000},
	}
	r := Analyze(kw, hits, 200)
	var order []string
	for _, f := range r.Files {
		order = append(order, f.Path)
	}
	if order[0] != "invoices/export.py" || order[1] != "invoices/api.py" {
		t.Errorf("ranking = %q; want export.py, then api.py first", order)
	}
	if order[len(order)-1] != "vendor/csvlib/writer.py" {
		t.Errorf("vendored code should rank last: %q", order)
	}
	if r.FileCount < 2 || r.FileCount > 4 || r.Scope != Small {
		t.Errorf("estimate = %d files, scope %s; want 2-4, small", r.FileCount, r.Scope)
	}
	if r.Signals.Matched != 3 || r.Signals.HitFiles != 7 {
		t.Errorf("signals = %+v", r.Signals)
	}
	empty := Analyze(kw, nil, 200)
	if empty.FileCount != 1 || empty.Scope != Small || empty.Confidence != Low || len(empty.Files) != 0 {
		t.Errorf("no hits: %+v", empty.Estimate)
	}
}

// A commit subject's area (a conventional-commit scope or a leading
// package) is a search term; its type and prose labels are not.
func TestAreas(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"feat(mux): support http QUERY method", []string{"mux"}},
		{"fix(router, tree)!: drop the slash\n\n* refactor(tree): rename", []string{"router", "tree"}},
		{"middleware: ContentCharset should skip requests", []string{"middleware"}},
		{"net/http: close idle connections", []string{"net", "http"}},
		{"fix: typo", nil},
		{"Note: the cache is cold\nSigned-off-by: Someone", nil},
		{"add QUERY: the new method", nil},
	}
	for _, tt := range tests {
		if got, _ := Areas(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("Areas(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
	// The area leads the keywords, kept though "feat(mux)" reads like a call.
	if got := Keywords("feat(mux): support http QUERY method"); len(got) == 0 || got[0] != "mux" {
		t.Errorf("Keywords = %q; want mux first", got)
	}
}

// A title's words outrank the body's, however often the body repeats
// its own; a two-letter word is searched run together with the word
// before it.
func TestKeywordsTitleAndJoinedWords(t *testing.T) {
	text := "Cache templates\n\nThe loader reads the loader file; the loader and parser " +
		"share a parser buffer, the parser pool, alpha beta gamma delta epsilon zeta eta theta iota kappa"
	got := Keywords(text)
	if len(got) < 2 || got[0] != "cache" || got[1] != "template" {
		t.Errorf("Keywords = %q; want the title's cache and template first", got)
	}
	got = Keywords("trust a custom real ip header")
	if !slices.Contains(got, "realip") || !slices.Contains(got, "real") {
		t.Errorf("Keywords = %q; want realip beside real", got)
	}
	if got := Keywords("go to it or do as we say"); !slices.Equal(got, []string{"say"}) {
		t.Errorf("Keywords = %q; stop words join nothing", got)
	}
}

// A two-letter word that is not English names something in code (ip, id,
// db, ui): it is searched alone too, and covers no longer word that
// merely contains it (zip, skip).
func TestKeywordsTwoLetterNames(t *testing.T) {
	got := Keywords("perf: lazy init cookies and ip when first time use it")
	for _, w := range []string{"cookie", "ip"} {
		if !slices.Contains(got, w) {
			t.Errorf("Keywords = %q; want %s", got, w)
		}
	}
	got = Keywords("skip the zip step when the ui is ok")
	for _, w := range []string{"ui", "skip", "zip"} {
		if !slices.Contains(got, w) {
			t.Errorf("Keywords = %q; want %s", got, w)
		}
	}
	if slices.Contains(got, "ok") {
		t.Errorf("Keywords = %q; ok is English", got)
	}
	if got := Keywords("hm, the cache et al. uh"); !slices.Equal(got, []string{"cache"}) {
		t.Errorf("Keywords = %q; want only cache", got)
	}
	// A language's file extension names a language, not the code.
	if got := Keywords("port the cache to TS"); !slices.Equal(got, []string{"port", "cache"}) {
		t.Errorf("Keywords = %q; want port and cache", got)
	}
	// A file name's extension is no name: Node.js and app.py do not
	// search every js or py mention.
	got = Keywords("Require Node.js 10 and fix app.py")
	if slices.Contains(got, "js") || slices.Contains(got, "py") {
		t.Errorf("Keywords = %q; want no extension searched alone", got)
	}
}

// A filler verb says nothing in any tense: refactored, removing and
// updating are dropped like refactor, remove and update; a noun made
// from a stop word by more than an inflection stays (settings).
func TestKeywordsInflectedStopWords(t *testing.T) {
	if got := Keywords("Refactored req/res proto assignments"); slices.Contains(got, "refactored") {
		t.Errorf("Keywords = %q; want no refactored", got)
	}
	if got := Keywords("Removing the cache when updating settings"); !slices.Equal(got, []string{"cache", "setting"}) {
		t.Errorf("Keywords = %q; want cache and setting", got)
	}
}

func TestTestClass(t *testing.T) {
	for name, want := range map[string]bool{
		"JsonArrayTest.java": true,
		"ClientTests.kt":     true,
		"RouterSpec.scala":   true,
		"ParserIT.java":      true,
		"Http2Test.cs":       true,
		"Test.java":          false, // the name alone
		"LATEST.java":        false,
		"JSONTest.java":      false, // an upper-case letter before Test, as the pattern always had it
		"ClientTest.go":      false, // Go tests are _test.go
		"Contest.java":       false,
		"ParserIT.txt":       false,
	} {
		if got := testClass(name); got != want {
			t.Errorf("testClass(%q) = %v, want %v", name, got, want)
		}
	}
}
