package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/rtgit/rtgit/steps/quickscan"
)

// The scan-accuracy benchmark replays real changes: for each corpus line
// it runs `rtgit scan --json` at the change's parent commit with the
// change's commit message as the text, and compares the ranked files and
// the estimate with the files the change really touched. A git grep of
// the text's five longest words is the baseline. See docs/performance.md
// ("Scan accuracy") for the corpus and its selection rules.

// change is one corpus line (bench/corpus writes them).
type change struct {
	Repo    string   `json:"repo"`
	Split   string   `json:"split"`
	Parent  string   `json:"parent"`
	Text    string   `json:"text"`
	Files   []string `json:"files"`
	Added   []string `json:"added"`
	Targets []string `json:"targets"`
}

// scanJSON is the part of `rtgit scan --json` the benchmark reads.
type scanJSON struct {
	Files []struct {
		Path string `json:"path"`
	} `json:"files"`
	Companions []struct {
		Path string `json:"path"`
	} `json:"companions"`
	Estimated int               `json:"estimated_files"`
	Range     [2]int            `json:"estimated_range"`
	Scope     string            `json:"scope"`
	Rate      float64           `json:"scope_right_rate"`
	Record    int               `json:"calibration_changes"`
	Basis     quickscan.Basis   `json:"basis"`
	Signals   quickscan.Signals `json:"signals"`
}

// outcome is one change measured.
type outcome struct {
	repo, split        string
	recall, baseRecall float64
	hit, baseHit       bool
	scopeRight         bool
	ratioErr           float64
	trueN, est         int
	estScope           string
	// record is the calibration record the scan quoted for its scope
	// class: how many calibration changes, and how many of them right.
	record, recordRight int
	// The ceiling: the estimate the scan's own rule would give if it
	// knew how many existing source files the change edits (ceiling).
	ceilScopeRight bool
	ceilRatioErr   float64
	// The range: the scan's [low, high], and the repository's typical
	// change size, which the baseline range is drawn around.
	low, high int
	typical   float64
	firm      bool // the scan sized the range as firm (quickscan.Basis.Firm)
	signs     int  // how many signs of a firm estimate held (quickscan.Basis.Evidence)
	// Recall of the change's existing non-test files (code, documents,
	// changelogs, configuration): by the top ten alone, by the top ten
	// with the companions, and by git grep's top ten.
	allRecall, withCompanions, baseAllRecall float64
}

// measureAccuracy runs every change of the corpus, or of one split of
// it when split is set (tuning looks at the train split only); mirrors
// holds the repositories as owner+name/repo (the layout of the fetch
// tool), or as owner+name or name directly.
func measureAccuracy(rtgit, corpus, split, mirrors, work string, verbose bool) []outcome {
	changes := inSplit(readCorpus(corpus), split)
	if len(changes) == 0 {
		fatalf("accuracy: no change of split %q in %s", split, corpus)
	}
	clones := map[string]string{}
	var out []outcome
	for _, c := range changes {
		dir, ok := clones[c.Repo]
		if !ok {
			dir = filepath.Join(work, strings.ReplaceAll(c.Repo, "/", "+"))
			os.RemoveAll(dir)
			src := mirrorOf(mirrors, c.Repo)
			progress("accuracy: %s from %s", c.Repo, src)
			must("", "git", "clone", "-q", "--no-checkout", src, dir)
			clones[c.Repo] = dir
		}
		out = append(out, measureChange(rtgit, dir, c, verbose))
	}
	return out
}

func mirrorOf(mirrors, repo string) string {
	flat := strings.ReplaceAll(repo, "/", "+")
	for _, p := range []string{filepath.Join(mirrors, flat, "repo"), filepath.Join(mirrors, flat), filepath.Join(mirrors, filepath.Base(repo))} {
		if exists(p) {
			return p
		}
	}
	fatalf("accuracy: no mirror of %s under %s (set -mirrors or RTGIT_MIRRORS)", repo, mirrors)
	return ""
}

// inSplit keeps the changes of one split; "" keeps them all.
func inSplit(changes []change, split string) []change {
	if split == "" {
		return changes
	}
	var out []change
	for _, c := range changes {
		if c.Split == split {
			out = append(out, c)
		}
	}
	return out
}

func readCorpus(name string) []change {
	f, err := os.Open(name)
	if err != nil {
		fatalf("%v", err)
	}
	defer f.Close()
	var out []change
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var c change
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			fatalf("%s:%d: %v", name, n, err)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		fatalf("%s: %v", name, err)
	}
	return out
}

func measureChange(rtgit, dir string, c change, verbose bool) outcome {
	_, stdout, err := run(dir, nil, rtgit, "scan", "--json", "--top", "0", "--rev", c.Parent, c.Text)
	if err != nil {
		fatalf("rtgit scan in %s at %s: %v", c.Repo, c.Parent, err)
	}
	var s scanJSON
	if err := json.Unmarshal([]byte(stdout), &s); err != nil {
		fatalf("rtgit scan --json: %v", err)
	}
	var ranked []string
	for _, f := range s.Files {
		ranked = append(ranked, f.Path)
	}
	base := grepBaseline(dir, c)
	o := outcome{repo: c.Repo, split: c.Split, trueN: len(c.Files), est: s.Estimated, estScope: s.Scope,
		record: s.Record, recordRight: int(math.Round(s.Rate * float64(s.Record))),
		low: s.Range[0], high: s.Range[1], typical: s.Basis.Typical, firm: s.Basis.Firm(), signs: len(s.Basis.Evidence)}
	o.recall, o.baseRecall = recallAt(ranked, c.Targets, 10), recallAt(base, c.Targets, 10)
	existing := without(c.Files, c.Added)
	var nonTest []string
	for _, f := range existing {
		if quickscan.Kind(f, false) != quickscan.KindTest {
			nonTest = append(nonTest, f)
		}
	}
	top := append([]string(nil), ranked[:min(10, len(ranked))]...)
	for _, f := range s.Companions {
		top = append(top, f.Path)
	}
	o.allRecall, o.baseAllRecall = recallAt(ranked, nonTest, 10), recallAt(base, nonTest, 10)
	o.withCompanions = recallAt(top, nonTest, len(top))
	o.hit = len(ranked) > 0 && contains(existing, ranked[0])
	o.baseHit = len(base) > 0 && contains(existing, base[0])
	o.scopeRight = s.Scope == scopeOf(len(c.Files))
	e, t := float64(max(s.Estimated, 1)), float64(len(c.Files))
	o.ratioErr = max(e/t, t/e)
	cn := ceiling(len(c.Targets), s.Basis)
	ce := float64(cn)
	o.ceilScopeRight, o.ceilRatioErr = scopeOf(cn) == scopeOf(len(c.Files)), max(ce/t, t/ce)
	if verbose {
		row, _ := json.Marshal(map[string]any{"repo": c.Repo, "split": c.Split, "true": len(c.Files), "est": s.Estimated,
			"range": s.Range, "basis": s.Basis, "signals": s.Signals, "top": ranked[:min(10, len(ranked))],
			"companions": s.Companions, "non_test": nonTest, "ranks": ranksOf(ranked, nonTest)})
		fmt.Fprintf(os.Stderr, "row\t%s\n", row)
		subject, _, _ := strings.Cut(c.Text, "\n")
		fmt.Fprintf(os.Stderr, "%s %q: recall %.2f (grep %.2f) hit %v est %d/%d %s\n  top: %s\n  want: %s\n  estimate: %s\n",
			c.Repo, subject, o.recall, o.baseRecall, o.hit, s.Estimated, len(c.Files), s.Scope,
			strings.Join(ranked[:min(5, len(ranked))], " "), strings.Join(c.Targets, " "), s.Basis.Describe())
	}
	return o
}

// ceiling is the file count the scan's rule for the search's part gives
// when the edited source files are not guessed from the search but known:
// the change's existing non-test code files (the corpus's targets), times
// the repository's files per source file, plus one for a changelog when
// one matched. No scan can know more about a change from its text than
// which source files it edits, so the ceiling's scope and ratio error
// bound what any estimate from the text reaches by this rule.
func ceiling(edited int, b quickscan.Basis) int {
	per := b.PerSource
	if per <= 0 {
		per = 1
	}
	n := float64(max(edited, 1)) * per
	if b.Changelog {
		n++
	}
	return max(int(math.Round(n)), 1)
}

// scopeOf is the scope class of a true file count (as rtgit defines it).
func scopeOf(n int) string {
	switch {
	case n < 5:
		return "small"
	case n <= 15:
		return "medium"
	}
	return "large"
}

var wordRe = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// grepBaseline ranks the files `git grep -l -i -F` finds for the text's
// five longest distinct words by how many of them each file holds, then
// by path: what a person would do with git alone.
func grepBaseline(dir string, c change) []string {
	seen := map[string]bool{}
	var words []string
	for _, w := range wordRe.FindAllString(c.Text, -1) {
		if lw := strings.ToLower(w); !seen[lw] {
			seen[lw] = true
			words = append(words, lw)
		}
	}
	sort.SliceStable(words, func(i, j int) bool { return len(words[i]) > len(words[j]) })
	words = words[:min(5, len(words))]
	count := map[string]int{}
	for _, w := range words {
		_, out, _ := run(dir, nil, "git", "grep", "-l", "-i", "-F", "-e", w, c.Parent)
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			if _, p, ok := strings.Cut(line, ":"); ok {
				count[p]++
			}
		}
	}
	files := make([]string, 0, len(count))
	for p := range count {
		files = append(files, p)
	}
	sort.Slice(files, func(i, j int) bool {
		if count[files[i]] != count[files[j]] {
			return count[files[i]] > count[files[j]]
		}
		return files[i] < files[j]
	})
	return files
}

func recallAt(ranked, want []string, k int) float64 {
	if len(want) == 0 {
		return 1
	}
	top := ranked[:min(k, len(ranked))]
	n := 0
	for _, w := range want {
		if contains(top, w) {
			n++
		}
	}
	return float64(n) / float64(len(want))
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func without(list, drop []string) []string {
	var out []string
	for _, x := range list {
		if !contains(drop, x) {
			out = append(out, x)
		}
	}
	return out
}

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

func medianOf(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	if len(xs)%2 == 1 {
		return xs[len(xs)/2]
	}
	return (xs[len(xs)/2-1] + xs[len(xs)/2]) / 2
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// ranksOf is where each wanted file stands in the ranking, from 1, or 0
// when the scan did not list it.
func ranksOf(ranked, want []string) map[string]int {
	out := map[string]int{}
	for _, w := range want {
		out[w] = 0
		for i, p := range ranked {
			if p == w {
				out[w] = i + 1
				break
			}
		}
	}
	return out
}
