package plan

import (
	"slices"
	"sync"
)

// sentenceMemo keeps the sentences of recent answer texts. Deriving a
// plan asks for the sentences of the same answers many times (the
// ordering words, what the answers rule out, the mitigations, the titles),
// and every command derives the plan more than once; a text's sentences
// depend on the text alone, so each is split once. Bounded like the
// model's mention memo, so a long-running process does not grow.
var sentenceMemo struct {
	mu sync.Mutex
	m  map[string][]string
}

const sentenceMemoSize = 512

// sentences splits an answer into its sentences and list items (see
// splitSentences), once per text. The caller gets its own copy.
func sentences(text string) []string {
	sentenceMemo.mu.Lock()
	v, ok := sentenceMemo.m[text]
	sentenceMemo.mu.Unlock()
	if !ok {
		v = splitSentences(text)
		sentenceMemo.mu.Lock()
		if sentenceMemo.m == nil || len(sentenceMemo.m) >= sentenceMemoSize {
			sentenceMemo.m = make(map[string][]string, sentenceMemoSize)
		}
		sentenceMemo.m[text] = v
		sentenceMemo.mu.Unlock()
	}
	return slices.Clone(v)
}
