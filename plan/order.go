package plan

import (
	"slices"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// Plain words that put a test before a change. Each reads one sentence:
// the test named before "before" or "first" and a change after it ("the
// exact-output test must land before the refactor", "with the test added
// first"), or a change named before "after" or "once" and a test after it
// ("refactor once the test is in"). A test said to come after the change
// orders nothing.
var (
	testWord   = `(?:\btests?\b|\btest cases?\b|\bspecs?\b|\btesting\b)`
	changeWord = `(?:\brefactor\w*|\bchang\w*|\bcode\b|\bimplement\w*|\bfix\w*|\brewrit\w*|\bedit\w*|\bpatch\w*|\bfeature\b|\bmigrat\w*|\bwork\b)`
	plainOrder = []*lazyre.Regexp{
		lazyre.New(`(?i)` + testWord + `.*\b(?:before|ahead of|prior to)\b.*` + changeWord),
		lazyre.New(`(?i)` + testWord + `[^;:]{0,40}\bfirst\b`),
		lazyre.New(`(?i)\bfirst\b[^;:]{0,20}` + testWord + `.*\bthen\b`),
		lazyre.New(`(?i)` + changeWord + `.*\b(?:after|once|when)\b.*` + testWord + `.*\b(?:is|are)\s+in\b`),
		lazyre.New(`(?i)` + changeWord + `.*\b(?:after|once)\b.*` + testWord),
		lazyre.New(`(?i)\bonce\b.*` + testWord + `.*\b(?:is|are)\s+in\b`),
	}
	// A sentence that says no test has to come first orders nothing.
	noOrder = lazyre.New(`(?i)^(?:no|none|nothing)\b|\bno need\b|\bnot needed\b|\bneed not\b|\bneedn't\b|\bnothing needs\b`)
)

// saysTestFirst reports whether a sentence asks for a test before a
// change.
func saysTestFirst(s string) bool {
	if testFirst.MatchString(s) {
		return true
	}
	// Most sentences name no test: those are read no further.
	lower := strings.ToLower(s)
	if !strings.Contains(lower, "test") && !strings.Contains(lower, "spec") || noOrder.MatchString(s) {
		return false
	}
	return slices.ContainsFunc(plainOrder, func(re *lazyre.Regexp) bool { return re.MatchString(s) })
}
