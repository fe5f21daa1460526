package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
)

// The synthetic corpus is what CI measures scan accuracy on: one small
// repository with the traps real ones have (a licence full of ordinary
// words, a changelog, release configuration, a vendored copy, callers
// that outnumber the definition, an old rtgit analysis naming the same
// code) and a few changes whose files are known. It keeps the benchmark
// mode working; the real corpus is what the figures are judged on.

var synthFiles = map[string]string{
	"LICENSE": "Permission is hereby granted to copy, modify and merge copies of the Software,\n" +
		"subject to the following conditions: the above copyright notice shall be included.\n",
	"CHANGELOG.md":                        "# Changes\n\n## 1.0\n\n- Invoice export as CSV.\n- Recoverer middleware.\n",
	".goreleaser.yaml":                    "builds:\n  - main: ./cmd/shop\n    binary: shop\n",
	"invoice/store.go":                    "package invoice\n\n// InvoiceStore keeps invoices.\ntype InvoiceStore struct{ rows []Invoice }\n\n// Save stores an invoice.\nfunc (s *InvoiceStore) Save(inv Invoice) error {\n\ts.rows = append(s.rows, inv)\n\treturn nil\n}\n\n// ListInvoices lists every invoice.\nfunc (s *InvoiceStore) ListInvoices() []Invoice { return s.rows }\n",
	"invoice/invoice.go":                  "package invoice\n\n// Invoice is a bill.\ntype Invoice struct{ ID, Total int }\n",
	"invoice/store_test.go":               "package invoice\n\nfunc TestInvoiceStoreSave(t *testing.T) {\n\tvar s InvoiceStore\n\ts.Save(Invoice{})\n\tif len(s.ListInvoices()) != 1 {\n\t\tt.Fatal(\"not saved\")\n\t}\n}\n",
	"invoice/export.go":                   "package invoice\n\n// ExportCSV writes the store's invoices as CSV with a header row.\nfunc ExportCSV(s *InvoiceStore, w io.Writer) error {\n\tfor _, inv := range s.ListInvoices() {\n\t\tfmt.Fprintf(w, \"%d,%d\\n\", inv.ID, inv.Total)\n\t}\n\treturn nil\n}\n",
	"middleware/recoverer.go":             "package middleware\n\n// Recoverer recovers from panics and prints the stack.\nfunc Recoverer(next http.Handler) http.Handler {\n\treturn http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {\n\t\tdefer func() { printStack(recover()) }()\n\t\tnext.ServeHTTP(w, r)\n\t})\n}\n\nfunc printStack(v any) { debug.PrintStack() }\n",
	"middleware/logger.go":                "package middleware\n\n// Logger logs requests in a fixed format.\nfunc Logger(next http.Handler) http.Handler { return next }\n",
	"router/mux.go":                       "package router\n\n// Mux routes requests; it installs middleware.Recoverer and middleware.Logger.\ntype Mux struct{}\n\nfunc (m *Mux) Use() { _ = middleware.Recoverer; _ = middleware.Logger; _ = invoice.ExportCSV }\n",
	"cmd/shop/main.go":                    "package main\n\nfunc main() {\n\tvar s invoice.InvoiceStore\n\ts.Save(invoice.Invoice{})\n\tinvoice.ExportCSV(&s, os.Stdout)\n\tr := router.Mux{}\n\tr.Use()\n}\n",
	"vendor/github.com/acme/copy/copy.go": "package copy\n\n// Copy copies a tree.\nfunc Copy(src, dst string) error { return nil }\n",
	"util/copyfile.go":                    "package util\n\n// CopyFile copies one file.\nfunc CopyFile(src, dst string) error { return nil }\n",
	"app.py":                              "class App:\n    def make_response(self, rv):\n        return Response(rv)\n",
	"helpers.py":                          "def make_response(*args):\n    return current_app.make_response(args)\n",
	"views.py":                            "from .helpers import make_response\n\ndef index():\n    return make_response('hello')\n",
	"docs/requirements/invoice-retry/answers/00-01-scope-estimation.md": "InvoiceStore Save retry conflict Recoverer stack formatting make_response InvoiceStore InvoiceStore\n",
}

var synthChanges = []change{
	{Text: "middleware.Recoverer, stack formatting", Files: []string{"middleware/recoverer.go"}},
	{Text: "Let InvoiceStore.Save retry on a conflict", Files: []string{"invoice/store.go", "invoice/store_test.go", "CHANGELOG.md"}},
	{Text: "Copy files with their permissions", Files: []string{"util/copyfile.go"}},
	{Text: "make_response accepts a tuple with headers", Files: []string{"app.py", "helpers.py"}},
	{Text: "Export invoices as CSV with a header row", Files: []string{"invoice/export.go"}},
	{Text: "Invoices get a due date: store it, export it, list overdue invoices",
		Files: []string{"invoice/invoice.go", "invoice/store.go", "invoice/export.go", "invoice/store_test.go", "cmd/shop/main.go", "CHANGELOG.md"}},
}

// buildSyntheticCorpus creates the repository under dir (laid out as a
// mirrors directory) and returns the corpus file describing its changes.
func buildSyntheticCorpus(dir string) string {
	repo := filepath.Join(dir, "synthetic+shop", "repo")
	os.RemoveAll(dir)
	must("", "git", "init", "-q", "-b", "main", repo)
	for name, body := range synthFiles {
		p := filepath.Join(repo, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			fatalf("%v", err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			fatalf("%v", err)
		}
	}
	must(repo, "git", "add", "-A")
	must(repo, "git", "-c", "user.name=bench", "-c", "user.email=bench@example.com", "commit", "-q", "-m", "shop")
	parent := strings.TrimSpace(must(repo, "git", "rev-parse", "HEAD"))
	var b strings.Builder
	for _, c := range synthChanges {
		c.Repo, c.Split, c.Parent = "synthetic/shop", "synthetic", parent
		for _, f := range c.Files {
			if !strings.Contains(f, "_test") && (strings.HasSuffix(f, ".go") || strings.HasSuffix(f, ".py")) {
				c.Targets = append(c.Targets, f)
			}
		}
		line, _ := json.Marshal(c)
		b.Write(line)
		b.WriteByte('\n')
	}
	corpus := filepath.Join(dir, "changes.jsonl")
	if err := os.WriteFile(corpus, []byte(b.String()), 0o644); err != nil {
		fatalf("%v", err)
	}
	return corpus
}
