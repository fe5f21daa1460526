package quickscan

import (
	"cmp"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
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
	// DefinesPairs are pairs of keywords, by index, that run together
	// name something the file defines ("app", "context": AppContext).
	DefinesPairs [][2]int
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
	// Named are the keywords the file's path spells: its name, a part of
	// it, or its directory.
	Named []string `json:"path_matches,omitempty"`
	// Reexports is the module this package entry file (__init__.py,
	// index.js) re-exports, when that brought it in (withEntryFile).
	Reexports string `json:"reexports,omitempty"`
	// named is the part of Score the file's path earned (namer.matches).
	named float64
}

// BM25 parameters: k1 bounds how much repeating a keyword helps, b how
// much a long file is discounted for matching by sheer length. b is low
// on purpose: the long central files of a project (its router, its app
// object) are where most changes land, and full length normalisation
// ranks them below every small file that mentions a word once. On the
// train split of the corpus, 0.1 put the defining central file first
// more often than 0.3 (docs/performance.md).
const (
	bm25K1 = 1.2
	bm25B  = 0.1
)

// Bonuses, in units of the keyword's IDF weight: a keyword in the file's
// name, and a keyword the file defines. The file that defines Recoverer
// is where a change to Recoverer lands; files calling it only might. A
// keyword that is a file's whole name weighs most: "args" names args.go
// more surely than the Command type whose field is called Args, since a
// definition's name is often a common word and a file's whole name is
// chosen to say what it holds (train split: hit@1 0.79 at 2.0, 0.81 at
// 3.5; docs/performance.md).
const (
	pathBonus = 1.0
	stemBonus = 3.5 // the keyword is the file's whole name: parser, parser.py, realip.go for "real ip"
	defBonus  = 2.5
)

// Rank scores every hit and returns the files best first.
//
// The score is BM25 over this repository: a keyword found in few of its
// files says more than one found everywhere (inverse document frequency
// over the searched files); repeated mentions help with diminishing
// returns; and a long file is discounted a little. A keyword naming the
// file (its name or directory, or two keywords run together as in
// realip.go for "real ip") and a keyword the file defines add their
// weight again. The sum is scaled by the file's kind (kindWeight).
func Rank(keywords []string, hits []Hit, searched int) []File {
	return rank(keywords, hits, searched, pathFactsOf(keywords, hits))
}

// pathFacts is what a hit's path alone says: its kind and the keywords it
// spells. It does not change when definitions are found, so a scan works
// it out once per hit file, not once per ranking: with keywords found in
// every file, that is most of a ranking's work.
type pathFacts struct {
	kind  string
	names []nameMatch
}

// pathFactsOf works out every hit's pathFacts, one share of the hits per
// CPU: it is the ranking's longest loop, and the search before it kept
// every CPU busy.
func pathFactsOf(keywords []string, hits []Hit) []pathFacts {
	lower := make([]string, len(keywords))
	for i, k := range keywords {
		lower[i] = strings.ToLower(k)
	}
	out := make([]pathFacts, len(hits))
	parts := min(runtime.GOMAXPROCS(0), len(hits)/1000+1)
	var wg sync.WaitGroup
	for p := range parts {
		wg.Add(1)
		go func(from, to int) {
			defer wg.Done()
			names := newNamer(lower)
			for i := from; i < to; i++ {
				out[i] = pathFacts{Kind(hits[i].Path, hits[i].Generated), names.matches(hits[i].Path)}
			}
		}(p*len(hits)/parts, (p+1)*len(hits)/parts)
	}
	wg.Wait()
	return out
}

// rank is Rank with each hit's pathFacts given, in hit order.
func rank(keywords []string, hits []Hit, searched int, facts []pathFacts) []File {
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
	for hi := range hits {
		h := &hits[hi]
		f := File{Path: h.Path, Decls: h.Decls, Kind: facts[hi].kind}
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
			if i < len(h.Defines) && h.Defines[i] {
				f.Score += defBonus * idf[i]
				f.Defines = append(f.Defines, keywords[i])
			}
		}
		if f.Terms == 0 {
			continue
		}
		for _, p := range h.DefinesPairs {
			f.Score += defBonus * max(idf[p[0]], idf[p[1]])
			f.Defines = append(f.Defines, keywords[p[0]]+"+"+keywords[p[1]])
		}
		for _, m := range facts[hi].names {
			f.named += m.bonus * m.weight(idf)
			f.Named = append(f.Named, m.term(keywords))
		}
		f.Score += f.named
		f.named *= kindWeight[f.Kind]
		f.Score = math.Round(f.Score*kindWeight[f.Kind]*100) / 100
		out = append(out, f)
	}
	// A total order (the path breaks the last tie), so an unstable sort
	// gives the one answer; sorting indices moves no File until the end.
	order := make([]int, len(out))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		x, y := &out[a], &out[b]
		switch {
		case x.Score != y.Score:
			return cmp.Compare(y.Score, x.Score)
		case x.Hits != y.Hits:
			return cmp.Compare(y.Hits, x.Hits)
		}
		return strings.Compare(x.Path, y.Path)
	})
	sorted := make([]File, len(out))
	for i, j := range order {
		sorted[i] = out[j]
	}
	return sorted
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
