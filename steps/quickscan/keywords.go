// Package quickscan is the pure part of Phase 00: it turns a description
// into search keywords, ranks the files a repository search found, estimates
// how many files a change touches and classifies its scope, complexity and
// the confidence of that estimate. It never reads a repository itself; the
// caller searches (gitops.Grep) and hands the hits in.
package quickscan

import (
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// MaxKeywords bounds the draft list: beyond a dozen terms every file in a
// repository starts to match something and the ranking turns to noise.
const MaxKeywords = 12

// minLen drops fragments like "a" or "x". A two-letter word is kept
// only when it is no English word (shortName): ip, id, db, ui name code.
const minLen = 3

// Keywords extracts search terms from free text, most telling first.
// Identifiers (snake_case, camelCase, dotted file names) are kept whole and
// also split into their parts; ordinary words are lowercased, singularised
// and dropped when they are stop words. Terms from earlier texts rank
// first, so the description outweighs a long follow-up answer.
func Keywords(texts ...string) []string {
	type cand struct {
		term   string // as first written, for display
		ident  bool
		title  bool // said in the first line
		joined bool // two words run together ("real ip": realip)
		count  int
		first  int
	}
	byTerm := map[string]*cand{}
	order := 0
	inTitle := false
	add := func(term string, ident bool) {
		key := strings.ToLower(term)
		if (len(key) < minLen && !shortName(key)) || (!ident && isStop(key)) || isNumber(key) {
			return
		}
		c, ok := byTerm[key]
		if !ok {
			c = &cand{term: term, first: order}
			byTerm[key] = c
			order++
		}
		c.count++
		c.ident = c.ident || ident
		c.title = c.title || inTitle
	}
	for n, text := range texts {
		// The area a commit subject names ("feat(mux): ...", "middleware:
		// ...") is where the change lives: kept as a name, like an
		// identifier, even when it is a common word.
		areas, rest := Areas(text)
		for _, a := range areas {
			addIdent(a, add)
		}
		// The first line of the first text is its title: a commit's
		// subject, an issue's summary. Its words outrank the body's.
		segs := []string{rest}
		if n == 0 {
			title, body, _ := strings.Cut(strings.TrimLeft(rest, " \t\r\n"), "\n")
			segs = []string{title, body}
		}
		for si, seg := range segs {
			inTitle = n == 0 && si == 0 && len(segs) == 2
			toks := tokens(seg)
			for ti, tok := range toks {
				// A two-letter name is searched alone (IDF weighs it)
				// and run together with the word before it, which names
				// things too: "real ip" is RealIP and realip.go.
				if short := strings.ToLower(tok); len(short) == 2 && shortName(short) {
					add(short, false)
					if ti == 0 {
						continue
					}
					if prev := strings.ToLower(toks[ti-1]); len(prev) >= minLen && isAlpha(prev) && !stopWords.has(prev) {
						add(prev+short, false)
						if c := byTerm[prev+short]; c != nil {
							c.joined = true
						}
					}
					continue
				}
				// A qualified name (middleware.Recoverer, app.set, c.Params)
				// is searched by its parts: code spells the definition
				// without the qualifier. Its parts are names, kept even when
				// they are common words (set, type).
				if strings.Contains(tok, ".") && !isFileName(strings.ToLower(tok)) {
					for _, part := range strings.Split(strings.TrimSuffix(tok, "()"), ".") {
						addIdent(part, add)
					}
					continue
				}
				if call := strings.HasSuffix(tok, "()"); call || len(SplitIdentifier(tok)) > 1 || strings.ContainsAny(tok, "._$") {
					addIdent(strings.TrimSuffix(tok, "()"), add)
					continue
				}
				if w := strings.ToLower(tok); !isStop(w) {
					add(Singular(w), false)
				}
			}
		}
	}
	list := make([]*cand, 0, len(byTerm))
	for _, c := range byTerm {
		list = append(list, c)
	}
	// Identifiers first (people name code when they know it), then the
	// title's words, then words mentioned more often, then first
	// appearance.
	sort.Slice(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if a.ident != b.ident {
			return a.ident
		}
		if a.title != b.title {
			return a.title
		}
		if a.count != b.count {
			return a.count > b.count
		}
		return a.first < b.first
	})
	var out []string
	for _, c := range list {
		// A joined word is kept though its first word finds it too: it
		// also names files (realip.go) and definitions (RealIP).
		if !c.joined && covered(out, c.term) {
			continue
		}
		out = append(out, c.term)
		if len(out) == MaxKeywords {
			break
		}
	}
	return out
}

// areaRe finds a subject's area: a conventional-commit type with a scope,
// "fix(router,tree)!:", or a leading package or path, "middleware:" or
// "net/http:", at the start of a line (or a list item). A lower-case
// prefix only: "Note:" and "Signed-off-by:" open prose and trailers.
var areaRe = lazyre.New(`(?m)^[ \t]*(?:[-*][ \t]+)?(?:([A-Za-z]+)\(([^()\n]*)\)!?|([a-z_][\w./]*))!?:[ \t]`)

// commitTypes are the conventional-commit types: a prefix that says what
// kind of change it is, not where.
var commitTypes = set("feat feature fix bugfix refactor perf chore docs doc style test tests build ci revert deps release wip")

// notAreas are the labels prose and trailers open a line with.
var notAreas = set("note notes see example examples warning todo fixme breaking important closes fixes refs ref related resolves cc ps tl dr edit update nb caveat reason why")

// Areas returns the areas the subject lines of text name, and the text
// without those prefixes: "feat(mux): add QUERY" names mux, "net/http:
// fix" names net and http; "fix: x" names none.
func Areas(text string) (areas []string, rest string) {
	rest = areaRe.ReplaceAllStringFunc(text, func(m string) string {
		sub := areaRe.FindStringSubmatch(m)
		scope := sub[2]
		if w := strings.ToLower(sub[3]); w != "" && !commitTypes.has(w) && !notAreas.has(w) && !stopWords.has(w) {
			scope = sub[3]
		}
		for _, a := range strings.FieldsFunc(scope, func(r rune) bool { return r == ',' || r == '/' || r == ' ' || r == '|' }) {
			if a = strings.Trim(a, ".-_"); a != "" && !slices.Contains(areas, a) {
				areas = append(areas, a)
			}
		}
		return " "
	})
	return areas, rest
}

// addIdent adds an identifier whole, then its parts as plain words.
func addIdent(tok string, add func(string, bool)) {
	if tok == "" {
		return
	}
	parts := SplitIdentifier(tok)
	if len(parts) == 1 {
		if len(tok) >= minLen && !fillerWords.has(strings.ToLower(tok)) {
			add(tok, true)
		}
		return
	}
	add(tok, true)
	file := isFileName(strings.ToLower(tok))
	for _, p := range parts {
		// A file name's extension (the js of Node.js, the py of app.py)
		// names a language, not the change.
		if w := strings.ToLower(p); !stopWords.has(w) && !(file && len(w) < minLen) {
			add(Singular(w), false)
		}
	}
}

// covered reports whether a term adds nothing to the list: "invoice"
// already finds "invoices". A two-letter term covers only its own
// inflections: "ip" does not find zip or skip.
func covered(list []string, term string) bool {
	term = strings.ToLower(term)
	for _, t := range list {
		t = strings.ToLower(t)
		if len(t) < minLen {
			if term == t || term == t+"s" {
				return true
			}
			continue
		}
		if strings.Contains(term, t) && !strings.ContainsAny(term, "._") {
			return true
		}
	}
	return false
}

// shortWords are two-letter English words and abbreviations that are not
// stop words, and the languages named by their file extensions: they
// name nothing in code.
var shortWords = set("ok vs eg ie re oh hi ah ex pr mr ms dr st nd rd th al et ll ve tl cc ps yo ya lo uh um hm mm eh aw ow js ts py rb rs sh md cs")

// shortName reports whether a two-letter word may name code: letters
// only, and no English word.
func shortName(w string) bool {
	return len(w) == 2 && isAlpha(w) && !stopWords.has(w) && !shortWords.has(w)
}

// Identifiers returns the identifier-like tokens of text (snake_case,
// camelCase, dotted names), space-separated, for Keywords: code names in a
// follow-up answer are worth searching even when its prose is not.
func Identifiers(text string) string {
	var out []string
	for _, tok := range tokens(text) {
		if len(SplitIdentifier(tok)) > 1 || strings.ContainsAny(tok, "._") {
			out = append(out, tok)
		}
	}
	return strings.Join(out, " ")
}

// ParseList reads a keyword list as a person edits it: comma, semicolon or
// newline separated, list markers and quotes removed, duplicates (ignoring
// case) dropped.
func ParseList(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == '\n' }) {
		f = strings.TrimSpace(f)
		f = strings.TrimLeft(f, "-* ")
		f = strings.Trim(f, "`'\" ")
		if f == "" || seen[strings.ToLower(f)] {
			continue
		}
		seen[strings.ToLower(f)] = true
		out = append(out, f)
	}
	return out
}

// callRe finds a name written as a call, res.send() or debug(...), which
// marks it as code even when it is a plain word. The arguments are dropped.
var callRe = lazyre.New(`([A-Za-z_$][\w$.]*)\([^()\s]*\)`)

// strayDollar matches a $ that starts no name: a price ($5) or a trailing
// one. A $ before a letter or underscore is part of a name in Java,
// JavaScript and PHP ($Gson$Types, $scope, $http), searched whole.
var strayDollar = lazyre.New(`\$([^A-Za-z_]|$)`)

// tokens splits text into words and identifiers. Dots, slashes and
// underscores stay inside a token so file names and paths survive.
func tokens(text string) []string {
	text = callRe.ReplaceAllString(text, "$1() ")
	f := strings.FieldsFunc(text, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '$' || r == '.' || r == '/' || r == '-' || r == '(' || r == ')')
	})
	var out []string
	for _, t := range f {
		t = strayDollar.ReplaceAllString(t, "${1}")
		call := strings.Contains(t, "()")
		t = strings.Trim(strings.NewReplacer("(", "", ")", "").Replace(t), "._/-")
		// A hyphen or slash joins words in prose ("read-only", "and/or"),
		// not identifiers; treat them as separate tokens.
		for _, p := range strings.FieldsFunc(t, func(r rune) bool { return r == '-' || r == '/' }) {
			if p = strings.Trim(p, "._"); p != "" {
				if call {
					p += "()"
				}
				out = append(out, p)
			}
		}
	}
	return out
}

// SplitIdentifier breaks an identifier into words at underscores, dots,
// dollar signs and case changes: "InvoiceStore" -> Invoice Store,
// "list_invoices" -> list invoices, "HTTPServer" -> HTTP Server, "api.py"
// -> api py, "$Gson$Types" -> Gson Types.
func SplitIdentifier(id string) []string {
	var words []string
	for _, chunk := range strings.FieldsFunc(id, func(r rune) bool { return r == '_' || r == '.' || r == '$' }) {
		rs := []rune(chunk)
		start := 0
		for i := 1; i < len(rs); i++ {
			prev, cur := rs[i-1], rs[i]
			next := rune(0)
			if i+1 < len(rs) {
				next = rs[i+1]
			}
			lowerToUpper := unicode.IsLower(prev) && unicode.IsUpper(cur)
			acronymEnd := unicode.IsUpper(prev) && unicode.IsUpper(cur) && unicode.IsLower(next)
			letterDigit := unicode.IsLetter(prev) != unicode.IsLetter(cur)
			if lowerToUpper || acronymEnd || letterDigit {
				words = append(words, string(rs[start:i]))
				start = i
			}
		}
		words = append(words, string(rs[start:]))
	}
	return words
}

// Singular strips a regular English plural so the term also matches the
// singular: a word search for "invoice" finds "invoices" too. A plural in
// -ies comes from -y (entries, queries) or, for a few nouns, from -ie
// (cookies, movies); the search for "entry" also finds "entrie", so an
// -ie noun missing here is still found.
func Singular(w string) string {
	switch {
	case len(w) <= 4 || notPlurals.has(w):
		return w
	case strings.HasSuffix(w, "ies") && ieNouns.has(w[:len(w)-1]):
		return w[:len(w)-1]
	case strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "xes"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "s"):
		return w[:len(w)-1]
	}
	return w
}

// ieNouns are the common nouns whose plural in -ies drops an s, not -ies.
var ieNouns = set("cookie movie zombie rookie newbie selfie hoodie goalie calorie brownie genie pixie freebie smoothie magpie hippie junkie boogie")

// notPlurals end like plurals but are singular too.
var notPlurals = set("series species news lens canvas alias atlas bias chaos")

func isAlpha(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

func isNumber(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) && r != '.' {
			return false
		}
	}
	return true
}
