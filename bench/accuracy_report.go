package main

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
)

// writeAccuracy prints the figures per repository, per split and overall.
func writeAccuracy(w io.Writer, outs []outcome) {
	fmt.Fprintln(w, "| repository | split | changes | recall@10 | git grep recall@10 | hit@1 | git grep hit@1 | scope right | median ratio error |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|---:|---:|---:|")
	var repos []string
	byRepo := map[string][]outcome{}
	for _, o := range outs {
		if _, ok := byRepo[o.repo]; !ok {
			repos = append(repos, o.repo)
		}
		byRepo[o.repo] = append(byRepo[o.repo], o)
	}
	for _, r := range repos {
		writeRow(w, r, byRepo[r][0].split, byRepo[r])
	}
	names := splitsOf(outs)
	splits := map[string][]outcome{}
	for _, o := range outs {
		splits[o.split] = append(splits[o.split], o)
	}
	for _, s := range names {
		writeRow(w, "**all "+s+"**", s, splits[s])
	}
	if len(names) > 1 {
		writeRow(w, "**all**", "", outs)
	}
	fmt.Fprintln(w)
	writeCalibration(w, outs)
	fmt.Fprintln(w)
	writeCeiling(w, outs, names, splits)
	fmt.Fprintln(w)
	writeRanges(w, outs, names, splits)
	fmt.Fprintln(w)
	writeSigns(w, outs, names, splits)
	fmt.Fprintln(w)
	writeCompanions(w, outs, names, splits)
}

// writeCompanions prints, per split, the recall of every existing file a
// change edits other than tests: the top ten alone, with the companions
// (changelogs and documents listed apart), and git grep's top ten.
func writeCompanions(w io.Writer, outs []outcome, names []string, splits map[string][]outcome) {
	fmt.Fprintln(w, "| split | changes | non-test recall@10 | with companions | git grep |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|")
	row := func(label string, outs []outcome) {
		var a, c, g float64
		for _, o := range outs {
			a += o.allRecall
			c += o.withCompanions
			g += o.baseAllRecall
		}
		n := float64(len(outs))
		fmt.Fprintf(w, "| %s | %d | %.2f | %.2f | %.2f |\n", label, len(outs), a/n, c/n, g/n)
	}
	for _, s := range names {
		row(s, splits[s])
	}
	if len(names) > 1 {
		row("**all**", outs)
	}
	fmt.Fprintln(w, "| goal | | | ≥ 0.80 | |")
}

// writeCeiling prints, per split and overall, the scope and ratio error
// of the ceiling estimate beside the scan's own: how much of the gap to
// the goals a better guess of the edited files could close at all.
func writeCeiling(w io.Writer, outs []outcome, names []string, splits map[string][]outcome) {
	fmt.Fprintln(w, "| split | changes | scope right | ceiling | median ratio error | ceiling |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|")
	row := func(label string, outs []outcome) {
		var scope, ceil float64
		var errs, cerrs []float64
		for _, o := range outs {
			scope += b2f(o.scopeRight)
			ceil += b2f(o.ceilScopeRight)
			errs = append(errs, o.ratioErr)
			cerrs = append(cerrs, o.ceilRatioErr)
		}
		sort.Float64s(errs)
		sort.Float64s(cerrs)
		n := float64(len(outs))
		fmt.Fprintf(w, "| %s | %d | %.2f | %.2f | ×%.2f | ×%.2f |\n", label, len(outs), scope/n, ceil/n, medianOf(errs), medianOf(cerrs))
	}
	for _, s := range names {
		row(s, splits[s])
	}
	if len(names) > 1 {
		row("**all**", outs)
	}
}

func writeRow(w io.Writer, label, split string, outs []outcome) {
	var rec, brec, hit, bhit, scope float64
	var errs []float64
	for _, o := range outs {
		rec += o.recall
		brec += o.baseRecall
		hit += b2f(o.hit)
		bhit += b2f(o.baseHit)
		scope += b2f(o.scopeRight)
		errs = append(errs, o.ratioErr)
	}
	n := float64(len(outs))
	sort.Float64s(errs)
	fmt.Fprintf(w, "| %s | %s | %d | %.2f | %.2f | %.2f | %.2f | %.2f | ×%.2f |\n",
		label, split, len(outs), rec/n, brec/n, hit/n, bhit/n, scope/n, medianOf(errs))
}

// writeCalibration prints how often each estimated scope class was right,
// per split: the rates behind the scan's confidence.
func writeCalibration(w io.Writer, outs []outcome) {
	fmt.Fprintln(w, "| split | estimated scope | changes | right |")
	fmt.Fprintln(w, "|---|---|---:|---:|")
	type key struct{ split, scope string }
	tot, right := map[key]int{}, map[key]int{}
	for _, o := range outs {
		k := key{o.split, o.estScope}
		tot[k]++
		if o.scopeRight {
			right[k]++
		}
	}
	for _, split := range splitsOf(outs) {
		for _, sc := range []string{"small", "medium", "large"} {
			if k := (key{split, sc}); tot[k] > 0 {
				fmt.Fprintf(w, "| %s | %s | %d | %.2f |\n", split, sc, tot[k], float64(right[k])/float64(tot[k]))
			}
		}
	}
	if line := staleRecords(outs); line != "" {
		fmt.Fprintf(w, "\n%s\n", line)
	}
}

// staleRecords compares the calibration record the scans quoted with what
// this run measured over every change it measured. The scan's record is a
// constant (quickscan's calibrated), taken over the whole corpus, so a
// change to the scan that moves its estimates leaves it stale; a run of
// one split differs too, and is told so. "" when they agree.
func staleRecords(outs []outcome) string {
	type count struct{ n, right, quoted, quotedRight int }
	byScope := map[string]*count{}
	var order []string
	for _, o := range outs {
		c := byScope[o.estScope]
		if c == nil {
			c = &count{quoted: o.record, quotedRight: o.recordRight}
			byScope[o.estScope] = c
			order = append(order, o.estScope)
		}
		c.n++
		if o.scopeRight {
			c.right++
		}
	}
	var stale []string
	for _, sc := range order {
		if c := byScope[sc]; c.n != c.quoted || c.right != c.quotedRight {
			stale = append(stale, fmt.Sprintf("%s: the scan quotes %d of %d, this run measured %d of %d", sc, c.quotedRight, c.quoted, c.right, c.n))
		}
	}
	if len(stale) == 0 {
		return ""
	}
	return "**The calibration record the scan quotes differs from this run's** (quickscan's calibrated; stale unless this run measured part of the corpus): " + strings.Join(stale, "; ") + "."
}

// splitsOf names the splits of the outcomes in corpus order, so a split
// added to the corpus is reported without a change here.
func splitsOf(outs []outcome) []string {
	var names []string
	for _, o := range outs {
		if !slices.Contains(names, o.split) {
			names = append(names, o.split)
		}
	}
	return names
}
