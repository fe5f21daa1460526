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
	// Defines marks, in keyword order, the keywords this file defines as
	// a function, type, class or method (see Definitions). Nil when the
	// file was not read for definitions.
	Defines []bool
}

// File is a ranked hit.
type File struct {
	Path  string  `json:"path"`
	Hits  int     `json:"hits"`  // occurrences of all keywords
	Terms int     `json:"terms"` // distinct keywords found
	Decls int     `json:"public_declarations"`
	Kind  string  `json:"kind"`
	Score float64 `json:"score"`
	// Matched are the keywords found in the file, Defines those it
	// defines: the reasons it ranked where it did.
	Matched []string `json:"matched,omitempty"`
	Defines []string `json:"defines,omitempty"`
}

// BM25 parameters: k1 bounds how much repeating a keyword helps, b how
// much a long file is discounted for matching by sheer length. b is low
// on purpose: the long central files of a project (its router, its app
// object) are where most changes land, and full length normalisation
// ranks them below every small file that mentions a word once.
const (
	bm25K1 = 1.2
	bm25B  = 0.3
)

// Bonuses, in units of the keyword's IDF weight: a keyword in the file's
// name, and a keyword the file defines. The file that defines Recoverer
// is where a change to Recoverer lands; files calling it only might.
const (
	pathBonus = 1.0
	stemBonus = 2.0 // the keyword is the file's whole name: parser, parser.py
	defBonus  = 2.5
)

// Rank scores every hit and returns the files best first.
//
// The score is BM25 over this repository: a keyword found in few of its
// files says more than one found everywhere (inverse document frequency
// over the searched files); repeated mentions help with diminishing
// returns; and a long file is discounted a little. A keyword in the
// file's name and a keyword the file defines add their weight again. The
// sum is scaled by the file's kind (kindWeight).
func Rank(keywords []string, hits []Hit, searched int) []File {
	idf := IDF(keywords, hits, searched)
	total := 0
	for _, h := range hits {
		total += h.Size
	}
	avg := 1.0
	if len(hits) > 0 && total > 0 {
		avg = float64(total) / float64(len(hits))
	}
	out := make([]File, 0, len(hits))
	for _, h := range hits {
		f := File{Path: h.Path, Decls: h.Decls, Kind: Kind(h.Path, h.Generated)}
		name, base := pathWords(h.Path), stem(h.Path)
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
			f.Matched = append(f.Matched, keywords[i])
			tf := float64(c)
			f.Score += idf[i] * tf * (bm25K1 + 1) / (tf + bm25K1*norm)
			switch k := strings.ToLower(keywords[i]); {
			case k == base || Singular(base) == k:
				f.Score += stemBonus * idf[i]
			case name[k]:
				f.Score += pathBonus * idf[i]
			}
			if i < len(h.Defines) && h.Defines[i] {
				f.Score += defBonus * idf[i]
				f.Defines = append(f.Defines, keywords[i])
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

// IDF weighs each keyword by how rare it is among the searched files of
// this repository: "support" found in half the files weighs little, a
// name found in two weighs much.
func IDF(keywords []string, hits []Hit, searched int) []float64 {
	df := make([]int, len(keywords))
	for _, h := range hits {
		for i, c := range h.Counts {
			if i < len(df) && c > 0 {
				df[i]++
			}
		}
	}
	if searched < len(hits) {
		searched = len(hits)
	}
	idf := make([]float64, len(keywords))
	for i := range keywords {
		idf[i] = math.Log(1 + (float64(searched)-float64(df[i])+0.5)/(float64(df[i])+0.5))
	}
	return idf
}

// pathWords are the lower-cased words of a path's last two elements,
// split like identifiers, plus those elements whole: "middleware/
// route_headers.go" gives middleware, route, headers, route_headers.
func pathWords(p string) map[string]bool {
	out := map[string]bool{}
	dir, base := path.Split(p)
	base = strings.TrimSuffix(base, path.Ext(base))
	for _, el := range []string{path.Base(strings.TrimSuffix(dir, "/")), base} {
		if el == "." || el == "" {
			continue
		}
		out[strings.ToLower(el)] = true
		for _, w := range SplitIdentifier(el) {
			w = strings.ToLower(w)
			out[w], out[Singular(w)] = true, true
			for _, p := range strings.Split(w, "-") {
				out[p] = true
			}
		}
	}
	return out
}
