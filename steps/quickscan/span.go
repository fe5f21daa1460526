package quickscan

import "math"

// A file count is a guess; the range says how good a guess. On real
// changes the text does not carry how many tests, documents and helpers
// go with each edited file, so the true count strays from the estimate by
// a factor of two or three either way whatever the evidence, and a range
// that covers four changes in five is wide. It is narrower where three
// signs say the estimate stands on firm ground:
//
//   - the recent changes behind it (to the top source file when it has
//     enough of them, else to any source file) came in steady sizes;
//   - a standing-out file defines a keyword, so the search found the code
//     the text is about rather than files that mention its words;
//   - the standing-out files sit in one or two directories, so the change
//     is local rather than spread over the tree.
//
// With two of the three the range runs from half the estimate to four
// times that low end (about twice the estimate); with fewer, from a third
// of the estimate to twelve times that (about four times the estimate).
// The ends are whole files with a fixed ratio between them, so the width
// does not grow with the estimate the way one file to four times the
// estimate did.
//
// Calibrated on the train split of the corpus (docs/performance.md,
// `go run ./bench -accuracy`): the true count falls inside for 0.83 of
// those changes, with a median high ÷ low of 4. A steady history alone as
// the sign fitted train as well but left most changes of repositories
// whose changes vary in size with the wide range.

// steadySpread is the largest spread (History.Spread, the geometric
// standard deviation of recent change sizes) whose changes count as
// steady.
const steadySpread = 2.2

// localPackages is how many directories the standing-out files may span
// for the change to count as local.
const localPackages = 2

// firmSigns is how many of the three signs make an estimate firm.
const firmSigns = 2

// The range's ends: the low end divides the estimate, the high end is the
// low end times the ratio.
var (
	firmRange  = struct{ below, ratio float64 }{2, 4}
	looseRange = struct{ below, ratio float64 }{3, 12}
)

// Signs the range is sized by, as Basis.Evidence names them.
const (
	signSteady  = "steady history"
	signDefines = "a definition found"
	signLocal   = "one or two directories"
)

// evidenceFor names the signs of a firm estimate that hold for a basis
// and the standing-out files' spread.
func evidenceFor(b Basis, s Signals) []string {
	var out []string
	if b.Spread >= 1 && b.Spread < steadySpread {
		out = append(out, signSteady)
	}
	if b.Defining > 0 {
		out = append(out, signDefines)
	}
	if s.Packages >= 1 && s.Packages <= localPackages {
		out = append(out, signLocal)
	}
	return out
}

// Firm reports whether the estimate stands on firm ground: at least
// firmSigns of the signs rangeAround sizes the range by hold.
func (b Basis) Firm() bool { return len(b.Evidence) >= firmSigns }

// rangeAround is the likely range of a change's file count around the
// unrounded estimate point, firm or not: whole files, at least 1, holding
// the rounded estimate.
func rangeAround(point float64, firm bool) [2]int {
	f := looseRange
	if firm {
		f = firmRange
	}
	n := max(int(math.Round(point)), 1)
	low := min(max(int(math.Round(point/f.below)), 1), n)
	high := max(int(float64(low)*f.ratio), n)
	return [2]int{low, high}
}
