package quickscan

import (
	"path"
	"strings"
)

// nameMatch is one way a file's path names the change: keyword i (and j,
// for two keywords run together) spells the file's name or a part of it.
type nameMatch struct {
	i, j  int // j < 0: one keyword
	bonus float64
}

// weight is the match's share of the keywords' IDF weight: two keywords
// run together name a file as surely as the rarer of them does.
func (m nameMatch) weight(idf []float64) float64 {
	if m.j < 0 {
		return idf[m.i]
	}
	return max(idf[m.i], idf[m.j])
}

// term is how the match reads in an explanation: "mux", "real+ip".
func (m nameMatch) term(keywords []string) string {
	if m.j < 0 {
		return keywords[m.i]
	}
	return keywords[m.i] + "+" + keywords[m.j]
}

// namer finds the keywords paths spell, for one keyword list. A search
// hands it every hit file in tree order, so it keeps the words of the
// last directory it saw: the files of one directory come together, and
// splitting the directory's name again for each was a good part of
// ranking a search that hits every file.
type namer struct {
	keywords []string
	squashed []string // squash of each keyword
	canon    []string // canonical form of each squashed keyword
	canonKw  []string // canonical form of each keyword
	dir      string   // the directory dirWords holds the words of
	dirWords map[string]bool
}

func newNamer(keywords []string) *namer {
	n := &namer{keywords: keywords}
	for _, k := range keywords {
		sq := squash(k)
		n.squashed = append(n.squashed, sq)
		n.canon = append(n.canon, canonical(sq))
		n.canonKw = append(n.canonKw, canonical(k))
	}
	return n
}

// matches finds the keywords (lower-cased) path p spells. The file's
// name (parser.py) or its stem whole (parser, or realip for "real" and
// "ip") is the strongest; a word of its name or of its directory's
// (route and headers in middleware/route_headers.go) counts less. Each
// keyword counts once.
func (n *namer) matches(p string) []nameMatch {
	keywords := n.keywords
	dir, base := path.Split(p)
	file := strings.ToLower(base)
	base = strings.TrimSuffix(base, path.Ext(base))
	dir = path.Base(strings.TrimSuffix(dir, "/"))
	whole := squash(base)
	singular := Singular(whole)
	canonSingular := canonical(singular)
	var out []nameMatch
	used := make([]bool, len(keywords))
	for i, k := range keywords {
		// files.rb names lib/rack/files.rb by its name and extension.
		if k == file || n.squashed[i] == whole || singular == k || n.canon[i] == canonSingular {
			out = append(out, nameMatch{i, -1, stemBonus})
			used[i] = true
		}
	}
	// Two keywords run together: realip.go, bodylimit.go, app_context.py;
	// unless one keyword already spells the whole name ("real ip" is
	// searched as realip too), which names it once.
	for i := range keywords {
		if len(out) > 0 || used[i] || !strings.HasPrefix(whole, n.squashed[i]) {
			continue
		}
		for j := range keywords {
			if j == i || used[j] {
				continue
			}
			if ab := n.squashed[i] + n.squashed[j]; ab == whole || Singular(ab) == singular {
				out = append(out, nameMatch{i, j, stemBonus})
				used[i], used[j] = true, true
				break
			}
		}
	}
	if n.dirWords == nil || dir != n.dir {
		n.dir, n.dirWords = dir, map[string]bool{}
		addPathWords(n.dirWords, dir, false)
	}
	words := map[string]bool{}
	addPathWords(words, base, true)
	for i, k := range keywords {
		if !used[i] && (words[k] || words[n.canonKw[i]] || n.dirWords[k] || n.dirWords[n.canonKw[i]]) {
			out = append(out, nameMatch{i, -1, pathBonus})
		}
	}
	return out
}

// addPathWords adds the words of one element of a path to words: the
// element lower-cased, each word of it and its singular, and each part of
// a hyphenated word. A file's own name may abbreviate (req_ctx.js), so
// its words' canonical forms count too; a directory's rarely abbreviate
// what the text means (lib, cmd).
func addPathWords(words map[string]bool, el string, file bool) {
	if el == "." || el == "" || el == "/" {
		return
	}
	words[strings.ToLower(el)] = true
	for _, w := range SplitIdentifier(el) {
		w = strings.ToLower(w)
		words[w], words[Singular(w)] = true, true
		for _, p := range strings.Split(w, "-") {
			words[p] = true
			if file {
				words[canonical(p)] = true
			}
		}
	}
}

// squash drops the separators of a name: app_context, app-context and
// AppContext all read appcontext.
func squash(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '_' || r == '-' || r == '.' {
			return -1
		}
		return r
	}, strings.ToLower(s))
}
