package comment

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// CommentKind is what a remark on an analysis is, as the roundtable triages
// it before anything is recorded.
type CommentKind string

// The kinds a remark can be. A command (a /rtgit line, a menu letter or a
// depth phrase said on its own) is recognised by the comment parser before
// triage; triage sorts everything else.
const (
	// KindAcknowledgement is "ok", "thanks", "LGTM", "+1" or an emoji
	// alone: answered with a reaction, never recorded.
	KindAcknowledgement CommentKind = "acknowledgement"
	// KindQuestion asks something; it becomes a tracked open question.
	KindQuestion CommentKind = "question"
	// KindFeedback is everything else: kept verbatim in the step's feedback.
	KindFeedback CommentKind = "feedback"
)

// ackWords are the words an acknowledgement is made of. A remark counts as
// one only when every word is from this list and at least one of them is a
// core word, so "ok, but the PDF must stay" is feedback. "done" is not one:
// it ends an elaboration discussion.
var (
	ackCore = set("ok", "okay", "k", "kk", "thanks", "thank", "thx", "ty", "tks", "cheers", "lgtm", "+1", "good",
		"great", "perfect", "cool", "nice", "awesome", "excellent", "agreed", "agree", "sure", "fine", "yes", "yep",
		"yeah", "yup", "ack", "acknowledged", "noted", "understood", "right", "gotcha", "sgtm", "ship", "approved", "wonderful",
		"brilliant", "lovely", "exactly", "indeed", "alright", "works", "got")
	ackFiller = set("you", "so", "much", "very", "sounds", "looks", "look", "seems", "it", "that", "this", "for", "me",
		"to", "all", "i", "we", "a", "lot", "many", "again", "now", "then", "really", "totally", "absolutely", "makes",
		"sense", "thumbs", "up", "go", "ahead", "with", "oh", "ah", "well", "of", "course", "the", "team", "folks", "both",
		"-", "+")
)

// maxAckWords keeps long remarks out: an acknowledgement is short.
const maxAckWords = 7

// questionWords open a question even without a question mark.
var questionWords = set("what", "why", "how", "should", "can", "could", "would", "will", "is", "are", "do", "does",
	"did", "who", "whom", "whose", "when", "where", "which", "shall", "may", "might", "have", "has", "isn't", "aren't",
	"don't", "doesn't", "won't", "wouldn't", "shouldn't", "can't", "couldn't", "any", "anyone", "whats", "what's", "hows",
	"how's", "wdyt", "thoughts")

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// Triage sorts a remark that is not a command. It reads the remark as a
// person would: short thanks and emoji are acknowledgements, anything that
// asks is a question, and the rest is feedback to keep.
func Triage(text string) CommentKind {
	t := strings.TrimSpace(ownWords(text))
	if t == "" || isAcknowledgement(t) {
		return KindAcknowledgement
	}
	if isQuestion(t) {
		return KindQuestion
	}
	return KindFeedback
}

// ownWords drops the lines a reply quotes ("> ..."), so a quote reply is
// judged by what its author added; a comment that is all quote is kept.
func ownWords(text string) string {
	var keep []string
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), ">") {
			keep = append(keep, l)
		}
	}
	if strings.TrimSpace(strings.Join(keep, "")) == "" {
		return text
	}
	return strings.Join(keep, "\n")
}

// isAcknowledgement reports whether t is thanks, approval or emoji alone.
func isAcknowledgement(t string) bool {
	if onlySymbols(t) {
		return true
	}
	words := wordsOf(t)
	if len(words) == 0 || len(words) > maxAckWords {
		return false
	}
	core := false
	for _, w := range words {
		switch {
		case ackCore[w]:
			core = true
		case ackFiller[w], onlySymbols(w):
		default:
			return false
		}
	}
	return core
}

// isQuestion reports whether t asks something: its last sentence ends with
// a question mark, or it opens with a question word and its first sentence
// does not end as a statement ("Should also handle X." is a request).
func isQuestion(t string) bool {
	if strings.HasSuffix(trimTrailingSymbols(t), "?") {
		return true
	}
	first, _, _ := strings.Cut(t, "\n")
	first = strings.TrimSpace(first)
	words := wordsOf(first)
	if len(words) == 0 || !questionWords[words[0]] {
		return false
	}
	end := sentenceEnd(first)
	return end < 0 || first[end] == '?'
}

// sentenceEnd is the index of the first . ! or ? that ends a sentence in s,
// or -1. A dot inside a word ("v1.2", "api.py") ends nothing.
func sentenceEnd(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '?', '!':
			return i
		case '.':
			if i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n' {
				return i
			}
		}
	}
	return -1
}

// wordsOf lowercases t and splits it into words, dropping the punctuation
// around them but keeping "+1" and apostrophes inside words.
func wordsOf(t string) []string {
	t = strings.ToLower(strings.ReplaceAll(t, "’", "'"))
	var out []string
	for _, f := range strings.Fields(t) {
		f = strings.TrimFunc(f, func(r rune) bool {
			return r != '+' && r != '\'' && (unicode.IsPunct(r) || unicode.IsSymbol(r) && r < 0x2000)
		})
		f = strings.Trim(f, "'")
		if f == "+" || f == "" {
			continue
		}
		out = append(out, f)
	}
	return out
}

// onlySymbols reports whether s holds emoji and symbols but no letters or
// digits: a remark that is a reaction in text form.
func onlySymbols(s string) bool {
	seen := false
	for _, r := range s {
		switch {
		case unicode.IsSpace(r), r == 0x200d, r >= 0xfe00 && r <= 0xfe0f:
		case unicode.IsLetter(r), unicode.IsDigit(r):
			return false
		case unicode.IsSymbol(r) || r >= 0x1f000:
			seen = true
		case unicode.IsPunct(r):
		default:
			return false
		}
	}
	return seen
}

// trimTrailingSymbols drops emoji and spaces after the last word, so "Why? 🤔"
// still ends with a question mark.
func trimTrailingSymbols(t string) string {
	for len(t) > 0 {
		r, size := utf8.DecodeLastRuneInString(t)
		if unicode.IsSpace(r) || unicode.IsSymbol(r) || r >= 0x1f000 || r == 0x200d || r >= 0xfe00 && r <= 0xfe0f {
			t = t[:len(t)-size]
			continue
		}
		break
	}
	return t
}
