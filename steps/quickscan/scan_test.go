package quickscan

import (
	"errors"
	"slices"
	"testing"
)

func TestTerms(t *testing.T) {
	tests := []struct {
		text string
		list bool
		want []string
	}{
		// Every item one token: a keyword list.
		{"InvoiceStore, list_invoices", false, []string{"InvoiceStore", "list_invoices"}},
		// Items of several words: a description, not a list.
		{"middleware.Recoverer, stack formatting", false, []string{"middleware", "Recoverer", "stack", "formatting"}},
		// --keywords makes any text a list.
		{"retry policy, backoff", true, []string{"retry policy", "backoff"}},
	}
	for _, tt := range tests {
		if got := Terms(tt.text, tt.list); !slices.Equal(got, tt.want) {
			t.Errorf("Terms(%q, %v) = %q, want %q", tt.text, tt.list, got, tt.want)
		}
	}
}

func TestDefinitions(t *testing.T) {
	tests := []struct {
		path, src string
		defined   []string
		notDef    []string
	}{
		{"middleware/panics.go", "package middleware\n\nfunc Recoverer(next http.Handler) http.Handler {\n\treturn PrintPrettyStack(next)\n}\n\nfunc (c *Context) URLParam(key string) string { return \"\" }\n\ntype (\n\tRoutes interface {\n\t\tRoutes() []Route\n\t}\n)\n",
			[]string{"Recoverer", "URLParam", "Routes"}, []string{"PrintPrettyStack", "next"}},
		{"flask/helpers.py", "def make_response(*args):\n    return current_app.make_response(args)\n\nclass Flask(App):\n    async def dispatch(self):\n        pass\n",
			[]string{"make_response", "makeResponse", "Flask", "dispatch"}, []string{"current_app", "App"}},
		{"lib/application.js", "app.set = function set(setting, val) {\n};\nexports.init = function() {};\nclass Router {\n  handle(req, res) {\n    if (x) {\n    }\n  }\n}\ndefineGetter(req, 'hostname', function hostname() {});\n",
			[]string{"set", "app.set", "init", "Router", "handle", "hostname"}, []string{"if", "setting", "req"}},
		// TypeScript declares types too.
		{"source/core/options.ts", "export interface Hooks {\n\tinit: InitHook[];\n}\nexport type Method = 'GET' | 'POST';\ndeclare enum Mode { A }\ntype Internal = {a: number};\nconst x: Method = 'GET';\n",
			[]string{"Hooks", "Method", "Mode", "Internal"}, []string{"number", "GET"}},
		// Rust: functions, types, traits, modules, macros and what an impl
		// block is for; not an impl's associated type.
		{"src/number.rs", "pub struct Number { n: N }\nenum N { PosInt(u64) }\npub(crate) trait Sealed {}\nmod private;\nmacro_rules! impl_from { () => {} }\nimpl From<u8> for Number {}\nimpl<'de> Deserializer<'de> {\n    type Error = Error;\n    pub fn deserialize_any(self) -> Result<()> {\n        let value = parse_number(self);\n    }\n}\npub const MAX_DEPTH: usize = 128;\n",
			[]string{"Number", "N", "Sealed", "private", "impl_from", "Deserializer", "deserialize_any", "MAX_DEPTH"}, []string{"From", "parse_number", "value", "Result", "Error"}},
		// Java: types and methods with or without modifiers, never calls.
		{"gson/src/main/java/com/google/gson/JsonArray.java", "public final class JsonArray extends JsonElement implements Iterable<JsonElement> {\n  private final ArrayList<JsonElement> elements;\n  public List<JsonElement> asList() {\n    return new NonNullElementWrapperList<>(elements);\n  }\n  JsonElement get(int i) {\n    return elements.get(i);\n  }\n  @Override public <T> T accept(Visitor<T> v) {\n    else if (x) { log(\"x\"); }\n  }\n  interface Visitor<T> {}\n  enum Kind { A }\n}\n",
			[]string{"JsonArray", "asList", "get", "accept", "Visitor", "Kind"}, []string{"JsonElement", "NonNullElementWrapperList", "if", "log", "ArrayList"}},
		// A Java name may hold a $.
		{"gson/src/main/java/com/google/gson/internal/$Gson$Types.java", "public final class $Gson$Types {\n  static Type canonicalize(Type type) {\n    return $Gson$Preconditions.checkNotNull(type);\n  }\n}\n",
			[]string{"$Gson$Types", "canonicalize"}, []string{"$Gson$Preconditions", "checkNotNull"}},
		// Kotlin and C# share the Java family's shapes.
		{"app/Client.kt", "data class Client(val url: String)\nsuspend fun Client.fetchAll(): List<Item> = TODO()\nobject Registry\n", []string{"Client", "fetchAll", "Registry"}, []string{"TODO", "Item"}},
		{"src/Cache.cs", "public sealed class Cache {\n    public async Task<int> Evict(string key) {\n        return await store.Remove(key);\n    }\n}\n", []string{"Cache", "Evict"}, []string{"Remove", "Task"}},
		// Ruby: classes and modules in a namespace, methods including self. and ? forms, constants.
		{"lib/rack/request.rb", "module Rack\n  class Request < Base\n    ALLOWED_SCHEMES = %w(https http)\n    def self.forwarded_priority\n    end\n    def authority\n      split_authority(host)\n    end\n    def ssl?\n    end\n    attr_accessor :env, :params\n  end\nend\nclass Rack::Files; end\n",
			[]string{"Rack", "Request", "forwarded_priority", "authority", "ssl", "ALLOWED_SCHEMES", "env", "params", "Files"}, []string{"Base", "split_authority", "host"}},
		// PHP, Swift and C.
		{"src/App.php", "<?php\nfinal class App {\n    public function handle(Request $r) { return $this->router->dispatch($r); }\n}\n", []string{"App", "handle"}, []string{"dispatch", "Request"}},
		{"Sources/Router.swift", "public struct Router {\n    func route(_ path: String) -> Route? { match(path) }\n}\nextension Router: Sendable {}\nprotocol Route {}\n", []string{"Router", "route", "Route"}, []string{"match", "Sendable"}},
		{"src/buffer.c", "#define BUF_MAX 64\nstruct buffer { int n; };\nint buffer_free(struct buffer *b);\nstatic void\nbuffer_noop(void)\n{\n}\n\nstatic int\nbuffer_grow(struct buffer *b, size_t n)\n{\n    return realloc_buf(b, n);\n}\nint buffer_len(const struct buffer *b) {\n    return b->n;\n}\n",
			[]string{"BUF_MAX", "buffer", "buffer_noop", "buffer_grow", "buffer_len"}, []string{"realloc_buf", "size_t", "buffer_free"}},
	}
	for _, tt := range tests {
		defs := Definitions(tt.path, []byte(tt.src))
		for _, d := range tt.defined {
			if !DefinesTerm(defs, d) {
				t.Errorf("%s: %s should be defined (found %v)", tt.path, d, defs)
			}
		}
		for _, d := range tt.notDef {
			if DefinesTerm(defs, d) {
				t.Errorf("%s: %s is only used, not defined", tt.path, d)
			}
		}
	}
	if Definitions("README.md", []byte("def x():")) != nil {
		t.Error("a file in no known language has no definitions")
	}
}

// The file that defines a name outranks the files that call it more.
func TestAnalyzeWithDefinitions(t *testing.T) {
	kw := []string{"Recoverer"}
	src := map[string]string{
		"middleware/panics.go": "package middleware\n\nfunc Recoverer(next http.Handler) http.Handler { return next }\n",
		"mux.go":               "// uses middleware.Recoverer, Recoverer, Recoverer",
		"_examples/main.go":    "r.Use(middleware.Recoverer); r.Use(middleware.Recoverer)",
	}
	hits := []Hit{
		{Path: "_examples/main.go", Counts: []int{2}, Size: 60},
		{Path: "middleware/panics.go", Counts: []int{1}, Size: 80},
		{Path: "mux.go", Counts: []int{3}, Size: 50},
	}
	read := func(p string) ([]byte, error) {
		if s, ok := src[p]; ok {
			return []byte(s), nil
		}
		return nil, errors.New("no such file")
	}
	if r := Analyze(kw, slices.Clone(hits), 100); r.Files[0].Path != "mux.go" {
		t.Fatalf("without definitions the most mentions win: %v", r.Files[0].Path)
	}
	r := AnalyzeWith(kw, hits, 100, read)
	if r.Files[0].Path != "middleware/panics.go" || !slices.Equal(r.Files[0].Defines, []string{"Recoverer"}) {
		t.Errorf("top = %+v; want the defining file, with Recoverer in Defines", r.Files[0])
	}
	if r.Basis.Defining != 1 {
		t.Errorf("basis = %+v; want one defining file", r.Basis)
	}
}

// Licences, changelogs and release configuration do not outrank source,
// and vendored copies are never counted in the estimate.
func TestNotCodeRanksLow(t *testing.T) {
	kw := []string{"copy", "condition"}
	hits := []Hit{
		{Path: "LICENSE", Counts: []int{6, 3}, Size: 1000},
		{Path: "CHANGELOG.md", Counts: []int{4, 1}, Size: 5000},
		{Path: ".goreleaser.yaml", Counts: []int{1, 1}, Size: 300},
		{Path: "requests/packages/urllib3/util.py", Counts: []int{5, 5}, Size: 900},
		{Path: "fsutil/copy.go", Counts: []int{2, 1}, Size: 1500},
	}
	r := Analyze(kw, hits, 50)
	if r.Files[0].Path != "fsutil/copy.go" {
		t.Errorf("top = %s; want the source file", r.Files[0].Path)
	}
	for _, f := range Relevant(r.Files) {
		if f.Kind != KindSource {
			t.Errorf("%s (%s) counted as a core file", f.Path, f.Kind)
		}
	}
	if !r.Basis.Changelog || r.FileCount != 2 {
		t.Errorf("estimate = %d (%+v); want the source file and the changelog", r.FileCount, r.Basis)
	}
}

// The manual describes the code in the words a change is told in; the
// source file that holds the change outranks a page that repeats more of
// them.
func TestSourceOutranksDocs(t *testing.T) {
	kw := []string{"style", "ansi", "color", "helper"}
	hits := []Hit{
		{Path: "docs/utils.rst", Counts: []int{4, 3, 3, 2}, Size: 4000},
		{Path: "click/formatting.py", Counts: []int{0, 0, 0, 2}, Size: 4000},
	}
	r := Analyze(kw, hits, 60)
	if r.Files[0].Path != "click/formatting.py" {
		t.Errorf("ranked %s (%.2f) above %s (%.2f); want the source file first",
			r.Files[0].Path, r.Files[0].Score, r.Files[1].Path, r.Files[1].Score)
	}
}
