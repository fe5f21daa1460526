package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
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
	point     float64 // the estimate before rounding (quickscan.Basis.Point)
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
		low: s.Range[0], high: s.Range[1], point: s.Basis.Point, typical: s.Basis.Typical, firm: s.Basis.Firm(), signs: len(s.Basis.Evidence)}
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
