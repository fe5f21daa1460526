package quickscan

import (
	"math"
	"path"
	"sort"
	"strings"
)

// Hit is one searched file in which at least one keyword occurs.
type Hit struct {
	Path string
	// Counts holds the occurrences of each keyword, in keyword order.
	Counts []int
	// Decls counts lines with a hit that declare something other code
	// can call: an exported function, a class, a route (IsDeclaration).
	Decls int
	// Generated is set when the file says it was generated.
	Generated bool
	// Size is the file's length in bytes; 0 when unknown.
	Size int
}

// File is a ranked hit.
type File struct {
	Path  string  `json:"path"`
	Hits  int     `json:"hits"`  // occurrences of all keywords
	Terms int     `json:"terms"` // distinct keywords found
	Decls int     `json:"public_declarations"`
	Kind  string  `json:"kind"` // source | test | doc | vendored | generated
	Score float64 `json:"score"`
}

// File kinds. Vendored and generated files are searched but ranked low:
// a change rarely edits them by hand.
const (
	KindSource    = "source"
	KindTest      = "test"
	KindDoc       = "doc"
	KindVendored  = "vendored"
	KindGenerated = "generated"
)

// kindWeight scales a file's score by what kind of file it is.
var kindWeight = map[string]float64{
	KindSource: 1, KindTest: 0.7, KindDoc: 0.5, KindVendored: 0.05, KindGenerated: 0.05,
}

// BM25 parameters: k1 bounds how much repeating a keyword helps, b how
// much a long file is discounted for matching by sheer length.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// Rank scores every hit and returns the files best first.
//
// The score is BM25, the standard text-retrieval formula: a keyword found
// in few files says more than one found everywhere (inverse document
// frequency over the searched files); repeated mentions help with
// diminishing returns; and a long file is discounted, since it matches many
// words by sheer length. A keyword in the file's path adds its weight once
// more -- people name files after what they hold. The sum is scaled by the
// file's kind: tests, docs, vendored and generated code rank below source.
func Rank(keywords []string, hits []Hit, searched int) []File {
	df := make([]int, len(keywords))
	total := 0
	for _, h := range hits {
		total += h.Size
		for i, c := range h.Counts {
			if i < len(df) && c > 0 {
				df[i]++
			}
		}
	}
	if searched < len(hits) {
		searched = len(hits)
	}
	avg := 1.0
	if len(hits) > 0 && total > 0 {
		avg = float64(total) / float64(len(hits))
	}
	idf := make([]float64, len(keywords))
	for i := range keywords {
		idf[i] = math.Log(1 + (float64(searched)-float64(df[i])+0.5)/(float64(df[i])+0.5))
	}
	out := make([]File, 0, len(hits))
	for _, h := range hits {
		f := File{Path: h.Path, Decls: h.Decls, Kind: Kind(h.Path, h.Generated)}
		lower := strings.ToLower(h.Path)
		norm := 1.0
		if h.Size > 0 {
			norm = 1 - bm25B + bm25B*float64(h.Size)/avg
		}
		for i, c := range h.Counts {
			if i >= len(keywords) || c <= 0 {
				continue
			}
			f.Hits += c
			f.Terms++
			tf := float64(c)
			f.Score += idf[i] * tf * (bm25K1 + 1) / (tf + bm25K1*norm)
			if strings.Contains(lower, strings.ToLower(keywords[i])) {
				f.Score += idf[i]
			}
		}
		if f.Terms == 0 {
			continue
		}
		f.Score = math.Round(f.Score*kindWeight[f.Kind]*100) / 100
		out = append(out, f)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		if out[i].Hits != out[j].Hits {
			return out[i].Hits > out[j].Hits
		}
		return out[i].Path < out[j].Path
	})
	return out
}

// vendoredDirs hold code a team imports rather than writes.
var vendoredDirs = set("vendor node_modules third_party thirdparty external bower_components .yarn site-packages")

// generatedDirs hold build output or code written by tools.
var generatedDirs = set("dist build out target generated gen __generated__ .next coverage")

// generatedSuffixes mark files written by tools whatever their directory.
var generatedSuffixes = []string{
	".pb.go", "_gen.go", ".gen.go", "_generated.go", ".min.js", ".min.css", ".map",
	"_pb2.py", ".g.dart", ".designer.cs", "package-lock.json", "yarn.lock", "pnpm-lock.yaml",
	"go.sum", "cargo.lock", "poetry.lock", "gemfile.lock", "composer.lock",
}

// Kind classifies a path: vendored, generated, test, doc or source.
// generated reports a "generated" marker found in the file itself.
func Kind(p string, generated bool) string {
	lower := strings.ToLower(p)
	dirs := strings.Split(path.Dir(lower), "/")
	for _, d := range dirs {
		if vendoredDirs[d] {
			return KindVendored
		}
	}
	if generated {
		return KindGenerated
	}
	for _, d := range dirs {
		if generatedDirs[d] {
			return KindGenerated
		}
	}
	for _, s := range generatedSuffixes {
		if strings.HasSuffix(lower, s) {
			return KindGenerated
		}
	}
	base := path.Base(lower)
	for _, d := range dirs {
		if d == "test" || d == "tests" || d == "testdata" || d == "__tests__" || d == "spec" || d == "fixtures" {
			return KindTest
		}
	}
	if strings.HasPrefix(base, "test_") || strings.Contains(base, "_test.") || strings.Contains(base, ".test.") ||
		strings.Contains(base, ".spec.") {
		return KindTest
	}
	switch path.Ext(base) {
	case ".md", ".rst", ".txt", ".adoc":
		return KindDoc
	}
	if dirs[0] == "docs" || dirs[0] == "doc" {
		return KindDoc
	}
	return KindSource
}
