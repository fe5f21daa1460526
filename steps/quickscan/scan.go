package quickscan

import (
	"strings"
)

// defCandidates is how many of the best-ranked files are read for
// definitions: enough to hold the defining file of every named
// identifier, few enough that reading them costs nothing next to the
// search.
const defCandidates = 30

// Terms turns what a user typed into search terms. A keyword list is a
// list only when the user says so (list), or when every comma- or
// semicolon-separated item is a single token; anything else is a
// description ("middleware.Recoverer, stack formatting" is one), whose
// keywords Keywords draws.
func Terms(text string, list bool) []string {
	items := ParseList(text)
	if list {
		return items
	}
	if len(items) >= 2 {
		single := true
		for _, it := range items {
			if len(strings.Fields(it)) != 1 || len(it) > 60 {
				single = false
				break
			}
		}
		if single {
			return items
		}
	}
	return Keywords(text)
}

// definedPairs finds two keywords the file mentions that run together
// name something it defines: "app context" and class AppContext, "body
// limit" and func BodyLimit. A keyword the file defines alone is not
// paired again, nor are two words whose joined form is a keyword it
// defines (real, ip and realip).
func definedPairs(defs map[string]bool, keywords []string, h *Hit) [][2]int {
	var out [][2]int
	found := func(i int) bool { return i < len(h.Counts) && h.Counts[i] > 0 && !h.Defines[i] }
	defined := map[string]bool{}
	for i, k := range keywords {
		if i < len(h.Defines) && h.Defines[i] {
			defined[squash(k)] = true
		}
	}
	for i, a := range keywords {
		if !found(i) {
			continue
		}
		for j, b := range keywords {
			if ab := squash(a) + squash(b); j != i && found(j) && defs[ab] && !defined[ab] {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

// Reader reads a file's content at the revision a scan searched.
type Reader func(path string) ([]byte, error)

// AnalyzeWith is Analyze with a definition pass: the best-ranked files
// are read and each keyword they define (a Go func or type, a Python def
// or class, a JavaScript function, class or method) raises them above
// the files that merely use it. A file that cannot be read keeps its
// first-pass rank.
func AnalyzeWith(keywords []string, hits []Hit, searched int, read Reader) Result {
	facts := pathFactsOf(keywords, hits)
	if read != nil {
		read = readOnce(read)
		first := rank(keywords, hits, searched, facts)
		byPath := make(map[string]int, len(hits))
		for i, h := range hits {
			byPath[h.Path] = i
		}
		n := 0
		for _, f := range first {
			if n == defCandidates {
				break
			}
			if f.Kind != KindSource && f.Kind != KindTest {
				continue
			}
			n++
			b, err := read(f.Path)
			if err != nil {
				continue
			}
			defs := Definitions(f.Path, b)
			if len(defs) == 0 {
				continue
			}
			h := &hits[byPath[f.Path]]
			h.Defines = make([]bool, len(keywords))
			for i, k := range keywords {
				h.Defines[i] = i < len(h.Counts) && h.Counts[i] > 0 && DefinesTerm(defs, k)
			}
			h.DefinesPairs = definedPairs(defs, keywords, h)
		}
	}
	r := analyze(keywords, hits, searched, facts)
	r.Files = withEntryFile(r.Files, read)
	r.Companions = companionsOf(keywords, r.Files, History{}, "")
	return r
}

// readOnce wraps a Reader so that each path is read at most once: the
// definition pass and the entry-file check may both want a package's
// __init__.py or index.js.
func readOnce(read Reader) Reader {
	type got struct {
		b   []byte
		err error
	}
	done := map[string]got{}
	return func(p string) ([]byte, error) {
		if g, ok := done[p]; ok {
			return g.b, g.err
		}
		b, err := read(p)
		done[p] = got{b, err}
		return b, err
	}
}

// Result is a whole scan: the keywords, the ranked files and the estimate.
type Result struct {
	Keywords []string `json:"keywords"`
	Searched int      `json:"searched_files"`
	Files    []File   `json:"files"`
	// Companions are changelogs, documents, configuration and examples
	// likely to change with the code (companionsOf), listed apart from
	// Files.
	Companions []Companion `json:"companions"`
	Estimate
	// hist and sweeps are what the estimate was last sized with
	// (WithHistory, Sweeping), and release the version the title
	// announces (Releasing), so that each keeps the others' part.
	hist    History
	sweeps  []string
	release string
}

// Analyze ranks the hits of a search for keywords over searched files and
// sizes the change. Hits carrying Defines (see AnalyzeWith) rank by them.
func Analyze(keywords []string, hits []Hit, searched int) Result {
	return analyze(keywords, hits, searched, pathFactsOf(keywords, hits))
}

func analyze(keywords []string, hits []Hit, searched int, facts []pathFacts) Result {
	matched := 0
	for i := range keywords {
		for _, h := range hits {
			if i < len(h.Counts) && h.Counts[i] > 0 {
				matched++
				break
			}
		}
	}
	ranked := rank(keywords, hits, searched, facts)
	return Result{Keywords: keywords, Searched: searched, Files: ranked, Companions: companionsOf(keywords, ranked, History{}, ""),
		Estimate: EstimateFrom(len(keywords), matched, ranked)}
}
