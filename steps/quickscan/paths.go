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

// nameMatches finds the keywords (lower-cased) a path spells. The file's
// name (parser.py) or its stem whole (parser, or realip for "real" and
// "ip") is the strongest; a word of its name or of its directory's
// (route and headers in middleware/route_headers.go) counts less. Each
// keyword counts once.
func nameMatches(p string, keywords []string) []nameMatch {
	dir, base := path.Split(p)
	file := strings.ToLower(base)
	base = strings.TrimSuffix(base, path.Ext(base))
	dir = path.Base(strings.TrimSuffix(dir, "/"))
	whole := squash(base)
	var out []nameMatch
	used := make([]bool, len(keywords))
	for i, k := range keywords {
		// files.rb names lib/rack/files.rb by its name and extension.
		if k == file || squash(k) == whole || Singular(whole) == k || canonical(squash(k)) == canonical(Singular(whole)) {
			out = append(out, nameMatch{i, -1, stemBonus})
			used[i] = true
		}
	}
	// Two keywords run together: realip.go, bodylimit.go, app_context.py;
	// unless one keyword already spells the whole name ("real ip" is
	// searched as realip too), which names it once.
	for i, a := range keywords {
		if len(out) > 0 || used[i] || !strings.HasPrefix(whole, squash(a)) {
			continue
		}
		for j, b := range keywords {
			if j == i || used[j] {
				continue
			}
			if ab := squash(a) + squash(b); ab == whole || Singular(ab) == Singular(whole) {
				out = append(out, nameMatch{i, j, stemBonus})
				used[i], used[j] = true, true
				break
			}
		}
	}
	words := map[string]bool{}
	for _, el := range []string{dir, base} {
		if el == "." || el == "" || el == "/" {
			continue
		}
		words[strings.ToLower(el)] = true
		for _, w := range SplitIdentifier(el) {
			w = strings.ToLower(w)
			words[w], words[Singular(w)] = true, true
			for _, p := range strings.Split(w, "-") {
				words[p] = true
				// The file's own name may abbreviate (req_ctx.js); a
				// directory's rarely does what the text means (lib, cmd).
				if el == base {
					words[canonical(p)] = true
				}
			}
		}
	}
	for i, k := range keywords {
		if !used[i] && (words[k] || words[canonical(k)]) {
			out = append(out, nameMatch{i, -1, pathBonus})
		}
	}
	return out
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
