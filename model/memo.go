package model

import "sync"

// memo keeps the mentions read from recent answer texts. Reading the
// affected files asks for the mentions of the same answers several times
// (changes, negations, corrections, the scan's candidates), and one command
// builds the model more than once; a text's mentions depend on the text
// alone, so they are read once. The memo is bounded: when full it starts
// over, so a long-running process (the MCP server) does not grow with
// every answer it has seen.
type memo struct {
	mu sync.Mutex
	m  map[string][]mention
}

const memoSize = 512

var mentionMemo memo

func (c *memo) get(text string) ([]mention, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[text]
	return v, ok
}

func (c *memo) put(text string, v []mention) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= memoSize {
		c.m = make(map[string][]mention, memoSize)
	}
	c.m[text] = v
}
