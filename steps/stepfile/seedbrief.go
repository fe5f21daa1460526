package stepfile

import (
	"strings"
	"unicode"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps"
)

// A seed step's Brief Mode is what its agent said before drafting: a
// summary with {placeholders}, wrapped in talk about the agent's own work
// ("Let me draft them and you can review. One moment.") and ending in a
// confirmation question ("Sound right?"). In rtgit the brief prose becomes
// the draft a person confirms, and a confirmed draft is the answer every
// artifact section quotes. So only the summary is drafted: the persona's
// closing question is asked instead of rtgit's own, the talk about work
// nobody will do is left out, and a brief that is nothing but such talk
// drafts nothing, so nobody confirms words nobody said. A sentence with
// no placeholder ("No new dependencies needed.", "All errors are
// recoverable.") is something the seed's agent would have checked first;
// in rtgit nobody has, so it is asked about rather than drafted.

// confirmAsk is the part of the confirm question that says how to answer
// it; the persona's closing question, or "Does this capture it?", leads.
const confirmAsk = "Leave the draft as it is to confirm it, fill in anything still in {braces}, or correct what's off."

// noDraftAsk is what the confirm question asks when the brief prose held
// no summary to draft.
const noDraftAsk = "Nothing is drafted here: write the answer in your own words."

// processRe matches a sentence in which the persona announces what it is
// about to do, possibly after a lead-in clause ("Based on our discussion,
// I'll draft …").
var processRe = lazyre.New(`^(?:[^,.;:?!]*,\s*)?(?:I'll|I will|I'm going to|I am going to|Let me)\b`)

// presentRe matches a sentence that only presents what follows ("Here's
// my suggested prioritization."): with no placeholder, it says nothing.
var presentRe = lazyre.New(`^Here(?:'s|’s| is| are)\b`)

// waitRe matches the sentences that only ask the reader to wait.
var waitRe = lazyre.New(`^(?:One moment|Give me a moment|Just a moment)\b`)

// instructionVerbs open a paragraph written to the seed's agent, not said
// by the persona: "Search the codebase using Grep …".
var instructionVerbs = map[string]bool{
	"search": true, "report": true, "read": true, "use": true, "run": true, "present": true,
	"ask": true, "list": true, "summarize": true, "summarise": true, "check": true, "show": true,
	"generate": true, "create": true, "identify": true, "analyze": true, "analyse": true,
	"review": true, "look": true, "scan": true, "grep": true, "display": true, "record": true,
	"update": true, "write": true, "draft": true, "load": true, "invoke": true, "call": true,
}

// briefDraft splits a seed Brief Mode's paragraphs into the draft to
// confirm, the question to ask about it and, when there is no draft, the
// persona's note on what the step is for. The first paragraph's speaker
// label ("Maya Chen:") is already stripped; labelled tells whether it had
// one, which marks the paragraphs without one as written to the agent.
func briefDraft(paras []string, labelled bool) (draft, ask, note string) {
	var kept, notes, claims []string
	var closing string
	for i, p := range paras {
		if !plain(p) {
			kept = append(kept, p) // a table, list or code: drafted as it is
			continue
		}
		if i > 0 && labelled && instruction(p) {
			continue
		}
		var out []string
		ss := sentences(p)
		for _, s := range ss {
			switch {
			case waitRe.MatchString(s):
			case processRe.MatchString(s):
				notes = append(notes, s)
			case asks(s) || hasPlaceholder(s):
				out = append(out, s)
			case presentRe.MatchString(s):
			default:
				claims = append(claims, s)
			}
		}
		switch {
		case len(out) == len(ss):
			kept = append(kept, p) // nothing left out: the lines as written
		case len(out) > 0:
			kept = append(kept, strings.Join(out, " "))
		}
	}
	// The closing question is the last paragraph's trailing questions.
	if n := len(kept); n > 0 && plain(kept[n-1]) {
		ss := sentences(kept[n-1])
		j := len(ss)
		for j > 0 && asks(ss[j-1]) {
			j--
		}
		closing = strings.Join(ss[j:], " ")
		if j == 0 {
			kept = kept[:n-1]
		} else {
			kept[n-1] = strings.Join(ss[:j], " ")
		}
	}
	if len(claims) > 0 {
		quoted := make([]string, len(claims))
		for i, c := range claims {
			quoted[i] = "“" + c + "”"
		}
		says := "The step file's brief also says "
		if len(kept) == 0 {
			says = "The step file's brief says "
		}
		which := "that"
		if len(claims) > 1 {
			which = "each"
		}
		also := says + steps.JoinAnd(quoted) + ": put " + which + " in your answer only if it holds."
		if closing == "" && len(kept) > 0 {
			closing = "Does this capture it?"
		}
		closing = strings.TrimSpace(closing + " " + also)
	}
	if len(kept) == 0 {
		ask = noDraftAsk
		if closing != "" {
			ask = closing + " " + noDraftAsk
		}
		return "", ask, strings.Join(notes, " ")
	}
	if closing == "" {
		closing = "Does this capture it?"
	}
	return strings.Join(kept, "\n\n"), closing + " " + confirmAsk, ""
}

// asks reports whether a sentence asks the reader something: a question,
// or a request such as "Tell me if that's wrong."
func asks(s string) bool {
	return strings.HasSuffix(s, "?") || requestRe.MatchString(s)
}

var requestRe = lazyre.New(`^(?:Tell me|Let me know|Correct me|Say so)\b`)

// hasPlaceholder reports whether a sentence holds a {placeholder}, filled
// from the scan ({{file_count}}) or left for the person answering.
func hasPlaceholder(s string) bool {
	i := strings.IndexByte(s, '{')
	return i >= 0 && strings.IndexByte(s[i:], '}') > 0
}

// plain reports whether a paragraph is running text: no line of it starts
// a table, list, quote, heading or code.
func plain(p string) bool {
	for _, l := range strings.Split(p, "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if strings.ContainsRune("|>#`-*+~", rune(l[0])) {
			return false
		}
		if i := strings.IndexAny(l, ".)"); i > 0 && i < 4 && strings.Trim(l[:i], "0123456789") == "" {
			return false
		}
	}
	return true
}

// instruction reports whether a paragraph opens with an imperative verb,
// as the seed's notes to its agent do.
func instruction(p string) bool {
	first, _, _ := strings.Cut(strings.TrimSpace(p), " ")
	if first == "" || !unicode.IsUpper([]rune(first)[0]) {
		return false
	}
	return instructionVerbs[strings.ToLower(strings.TrimRight(first, ",:"))]
}

// sentences splits prose at a full stop, question or exclamation mark
// followed by a space and a capital, a brace or a quote. A "{a. b}" or
// "e.g. Foo" may split wrongly; either way the words are all kept.
func sentences(p string) []string {
	var out []string
	rs := []rune(strings.Join(strings.Fields(p), " "))
	start, depth := 0, 0
	for i := 0; i < len(rs); i++ {
		switch rs[i] {
		case '{':
			depth++
		case '}':
			depth = max(depth-1, 0)
		case '.', '?', '!':
			if depth > 0 || i+2 >= len(rs) || rs[i+1] != ' ' {
				continue
			}
			if next := rs[i+2]; unicode.IsUpper(next) || strings.ContainsRune("{\"'`*_“", next) {
				out = append(out, string(rs[start:i+1]))
				start = i + 2
			}
		}
	}
	if start < len(rs) {
		out = append(out, string(rs[start:]))
	}
	return out
}
