package main

import (
	"fmt"
	"io"
	"math"
	"sort"
)

// The scan gives a likely range for a change's file count. The benchmark
// measures how often the true count falls inside it (coverage) and how
// wide it is (the median high ÷ low), per split, beside a plain baseline:
// the repository's typical change size (the geometric mean of its recent
// changes' file counts), widened by one factor either way. The factor is
// the smallest of baselineFactors that covers 80% of the train split,
// the same bar and the same changes the scan's range was calibrated on.

// baselineFactors are the widenings tried for the baseline, narrowest
// first.
var baselineFactors = []float64{1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 8, 10}

// rangeGoal is the coverage both ranges are held to.
const rangeGoal = 0.8

// baselineRange is the typical change widened by k either way, in whole
// files, at least 1. Without a usable history the typical change is
// taken as 2 files.
func baselineRange(typical, k float64) (int, int) {
	if typical < 1 {
		typical = 2
	}
	return max(int(math.Round(typical/k)), 1), max(int(math.Round(typical*k)), 1)
}

// baselineFactor calibrates the baseline on the train split (or on every
// change when none is from train).
func baselineFactor(outs []outcome) float64 {
	var train []outcome
	for _, o := range outs {
		if o.split == "train" {
			train = append(train, o)
		}
	}
	if len(train) == 0 {
		train = outs
	}
	for _, k := range baselineFactors {
		if cov, _ := coverage(train, func(o outcome) (int, int) { return baselineRange(o.typical, k) }); cov >= rangeGoal {
			return k
		}
	}
	return baselineFactors[len(baselineFactors)-1]
}

// coverage is the share of changes whose true count the range holds, and
// the median high ÷ low.
func coverage(outs []outcome, rng func(outcome) (int, int)) (float64, float64) {
	if len(outs) == 0 {
		return 0, 0
	}
	in := 0
	var widths []float64
	for _, o := range outs {
		lo, hi := rng(o)
		if lo <= o.trueN && o.trueN <= hi {
			in++
		}
		widths = append(widths, float64(hi)/float64(max(lo, 1)))
	}
	sort.Float64s(widths)
	return float64(in) / float64(len(outs)), medianOf(widths)
}

// writeRanges prints the range table.
func writeRanges(w io.Writer, outs []outcome, names []string, splits map[string][]outcome) {
	k := baselineFactor(outs)
	fmt.Fprintf(w, "| split | changes | in range | median high ÷ low | baseline in range | baseline median high ÷ low | firm | in range, firm | firm, best ×4 after the fact | in range, not firm |\n")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	scan := func(o outcome) (int, int) { return o.low, o.high }
	base := func(o outcome) (int, int) { return baselineRange(o.typical, k) }
	row := func(label string, outs []outcome) {
		c, wd := coverage(outs, scan)
		bc, bw := coverage(outs, base)
		var firm, loose []outcome
		for _, o := range outs {
			if o.firm {
				firm = append(firm, o)
			} else {
				loose = append(loose, o)
			}
		}
		fc, _ := coverage(firm, scan)
		lc, _ := coverage(loose, scan)
		fmt.Fprintf(w, "| %s | %d | %.2f | ×%.2f | %.2f | ×%.2f | %.2f | %s | %s | %s |\n", label, len(outs), c, wd, bc, bw,
			float64(len(firm))/float64(len(outs)), share(fc, len(firm)), share(bestWindow(firm), len(firm)), share(lc, len(loose)))
	}
	for _, s := range names {
		row(s, splits[s])
	}
	if len(names) > 1 {
		row("**all**", outs)
	}
	fmt.Fprintf(w, "| goal | | ≥ %.2f | ≤ ×4 | | | | | | |\n", rangeGoal)
	fmt.Fprintf(w, "\nBaseline: the repository's typical change size ÷ and × %g (calibrated on train). Firm: the share of changes whose range the scan drew narrow: a small estimate, or one of at most 7 files with two of three signs (steady history, a definition found, one or two directories). Best ×4 after the fact: the most of the firm changes any one window of ratio 4 placed around the estimate (estimate ÷ c to 4 times that, c chosen on these very changes) could hold; with the same changes drawn narrow and no range wider, coverage can reach at most 1 − firm × (1 − that).\n", k)
}

// windowPlacements are the placements bestWindow tries: the window's low
// end at the estimate divided by each.
var windowPlacements = func() []float64 {
	var out []float64
	for c := 1.0; c <= 4.001; c += 0.05 {
		out = append(out, c)
	}
	return out
}()

// bestWindow is the most of outs that one window of ratio 4 around the
// estimate, [estimate ÷ c, 4 × that] in whole files, holds for the best c
// chosen on outs themselves: an upper bound on what moving the firm range
// could win, since no rule knows the changes it is measured on.
func bestWindow(outs []outcome) float64 {
	best := 0.0
	for _, c := range windowPlacements {
		cov, _ := coverage(outs, func(o outcome) (int, int) {
			lo := max(int(math.Round(o.point/c)), 1)
			return lo, 4 * lo
		})
		best = max(best, cov)
	}
	return best
}

// share prints a coverage, or a dash when no change was in the class.
func share(c float64, n int) string {
	if n == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f", c)
}

// writeSigns prints, per split and number of signs of a firm estimate
// (quickscan.Basis.Evidence), how far the estimate was off and how often
// the range held the true count: whether the signs the range is sized by
// tell where the estimate errs.
func writeSigns(w io.Writer, outs []outcome, names []string, splits map[string][]outcome) {
	fmt.Fprintln(w, "| split | signs | changes | median ratio error | in range | median high ÷ low |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|")
	scan := func(o outcome) (int, int) { return o.low, o.high }
	rows := func(label string, outs []outcome) {
		by := map[int][]outcome{}
		most := 0
		for _, o := range outs {
			by[o.signs] = append(by[o.signs], o)
			most = max(most, o.signs)
		}
		for n := 0; n <= most; n++ {
			if len(by[n]) == 0 {
				continue
			}
			var errs []float64
			for _, o := range by[n] {
				errs = append(errs, o.ratioErr)
			}
			sort.Float64s(errs)
			c, wd := coverage(by[n], scan)
			fmt.Fprintf(w, "| %s | %d | %d | ×%.2f | %.2f | ×%.2f |\n", label, n, len(by[n]), medianOf(errs), c, wd)
		}
	}
	for _, s := range names {
		rows(s, splits[s])
	}
	if len(names) > 1 {
		rows("**all**", outs)
	}
}
