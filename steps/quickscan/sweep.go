package quickscan

import "strings"

// Some changes sweep across the code: they remove or rename something
// everything uses, drop a platform version, or fix a lint in every file.
// The search finds where such a change starts, not how far it reaches, so
// its estimate falls short: on the corpus (docs/performance.md), 17 of
// the 31 changes whose true count lay above their range had such a
// title, against 44 of all 203. When the estimate is not firm anyway, a
// sweeping title widens the range upwards (rangeAround); a firm estimate
// keeps its narrow range, so the share of narrow ranges, which the
// median width rests on, does not move.

// sweepWords are the words of a title that say a change reaches across
// the code, in the forms commit titles use.
var sweepWords = set(`remove removes removed removing drop drops dropped dropping deprecate deprecates
deprecated deprecating deprecation refactor refactors refactored refactoring rework reworks reworked
rename renames renamed renaming migrate migrates migrated migrating migration require requires
eliminate eliminates eliminated replace replaces replaced switch switches switched overhaul
lint lints all across every`)

// Sweeps returns the words of text's first line that say the change sweeps
// across the code, each once, in order.
func Sweeps(text string) []string {
	title, _, _ := strings.Cut(text, "\n")
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(title), func(r rune) bool {
		return !(r >= 'a' && r <= 'z')
	}) {
		if sweepWords.has(w) && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// Sweeping sizes the change again knowing the words of its title that say
// it sweeps across the code (Sweeps). It and WithHistory may come in
// either order.
func (r Result) Sweeping(words []string) Result {
	r.sweeps = words
	r.Estimate = estimate(r.Signals.Keywords, r.Signals.Matched, r.Files, r.hist, r.sweeps)
	return r
}
