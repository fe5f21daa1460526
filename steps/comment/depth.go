package comment

import (
	"strings"

	"github.com/rtgit/rtgit/steps"
)

// Override phrases from interface-spec §5.3 and module-design §6.2, with a
// few more ways people say the same thing.
var (
	deepPhrases = []string{"deep", "deeper", "go deep", "go deeper", "more detail", "more details", "dig in", "dig deeper",
		"let's dig in", "thorough", "thorough look", "a thorough look", "be thorough", "full analysis", "full treatment", "deep dive", "the full treatment"}
	briefPhrases = []string{"brief", "skip ahead", "keep it short", "keep it brief", "quick", "quick one", "fast", "faster", "summarize",
		"summarise", "just the highlights", "the highlights", "shorter", "speed it up", "speed things up"}
)

// politeWords may surround a depth phrase without making the remark more
// than a request about the analysis: "let's go deeper please".
var politeWords = set("please", "pls", "plz", "ok", "okay", "so", "now", "then", "thanks", "thank", "you", "can",
	"could", "would", "we", "let's", "lets", "maybe", "actually", "just", "mode", "a", "bit", "little", "hey", "i",
	"want", "prefer", "rather", "go", "let", "us", "be", "here", "this", "time", "and", "with", "more", "it")

// DetectOverride reports whether text is a request for a different depth,
// and nothing else: "deep", "go deeper please", "let's dig in", "keep it
// short". A depth word inside a remark about the product ("Exports must be
// fast for our biggest customers.") is feedback, never a command. When both
// kinds of phrase would match, the request is ambiguous and nothing changes.
func DetectOverride(text string) (steps.Depth, bool) {
	words := wordsOf(text)
	if len(words) == 0 {
		return "", false
	}
	deep, brief := phraseIsAll(words, deepPhrases), phraseIsAll(words, briefPhrases)
	switch {
	case deep && !brief:
		return steps.Deep, true
	case brief && !deep:
		return steps.Brief, true
	}
	return "", false
}

// phraseIsAll reports whether words are one of phrases, with only polite
// words around it.
func phraseIsAll(words, phrases []string) bool {
	for _, p := range phrases {
		pw := strings.Fields(p)
		for i := 0; i+len(pw) <= len(words); i++ {
			if !equalWords(words[i:i+len(pw)], pw) {
				continue
			}
			rest := true
			for j, w := range words {
				if (j < i || j >= i+len(pw)) && !politeWords[w] {
					rest = false
					break
				}
			}
			if rest {
				return true
			}
		}
	}
	return false
}

func equalWords(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
