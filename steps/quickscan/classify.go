package quickscan

import (
	"fmt"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps"
)

// Scope, complexity and confidence levels, as meta.json stores them.
const (
	Small  = "small"
	Medium = "medium"
	Large  = "large"

	Low  = "low"
	High = "high"
)

// Signals are the facts behind the complexity rating, over the files
// counted in the estimate.
type Signals struct {
	TopLevelDirs int `json:"top_level_dirs"` // distinct first path elements ("." for the root)
	Packages     int `json:"packages"`       // distinct directories
	PublicFiles  int `json:"public_files"`   // files whose hits include a public declaration
	HitFiles     int `json:"hit_files"`      // every file with a hit, before the cut-off
	Matched      int `json:"matched_keywords"`
	Keywords     int `json:"keywords"`
}

// ScopeFor classifies a file count: small below 5, medium 5 to 15, large
// above 15 (requirements FR-006).
func ScopeFor(files int) string {
	switch {
	case files < 5:
		return Small
	case files <= 15:
		return Medium
	}
	return Large
}

// calibration counts the calibration changes estimated in one scope class
// and how many of them were in that class.
type calibration struct{ right, total int }

func (c calibration) rate() float64 {
	if c.total == 0 {
		return 0
	}
	return float64(c.right) / float64(c.total)
}

// calibrated is how often each estimated scope class was the true class
// over every change of the scan-accuracy corpus, 271 changes of 24
// repositories in six splits (bench/corpus, docs/performance.md; `go run
// ./bench -accuracy` prints the table, and says when this record differs
// from what it measured). It is what a confidence means, so it is
// measured, not chosen, and on every repository measured rather than on
// the four the scan was first tuned on, whose record was kinder (22 of 33
// small, 7 of 9 medium). No change was estimated large, so a large
// estimate has no record and gets low confidence.
var calibrated = map[string]calibration{
	Small:  {93, 152},
	Medium: {51, 119},
}

// ComplexityFor rates complexity from three signals, each worth up to two
// points: spread across top-level directories (2 dirs: 1, 3 or more: 2),
// packages touched (3–5: 1, 6 or more: 2) and files exposing a public
// interface among the hits (3–7: 1, 8 or more: 2; one or two are normal
// for any change that adds behaviour). 0–1 points is low,
// 2–3 medium, 4 or more high. Crossing module boundaries and changing
// what callers see are what make a change hard, more than its size.
func ComplexityFor(s Signals) string {
	points := 0
	switch {
	case s.TopLevelDirs >= 3:
		points += 2
	case s.TopLevelDirs == 2:
		points++
	}
	switch {
	case s.Packages >= 6:
		points += 2
	case s.Packages >= 3:
		points++
	}
	switch {
	case s.PublicFiles >= 8:
		points += 2
	case s.PublicFiles >= 3:
		points++
	}
	switch {
	case points >= 4:
		return High
	case points >= 2:
		return Medium
	}
	return Low
}

// minRecord is how many calibration changes a class's record needs
// before it can earn high confidence: five right of six says little about
// the next six.
const minRecord = 10

// ConfidenceFor says how far to trust the estimate, given how often the
// estimated class was right (rate) on how many calibration changes. Low:
// nothing matched, fewer than half the keywords were found anywhere, or
// the class was right less than half the time. High: it was right at
// least three times in four, over at least minRecord changes. Medium
// otherwise.
func ConfidenceFor(s Signals, rate float64, changes int) string {
	switch {
	case s.HitFiles == 0 || s.Matched*2 < s.Keywords || rate < 0.5:
		return Low
	case rate >= 0.75 && changes >= minRecord:
		return High
	}
	return Medium
}

// ConfidenceWhy explains the confidence in a line: the calibration record
// behind it and how many keywords were found.
func (e Estimate) ConfidenceWhy() string {
	return fmt.Sprintf("%s; %d of %d keywords found", e.ScopeRecord(), e.Signals.Matched, e.Signals.Keywords)
}

// ScopeRecord says how often the estimated scope class was right on the
// calibration changes estimated in it.
func (e Estimate) ScopeRecord() string {
	c := calibrated[e.Scope]
	if c.total == 0 {
		return fmt.Sprintf("no calibration change was estimated %s", e.Scope)
	}
	return fmt.Sprintf("%s estimates were right on %.0f%% of the calibration changes, %d of %d",
		e.Scope, c.rate()*100, c.right, c.total)
}

// publicPathRe matches files that usually define what other code or other
// systems call: API modules, routes, handlers, schemas, headers.
var publicPathRe = lazyre.New(`(?i)(^|/)(api|apis|routes?|handlers?|controllers?|endpoints?|public|proto|schema|openapi|swagger)(/|\.|_|$)|\.(proto|graphql|gql|h|hpp|d\.ts)$|openapi\.|swagger\.`)

// PublicPath reports whether a path looks like a public interface.
func PublicPath(p string) bool { return publicPathRe.MatchString(p) }

// Describe is the one-line reasoning behind a complexity rating.
func (s Signals) Describe() string {
	return fmt.Sprintf("%s, %s, %s",
		steps.Count(s.TopLevelDirs, "top-level directory", "top-level directories"),
		steps.Count(s.Packages, "package", "packages"),
		steps.Count(s.PublicFiles, "file with public interfaces", "files with public interfaces"))
}
