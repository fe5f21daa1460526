package roundtable

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// A persona's acknowledgment names what a comment was about. rtgit has no
// model to summarise with, so it takes the words from the comment itself:
// the first noun phrase of its first sentence ("the SQLite read lock"), or
// for a pattern that wants a sentence, that sentence's first clause. Both
// are the commenter's own words, cut, never reworded.

// subjectWords are the function words a noun phrase is cut at, by kind.
var (
	determiners = wordSet(`the a an this that these those some any every each all many most several our their its my your no another other such`)
	pronouns    = wordSet(`i we you they he she it me us them i'm we're you're they're it's i've we've i'd we'd there here everyone someone anyone nobody`)
	auxiliaries = wordSet(`is are was were be been being am do does did can could should would will shall may might must have has had need needs won't can't don't doesn't isn't aren't wasn't weren't shouldn't wouldn't couldn't`)
	relatives   = wordSet(`who which that whose whom where when while whereas because since if unless although though so than as`)
	conjunction = wordSet(`and or but nor yet also then`)
	openers     = wordSet(`what how why when where which who whether please ok okay yes no well hmm oh also just maybe perhaps honestly actually really note think guess wonder worried concerned about regarding re on for with in of to by from at`)
	// tailPreps may join a second noun to the phrase: "users in Germany",
	// "thousands of invoices".
	tailPreps = wordSet(`of in for on with from per across between under over`)
)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// maxSubjectWords keeps a subject short enough to read inside a sentence.
const maxSubjectWords = 7

// sentenceEndRe ends a sentence: a stop followed by a space, or the end.
var sentenceEndRe = lazyre.New(`[.!?](\s|$)`)

// firstSentence is the first sentence of text's first line, without a
// leading list or quote marker.
func firstSentence(text string) string {
	t := ""
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(l), ">"))
		if t = strings.TrimSpace(listMarkerRe.ReplaceAllString(l, "")); t != "" {
			break
		}
	}
	t = strings.Join(strings.Fields(t), " ")
	if loc := sentenceEndRe.FindStringIndex(t); loc != nil {
		t = t[:loc[0]]
	}
	return t
}

// token is one word of a sentence, and whether punctuation right after it
// ends a phrase.
type token struct {
	word, key string // as written, and lowercased
	stop      bool
}

func tokens(s string) []token {
	var out []token
	for _, f := range strings.Fields(s) {
		if strings.Trim(f, "-—–") == "" {
			if len(out) > 0 {
				out[len(out)-1].stop = true
			}
			continue
		}
		w := strings.TrimRight(f, `,;:)]"”'’—.!?`)
		stop := w != f
		if w = strings.TrimLeft(w, `("'“‘[`); w == "" {
			continue
		}
		out = append(out, token{word: w, key: strings.ToLower(w), stop: stop})
	}
	return out
}

// function reports whether a word only holds a sentence together.
func function(k string) bool {
	return openers[k] || pronouns[k] || auxiliaries[k] || relatives[k] || conjunction[k]
}

// commentSubject is the first noun phrase of text's first sentence, in the
// commenter's words: "The SQLite read lock a long export holds, which …"
// gives "the SQLite read lock". It is "" when no phrase stands out.
func commentSubject(text string) string {
	sent := firstSentence(text)
	toks := tokens(sent)
	i, verbNext := 0, false
	for ; i < len(toks); i++ {
		k, next := toks[i].key, ""
		if i+1 < len(toks) {
			next = toks[i+1].key
		}
		if determiners[k] && !determiners[next] && !pronouns[next] && !auxiliaries[next] {
			break // "the lock", "that lock"
		}
		if function(k) || determiners[k] {
			// "We should stream …", "I think the …": after a pronoun
			// (and its helper verb) comes a verb, not the subject.
			verbNext = pronouns[k] || k == "that" || (verbNext && auxiliaries[k])
			continue
		}
		if !verbNext {
			break
		}
		verbNext = false
	}
	var phrase []token
	content, inTail := 0, false
	for ; i < len(toks) && len(phrase) < maxSubjectWords; i++ {
		t := toks[i]
		k := t.key
		end := false
		switch {
		case determiners[k]:
			// A new determiner starts a new phrase unless a preposition
			// just asked for it ("thousands of the invoices").
			end = content > 0 && !(len(phrase) > 0 && tailPreps[phrase[len(phrase)-1].key])
		case pronouns[k] || auxiliaries[k] || relatives[k] || stoppers[k]:
			end = true
		case tailPreps[k]:
			end = content == 0 || inTail
			inTail = true
		case conjunction[k]:
			// "refunds and credit notes", "Germany or France" join two
			// nouns; any other conjunction starts something new.
			end = k != "and" && k != "or" || i+1 >= len(toks) || function(toks[i+1].key) || determiners[toks[i+1].key]
		case openers[k]:
			end = true
		default:
			content++
		}
		if end {
			break
		}
		phrase = append(phrase, t)
		if t.stop {
			break
		}
	}
	for len(phrase) > 0 {
		k := phrase[len(phrase)-1].key
		if !(determiners[k] || tailPreps[k] || conjunction[k]) {
			break
		}
		phrase = phrase[:len(phrase)-1]
	}
	if content == 0 || len(phrase) == 0 {
		return ""
	}
	words := make([]string, len(phrase))
	for j, t := range phrase {
		words[j] = t.word
	}
	words[0] = sentenceCase(words[0], sent)
	return strings.Join(words, " ")
}

// stoppers end a noun phrase although they are no function word of the
// lists above.
var stoppers = wordSet(`instead rather too either because`)

// commentClause is the first clause of text's first sentence, to stand
// after "so" in an acknowledgment: lowercased where the sentence began, and
// spoken back to the commenter ("I" becomes "you").
func commentClause(text string) string {
	sent := firstSentence(text)
	if i := strings.IndexAny(sent, ";:("); i > 0 {
		sent = sent[:i]
	}
	for _, cut := range []string{" -- ", " — ", ", which", ", but", ", so ", ", because"} {
		if i := strings.Index(sent, cut); i > 0 {
			sent = sent[:i]
		}
	}
	words := strings.Fields(strings.TrimRight(strings.TrimSpace(sent), ",.!?"))
	if len(words) == 0 || len(words) > 24 {
		return ""
	}
	for i, w := range words {
		if r, ok := spokenBack[w]; ok {
			words[i] = r
		} else if r, ok := spokenBack[strings.ToLower(w)]; ok && i == 0 {
			words[i] = r
		}
	}
	words[0] = sentenceCase(words[0], sent)
	return strings.Join(words, " ")
}

// spokenBack turns the commenter's "I" into the persona's "you".
var spokenBack = map[string]string{
	"I": "you", "I'm": "you're", "I've": "you've", "I'd": "you'd", "I'll": "you'll",
	"me": "you", "my": "your", "mine": "yours", "myself": "yourself",
}

// sentenceCase lowercases a sentence's first word for use mid-sentence,
// unless it reads as a name: an acronym ("SQLite", "CSV"), or a word the
// sentence also capitalises where no sentence starts.
func sentenceCase(w, sent string) string {
	r, size := utf8.DecodeRuneInString(w)
	if size == 0 || !unicode.IsUpper(r) {
		return w
	}
	for _, c := range w[size:] {
		if unicode.IsUpper(c) {
			return w
		}
	}
	if w == "I" {
		return w
	}
	if strings.Contains(sent[min(len(sent), len(w)):], " "+w) {
		return w
	}
	return string(unicode.ToLower(r)) + w[size:]
}
