package quickscan

import (
	"fmt"
	"math"
	"path"
	"strings"

	"github.com/rtgit/rtgit/steps"
)

// relevantShare is the cut-off for the files a change may land in: a
// source file counts when its score is at least this share of the best
// text evidence (see Relevant). Below it sit files that merely mention a
// keyword in passing.
const relevantShare = 0.3

// landShare is the part of those files a change edits when nothing is
// known about the repository's habits: about half of the files that stand
// out in a search are edited; counting all of them doubled the estimate
// of small changes (docs/performance.md).
const landShare = 0.5

// editShare is the part of the standing-out source files a change edits
// when the repository's history is known: the history's rate then counts
// the tests, documentation and changelog entries that go with each edited
// source file, which the flat half above stood in for. Calibrated on the
// train split of the corpus (docs/performance.md).
const editShare = 0.35

// blendScale sizes a change from the two estimates a usable history
// gives: what the search found (editShare of the standing-out files, at
// the history's rate, plus a changelog) and how many files the recent
// changes to the top source file touched. The count is their geometric
// mean, so neither a search that matched too widely nor a file that
// changes alone decides it; times 1.15, because a change someone describes
// runs larger than the recent commits it is set against, which include
// every small fix-up. Calibrated on the train split (docs/performance.md).
const blendScale = 1.15

// Estimate is what the scan concludes about a change.
type Estimate struct {
	FileCount int `json:"estimated_files"`
	// Range is where the true count likely falls, [low, high]: it holds
	// FileCount, and is narrow where the estimate stands on firm ground
	// and wide where it does not (rangeAround).
	Range      [2]int `json:"estimated_range"`
	Scope      string `json:"scope"`
	Complexity string `json:"complexity"`
	Confidence string `json:"confidence"`
	// ScopeRate is how often the estimated scope class was right on the
	// calibration changes estimated in that class (docs/performance.md):
	// what Confidence means. Calibrated counts those changes; 0 when
	// none was estimated in the class.
	ScopeRate  float64 `json:"scope_right_rate"`
	Calibrated int     `json:"calibration_changes"`
	Basis      Basis   `json:"basis"`
	Signals    Signals `json:"signals"`
}

// Basis is what the file count comes from. The search's part: the
// source files a change likely edits (a share of the standing-out source
// files), times the files this repository's changes touch per source
// file (from its history; 1 without one), plus a changelog entry when a
// changelog matched the keywords. With a usable history, the count is
// that blended with the size of the recent changes to the top source
// file (see blendScale); without one, it is the search's part alone.
type Basis struct {
	Core      int     `json:"core_files"`     // source files that stand out (see Relevant)
	Defining  int     `json:"defining_files"` // of those, files defining a keyword
	Edited    int     `json:"edited_files"`   // the source files a change edits, rounded
	Share     float64 `json:"edit_share"`     // the part of Core counted as edited
	PerSource float64 `json:"files_per_source_file"`
	History   int     `json:"history_changes"` // recent source changes behind PerSource; 0: the default
	Tests     int     `json:"test_files"`      // test files belonging to the core files
	Changelog bool    `json:"changelog"`       // a changelog matched the keywords
	Search    float64 `json:"search_files"`    // the search's part, unrounded
	// Recent is the geometric mean of the files the recent changes to
	// RecentOf touched, over RecentChanges of them; with too few of
	// those, RecentOf is empty and Recent is the repository's typical
	// change. 0 without a usable history.
	Recent        float64 `json:"recent_change_files"`
	RecentOf      string  `json:"recent_changes_of,omitempty"`
	RecentChanges int     `json:"recent_changes"`
	// Point is the count before rounding; Spread how much the changes it
	// was measured on varied in size (History.SpreadAround), 0 without a
	// usable history; Typical the repository's typical change.
	Point   float64 `json:"point_files"`
	Spread  float64 `json:"spread"`
	Typical float64 `json:"typical_files"`
	// Evidence names the signs of a firm estimate that hold (see
	// rangeAround): with two of them a moderate estimate's range is
	// narrow.
	Evidence []string `json:"range_evidence"`
	// Sweeps are the words of the title that say the change sweeps
	// across the code (Sweeps): they widen a range that is not firm.
	Sweeps []string `json:"sweep_words,omitempty"`
}

// Describe is the one-line sum behind the file count.
func (b Basis) Describe() string {
	s := fmt.Sprintf("%.2g of %s (%d defining a keyword) ≈ %s edited, × %.2f files per source file",
		b.Share, steps.Count(b.Core, "standing-out source file", "standing-out source files"), b.Defining,
		steps.Count(b.Edited, "source file", "source files"), b.PerSource)
	if b.History > 0 {
		s += fmt.Sprintf(" (over %s in this repository)", steps.Count(b.History, "recent source change", "recent source changes"))
	} else {
		s += " (no usable history)"
	}
	if b.Changelog {
		s += " + the changelog"
	}
	if b.History > 0 {
		s += fmt.Sprintf(" = %.1f; ", b.Search)
		if b.RecentOf != "" {
			s += fmt.Sprintf("the last %s to %s touched %.1f files on average (geometric mean)",
				steps.Count(b.RecentChanges, "change", "changes"), b.RecentOf, b.Recent)
		} else {
			s += fmt.Sprintf("a typical recent change here touched %.1f files", b.Recent)
		}
		s += fmt.Sprintf("; %g × √(%.1f × %.1f)", blendScale, b.Search, b.Recent)
	}
	if b.Tests > 0 {
		s += fmt.Sprintf("; %s found", steps.Count(b.Tests, "matching test file", "matching test files"))
	}
	switch {
	case b.Point <= smallPoint:
		s += "; a narrow range: a small estimate"
	case b.Firm():
		s += "; a narrow range: " + strings.Join(b.Evidence, ", ")
	case len(b.Evidence) >= firmSigns:
		s += fmt.Sprintf("; a wide range: %s, but an estimate above %d files", strings.Join(b.Evidence, ", "), firmCap)
	case len(b.Evidence) > 0:
		s += "; a wide range: only " + strings.Join(b.Evidence, ", ")
	default:
		s += "; a wide range: no steady history, no definition found, not in one or two directories"
	}
	if len(b.Sweeps) > 0 && !b.Firm() {
		s += fmt.Sprintf(", and the title says the change sweeps (%s), so it reaches to %d× the estimate",
			strings.Join(b.Sweeps, ", "), sweepAbove)
	}
	return s
}

// Relevant returns the ranked files a change most likely lands in: source
// files (not tests, docs, configuration, vendored or generated code)
// scoring at least relevantShare of the best of them. The best is taken
// without what a path earned: a file the text names ranks first, but its
// name says nothing about how many other files the text points at, so it
// must not raise the bar for them.
func Relevant(ranked []File) []File {
	top := 0.0
	for _, f := range ranked {
		if f.Kind == KindSource {
			top = max(top, f.Score-f.named)
		}
	}
	var out []File
	for _, f := range ranked {
		if f.Kind != KindSource {
			continue
		}
		if f.Score >= top*relevantShare {
			out = append(out, f)
		}
	}
	return out
}

// EstimateFrom sizes a change from its ranked files, given how many of the
// keywords were found at all, without the repository's history: half the
// core files (Relevant), and one for the changelog when one matched.
// Result.WithHistory sizes it with the history. At least 1: every change
// touches something, even when nothing matched. Each part was checked
// against the calibration split of the corpus.
func EstimateFrom(keywords, matched int, ranked []File) Estimate {
	return estimate(keywords, matched, ranked, History{}, nil)
}

// estimate is EstimateFrom with a History: the source files a change
// edits (editShare of the core files, at least one) times the files the
// repository's changes touch per source file, plus one for a matched
// changelog, blended with the size of the recent changes to the top
// source file (blendScale). Without a usable history, EstimateFrom's half
// of the core files.
func estimate(keywords, matched int, ranked []File, h History, sweeps []string) Estimate {
	rel := Relevant(ranked)
	var b Basis
	b.Core = len(rel)
	stems := map[string]bool{}
	for _, f := range rel {
		if len(f.Defines) > 0 {
			b.Defining++
		}
		stems[stem(f.Path)] = true
	}
	for _, f := range ranked {
		switch f.Kind {
		case KindTest:
			if stems[testStem(f.Path)] {
				b.Tests++
			}
		case KindChangelog:
			b.Changelog = true
		}
	}
	// Without a usable history, half the core files, each counted alone,
	// as before the history was read.
	b.Share, b.PerSource = landShare, 1
	if h.usable() {
		b.Share, b.PerSource, b.History = editShare, h.PerSource, h.Changes
	}
	edited := max(float64(b.Core)*b.Share, 1)
	b.Edited = int(math.Round(edited))
	search := edited * b.PerSource
	if b.Changelog {
		search++
	}
	b.Search = math.Round(search*100) / 100
	files := search
	if h.usable() {
		top := ""
		if len(rel) > 0 {
			top = rel[0].Path
		}
		b.Recent, b.RecentChanges = h.Around(top)
		if b.RecentChanges > 0 {
			b.RecentOf = top
		}
		files = blendScale * math.Sqrt(search*b.Recent)
		b.Spread, b.Typical = h.SpreadAround(top), h.Typical
	}
	b.Point = round2(files)
	n := max(int(math.Round(files)), 1)
	e := Estimate{FileCount: n}
	tops, pkgs := map[string]bool{}, map[string]bool{}
	for _, f := range rel {
		dir := path.Dir(f.Path)
		top, _, _ := strings.Cut(dir, "/")
		tops[top], pkgs[dir] = true, true
		if f.Decls > 0 || PublicPath(f.Path) {
			e.Signals.PublicFiles++
		}
	}
	e.Signals.TopLevelDirs, e.Signals.Packages = len(tops), len(pkgs)
	e.Signals.HitFiles = len(ranked)
	e.Signals.Keywords, e.Signals.Matched = keywords, matched
	b.Evidence = evidenceFor(b, e.Signals)
	b.Sweeps = sweeps
	e.Range, e.Basis = rangeAround(b.Point, b.Firm(), len(sweeps) > 0), b
	e.Scope = ScopeFor(e.FileCount)
	e.Complexity = ComplexityFor(e.Signals)
	c := calibrated[e.Scope]
	e.ScopeRate, e.Calibrated = c.rate(), c.total
	e.Confidence = ConfidenceFor(e.Signals, e.ScopeRate, e.Calibrated)
	return e
}

// stem is a source file's name without directory and extension.
func stem(p string) string {
	b := strings.ToLower(path.Base(p))
	return strings.TrimSuffix(b, path.Ext(b))
}

// testStem is the name of the file a test file tests, by the common
// conventions: x_test.go, test_x.py, x_tests.py, x.test.js, x.spec.ts,
// or test/x.js.
func testStem(p string) string {
	s := stem(p)
	s = strings.TrimSuffix(strings.TrimSuffix(s, ".test"), ".spec")
	s = strings.TrimSuffix(strings.TrimSuffix(s, "_test"), "_tests")
	return strings.TrimPrefix(s, "test_")
}
