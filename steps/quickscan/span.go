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
// times that low end (about twice the estimate), so its ends keep a ratio
// of 4 whatever the rounding. With fewer, the text cannot tell a one-file
// fix from a feature, and the range reaches from one file to four times
// the estimate, or eight times it when the title says the change sweeps
// across the code (sweep.go).
//
// Calibrated on the train split of the corpus (docs/performance.md,
// `go run ./bench -accuracy`): the true count falls inside for 0.83 of
// those changes, with a median high ÷ low of 4. A steady history alone as
// the sign fitted train as well but left most changes of repositories
// whose changes vary in size with the wide range, ×17.5 on the fresh
// split. A wide range with a fixed ratio (a third of the estimate to
// twelve times that) fitted train as well too, and on the extra split,
// measured afterwards, lost the one-file changes that a large estimate
// stood over.

// steadySpread is the largest spread (History.Spread, the geometric
// standard deviation of recent change sizes) whose changes count as
// steady.
const steadySpread = 2.2

// localPackages is how many directories the standing-out files may span
// for the change to count as local.
const localPackages = 2

// firmSigns is how many of the three signs make an estimate firm.
const firmSigns = 2

// The range's ends: a firm estimate's low end is the estimate divided by
// firmBelow, its high end the low end times firmRatio; an estimate on
// weaker ground reaches from one file to looseAbove times the estimate.
const (
	firmBelow  = 2
	firmRatio  = 4
	looseAbove = 4
	// sweepAbove replaces looseAbove when the title says the change
	// sweeps across the code (sweep.go).
	sweepAbove = 8
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
// unrounded estimate point, firm or not, sweeping or not: whole files, at
// least 1, holding the rounded estimate.
func rangeAround(point float64, firm, sweeping bool) [2]int {
	n := max(int(math.Round(point)), 1)
	if !firm {
		above := float64(looseAbove)
		if sweeping {
			above = sweepAbove
		}
		return [2]int{1, max(int(math.Round(point*above)), n)}
	}
	low := min(max(int(math.Round(point/firmBelow)), 1), n)
	return [2]int{low, max(low*firmRatio, n)}
}
