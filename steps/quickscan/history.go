package quickscan

import "math"

// HistoryDepth is how many of the newest commits at the scanned revision
// a scan reads for History: enough for a steady rate in an active
// repository, few enough that reading them costs little next to the
// search (each is one tree difference).
const HistoryDepth = 300

// minHistory is how many source changes a History needs before its rate
// is used; fewer say more about chance than about the repository.
const minHistory = 20

// minFileHistory is how many recent changes to one file its own change
// size needs; with fewer, the repository's typical change stands in.
const minFileHistory = 5

// bulkChange is the size above which a commit is an import, a mass rename
// or a reformatting rather than a change someone described: such commits
// are left out of the rate.
const bulkChange = 50

// History is what the repository's own recent changes say about how
// changes there are made: for each source file a change edits, how many
// files it touches in all (the source file itself, plus the tests,
// documentation, changelog entries and examples that go with it). A
// repository that keeps a test beside every source file and a changelog
// entry for every change has a rate near 3; one whose changes are mostly
// a single file, near 1. It also keeps how big the changes to each source
// file were, so the estimate can ask how changes to the file a search
// puts first usually go.
type History struct {
	Changes   int     `json:"changes"`          // recent non-merge commits that changed source files
	PerSource float64 `json:"files_per_source"` // files changed per source file changed, over those commits
	// Typical is the geometric mean of the files those commits changed:
	// the size of an ordinary change here, which the few large ones do
	// not pull up the way they pull up a mean.
	Typical float64 `json:"typical_files"`
	// Spread is how far those commits' sizes stray from Typical: the
	// geometric standard deviation, 1 when every change is the same size,
	// 2 when one in three is more than twice or less than half Typical.
	Spread float64 `json:"spread"`
	// sizes lists, per source file, the file counts of those commits
	// that changed it.
	sizes map[string][]int
	// with counts, per source file, the changelogs, documents,
	// configuration files and examples those commits changed with it.
	with map[string]map[string]int
	// released are the files holding the project's version
	// (versionFile) and the changelogs that any recent commit changed,
	// newest first: where a release writes its version and closes its
	// notes (release.go).
	released []string
}

// goesWith are the kinds of file a commit may change alongside source
// files that a scan lists as companions (companionsOf).
var goesWith = map[string]bool{KindChangelog: true, KindDoc: true, KindConfig: true, KindExample: true}

// ReadHistory runs read (the files each of the newest n commits changed)
// in the background and delivers the History they make. Callers start it
// alongside the search, which reads the repository on its own, so the
// estimate's history costs no time of its own. The history only refines
// the estimate: with a nil read, or where read fails, the channel closes
// without a value.
func ReadHistory(read func(n int) ([][]string, error)) <-chan History {
	out := make(chan History, 1)
	if read == nil {
		close(out)
		return out
	}
	go func() {
		defer close(out)
		if changes, err := read(HistoryDepth); err == nil {
			out <- HistoryOf(changes)
		}
	}()
	return out
}

// HistoryOf computes a History from the files each recent commit changed
// (the newest first, as gitops.Repo.RecentChanges lists them). Commits
// touching no source file, and bulk commits, do not count; licences,
// configuration, vendored and generated files count in no commit, as in
// the estimate.
func HistoryOf(changes [][]string) History {
	h := History{sizes: map[string][]int{}, with: map[string]map[string]int{}}
	files, sources := 0, 0
	var all []int // each counted change's file count
	released := map[string]bool{}
	for _, c := range changes {
		if len(c) > bulkChange {
			continue
		}
		n := 0
		var src, other []string
		for _, p := range c {
			k := Kind(p, false)
			if !released[p] && (k == KindChangelog || versionFile(p)) {
				released[p] = true
				h.released = append(h.released, p)
			}
			if goesWith[k] {
				other = append(other, p)
			}
			if !counted(k) {
				continue
			}
			n++
			if k == KindSource {
				src = append(src, p)
			}
		}
		if len(src) == 0 {
			continue
		}
		h.Changes++
		files += n
		sources += len(src)
		all = append(all, n)
		for _, p := range src {
			h.sizes[p] = append(h.sizes[p], n)
			if len(other) == 0 {
				continue
			}
			w := h.with[p]
			if w == nil {
				w = map[string]int{}
				h.with[p] = w
			}
			for _, o := range other {
				w[o]++
			}
		}
	}
	if sources > 0 {
		h.PerSource = round2(float64(files) / float64(sources))
		h.Typical = geoMean(all)
		h.Spread = geoSpread(all)
	}
	return h
}

// geoSpread is the geometric standard deviation of file counts, to two
// places: 1 for a single count or counts all alike.
func geoSpread(ns []int) float64 {
	if len(ns) < 2 {
		return 1
	}
	mean := 0.0
	for _, n := range ns {
		mean += math.Log(float64(n))
	}
	mean /= float64(len(ns))
	v := 0.0
	for _, n := range ns {
		d := math.Log(float64(n)) - mean
		v += d * d
	}
	return round2(math.Exp(math.Sqrt(v / float64(len(ns)-1))))
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// geoMean is the geometric mean of file counts (each at least 1), to two
// places.
func geoMean(ns []int) float64 {
	logs := 0.0
	for _, n := range ns {
		logs += math.Log(float64(n))
	}
	return round2(math.Exp(logs / float64(len(ns))))
}

// Around is the size of a change to the source file p here: the geometric
// mean of the files the recent changes to p touched, over how many of
// them there were. With fewer than minFileHistory of them (or no p), the
// repository's typical change, over 0.
func (h History) Around(p string) (files float64, changes int) {
	s := h.sizes[p]
	if len(s) < minFileHistory {
		return h.Typical, 0
	}
	return geoMean(s), len(s)
}

// SpreadAround is how much the changes to the source file p vary in size
// (geoSpread), over the same changes Around measures: p's own when it has
// minFileHistory of them, else the repository's.
func (h History) SpreadAround(p string) float64 {
	if s := h.sizes[p]; len(s) >= minFileHistory {
		return geoSpread(s)
	}
	return h.Spread
}

// changedWith counts the companion-kind files the recent changes to the
// source file p changed with it, over how many changes to p there were.
func (h History) changedWith(p string) (map[string]int, int) {
	return h.with[p], len(h.sizes[p])
}

// usable reports whether the History holds enough changes to go by, and
// says what HistoryOf would (every change touches at least one file).
func (h History) usable() bool {
	return h.Changes >= minHistory && h.PerSource >= 1 && h.Typical >= 1
}

// WithHistory sizes the change again with what the repository's history
// says (see EstimateFrom), and adds the files the history shows going with
// the top source files to the companions.
func (r Result) WithHistory(h History) Result {
	r.hist = h
	r.Estimate = estimate(r.Signals.Keywords, r.Signals.Matched, r.Files, r.hist, r.sweeps)
	r.Companions = companionsOf(r.Keywords, r.Files, h, r.release)
	return r
}
