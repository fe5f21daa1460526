package quickscan

import "math"

// A file count is a guess; the range says how good a guess. On real
// changes the text does not carry how many tests, documents and helpers
// go with each edited file, so the true count strays from the estimate by
// a factor of two or three either way whatever the evidence, and a range
// that covers four changes in five is wide. It is narrower where the
// estimate is small, or where it is moderate and two of three signs say
// it stands on firm ground:
//
//   - the recent changes behind it (to the top source file when it has
//     enough of them, else to any source file) came in steady sizes;
//   - a standing-out file defines a keyword, so the search found the code
//     the text is about rather than files that mention its words;
//   - the standing-out files sit in one or two directories, so the change
//     is local rather than spread over the tree.
//
// A small estimate (at most smallPoint files) gets one to four files. A
// firm one runs from two thirds of the estimate to four times that low
// end, so its ends keep a ratio of 4 whatever the rounding and it leans
// upwards, as the misses of a centred range did. An estimate above
// firmCap is never firm: the more standing-out files the search found,
// the less the count of them says about the change. Otherwise the text
// cannot tell a one-file fix from a feature, and the range reaches from
// one file to six times the estimate, twelve when the title says the
// change sweeps across the code (sweep.go).
//
// Chosen over the six splits of the corpus (docs/performance.md, `go run
// ./bench -accuracy`) by leaving one split out at a time: on each split,
// the constants chosen on the other five held 0.74 to 0.83 of its changes
// with a median high ÷ low of 4, against 0.66 to 0.83 for the previous
// rule, calibrated on train alone.

// steadySpread is the largest spread (History.Spread, the geometric
// standard deviation of recent change sizes) whose changes count as
// steady.
const steadySpread = 2.2

// localPackages is how many directories the standing-out files may span
// for the change to count as local.
const localPackages = 2

// firmSigns is how many of the three signs make an estimate firm.
const firmSigns = 2

// The range's ends: an estimate of at most smallPoint files reaches from
// one file to four; a firm estimate (at most firmCap files) has its low
// end at the estimate divided by firmBelow and its high end at the low
// end times firmRatio; any other reaches from one file to looseAbove
// times the estimate.
const (
	smallPoint = 2.5
	firmCap    = 7
	firmBelow  = 1.5
	firmRatio  = 4
	looseAbove = 6
	// sweepAbove replaces looseAbove when the title says the change
	// sweeps across the code (sweep.go).
	sweepAbove = 12
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

// Firm reports whether the range is drawn narrow: the estimate is small,
// or at most firmCap files with at least firmSigns of the signs
// (evidenceFor) holding.
func (b Basis) Firm() bool {
	return b.Point <= smallPoint || len(b.Evidence) >= firmSigns && b.Point <= firmCap
}

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
	if point <= smallPoint {
		return [2]int{1, max(firmRatio, n)}
	}
	low := min(max(int(math.Round(point/firmBelow)), 1), n)
	return [2]int{low, max(low*firmRatio, n)}
}
