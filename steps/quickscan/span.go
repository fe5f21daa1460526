package quickscan

import "math"

// A file count is a guess; the range says how good a guess. How much to
// trust it comes from the repository's own history: where the recent
// changes (to the top source file when it has enough of them, else to
// any source file) came in steady sizes, a change described in words
// lands near the estimate; where one-file fixes and twenty-file features
// sit side by side, the text cannot tell which this one is, and the range
// says so by reaching from one file to several times the estimate.
//
// Calibrated on the train split of the corpus (docs/performance.md): the
// true count falls inside for 0.88 of those changes, and the median high
// ÷ low is 4. Finer rules (a width growing with the spread, the keywords
// found, the files defining them) fitted train as well and held up worse
// on the other splits.

// steadySpread is the largest spread (History.Spread, the geometric
// standard deviation of recent change sizes) whose changes count as
// steady.
const steadySpread = 2.2

// The range's ends as multiples of the estimate: close around it where
// changes are steady, from one file to four times it where they are not
// or the history is unknown.
var (
	steadyRange   = [2]float64{0.5, 1.6}
	unsteadyRange = [2]float64{0, 4}
)

// rangeAround is the likely range of a change's file count around the
// unrounded estimate point, given the spread of the changes behind it (0:
// no usable history): whole files, at least 1, holding the rounded
// estimate.
func rangeAround(point, spread float64) [2]int {
	f := unsteadyRange
	if spread >= 1 && spread < steadySpread {
		f = steadyRange
	}
	n := max(int(math.Round(point)), 1)
	low := min(max(int(math.Round(point*f[0])), 1), n)
	high := max(int(math.Round(point*f[1])), n)
	return [2]int{low, high}
}
