package quickscan

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// declRe is the rule IsDeclaration reads by hand: a line declaring
// something callers can reach, a function, type, class or module in the
// common languages (Go's lower-case names aside).
var declRe = regexp.MustCompile(`^\s*(?:export\s+(?:default\s+)?|pub(?:\([a-z]+\))?\s+|public\s+|async\s+|static\s+|abstract\s+|final\s+)*(?:func|function|def|class|interface|type|struct|trait|fn|enum|record|message|service|rpc|module|protocol)\s+(?:\([^)]*\)\s*)?([A-Za-z][A-Za-z0-9_]*)`)

// byExpression is IsDeclaration as the expressions state it.
func byExpression(line []byte) bool {
	if routeRe.Match(line) {
		return true
	}
	m := declRe.FindSubmatch(line)
	if m == nil {
		return false
	}
	trimmed := strings.TrimLeft(string(line), " \t\n\f\r")
	if strings.HasPrefix(trimmed, "func ") || strings.HasPrefix(trimmed, "type ") {
		return m[1][0] >= 'A' && m[1][0] <= 'Z'
	}
	return true
}

var declLines = []string{
	"func ExportCSV(w io.Writer) error {", "func exportCSV(w io.Writer) error {", "func (s *Store) Invoices() []Invoice",
	"func (s *Store) invoices() []Invoice", "func (s *Store", "type InvoiceStore struct {", "type invoiceStore struct {",
	"def list_invoices(request):", "    def _load(self, row):", "class InvoiceStore:", "class _Hidden:",
	"export default function invoices() {", "export default class App {", "export defaultfunction x", "export  async function go() {",
	"exportfunction x", "pub fn export(&self) -> Vec<u8> {", "pub(crate) fn inner() {", "pub(Crate) fn inner() {", "pub (crate) fn x",
	"public static final class Json {", "public abstract interface Foo {}", "publicclass Foo", "static async function go() {",
	"@app.route('/invoices')", "router.get(\"/invoices/:id\", show)", "app.post( '/x', h)", "@GetMapping(\"/x\")",
	"    total = invoice.total", "// see ExportCSV", "define x", "functionality here", "type_ x", "fn", "fn ", "fn _x",
	"\tfunc\tTabbed() {}", "module Rack", "module ::Rack", "protocol Foo {", "trait Serialize {", "enum Kind {", "struct   Point {",
	"record Point(int x)", "service Greeter {", "rpc SayHello (Req) returns (Res);", "message Req {", "interface Handler {",
	"async def handler(request):", "abstract class Base", "final class Leaf", "  export function f() {}", "",
	"get('/x')", "if (x) get('/y')", "foo.delete(/regex/)", "x = f( 'a')", "  func (r Recv) Go()", "func (r Recv)",
}

func TestIsDeclarationAgreesWithTheExpressions(t *testing.T) {
	for _, line := range declLines {
		if got, want := IsDeclaration([]byte(line)), byExpression([]byte(line)); got != want {
			t.Errorf("IsDeclaration(%q) = %v, the expressions say %v", line, got, want)
		}
	}
}

// Lines pieced together from the words and marks both readings turn on
// hold the two to the same answers beyond the examples above.
func TestIsDeclarationAgreesOnGeneratedLines(t *testing.T) {
	pieces := []string{"", " ", "  ", "\t", "export", "default", "pub", "(crate)", "(", ")", "public", "async", "static",
		"abstract", "final", "func", "function", "def", "class", "type", "fn", "module", "protocol", "route", "get", "@app.",
		"'", "\"", "/", "X", "x", "_y", "Name", "9", "defaults", "functional", "(s *S)", "(s", ".", "{", ":"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50000 {
		var b strings.Builder
		for range 1 + rng.IntN(7) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		line := []byte(b.String())
		if got, want := IsDeclaration(line), byExpression(line); got != want {
			t.Fatalf("IsDeclaration(%q) = %v, the expressions say %v", line, got, want)
		}
	}
}
