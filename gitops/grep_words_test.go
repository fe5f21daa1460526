package gitops

import (
	"slices"
	"testing"
)

func TestWordAt(t *testing.T) {
	tests := []struct {
		text, term string
		want       int
	}{
		{"Copyright (c) 2020, copy", "copy", 1},
		{"func deepCopy() { copy_file(); obj.copy() }", "copy", 3},
		{"the conditions below; a condition", "condition", 2},
		{"invoices, invoiced, invoiceStore, reinvoice", "invoice", 3},
		{"HTTPServer httpserver serverless", "server", 1},
		{"HTTPServer", "http", 1},
		{"RouteHeaders routeHeaders route_headers", "routeheaders", 2},
		{"utf8 v2copy", "copy", 1},
		// A term in -y also finds its -ies and -ied forms, and the -ie
		// spelling that the same plural comes from (cookies: cookie).
		{"categories, Category, category_id, subcategory, categorical", "category", 3},
		{"retried retries retrying retry", "retry", 4},
		{"cookie Cookies cookies_test cooky", "cooky", 4},
		{"days Day dayied", "day", 2},
		// A name with a $ is matched whole, and its parts as parts.
		{"import internal.$Gson$Types; $Gson$TypesTest, Types", "$gson$types", 2},
		{"$Gson$Types", "types", 1},
	}
	for _, tt := range tests {
		data := []byte(tt.text)
		lower := lowerASCII(nil, data)
		if got := countWords(data, lower, []byte(tt.term)); got != tt.want {
			t.Errorf("countWords(%q, %q) = %d, want %d", tt.text, tt.term, got, tt.want)
		}
	}
}

func TestGrepWordsAndExclude(t *testing.T) {
	_, r := newRepo(t, map[string]string{
		"LICENSE":                          "Copyright holders may copy this.\n",
		"NOTICE":                           "Copyright 2020\n",
		"fsutil/copy.go":                   "package fsutil\n\nfunc CopyTree() {}\n",
		"docs/requirements/x/meta.json":    `{"keywords": ["copy"]}`,
		"docs/requirements/x/answers/a.md": "copy CopyTree\n",
		"docs/guide.md":                    "How to copy a tree.\n",
	})
	res, err := r.Grep(GrepOptions{Terms: []string{"copy"}, Words: true, Exclude: []string{"docs/requirements/"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := grepPaths(res); !slices.Equal(got, []string{"LICENSE", "docs/guide.md", "fsutil/copy.go"}) {
		t.Errorf("paths = %q", got)
	}
	if res.Searched != 4 {
		t.Errorf("searched %d files, want 4 (the analysis excluded)", res.Searched)
	}
	plain, err := r.Grep(GrepOptions{Terms: []string{"copy"}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(grepPaths(plain), "NOTICE") {
		t.Errorf("without Words, copy is a substring of Copyright: %q", grepPaths(plain))
	}
}
