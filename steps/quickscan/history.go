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
// a single file, near 1.
type History struct {
	Changes   int     `json:"changes"`          // recent non-merge commits that changed source files
	PerSource float64 `json:"files_per_source"` // files changed per source file changed, over those commits
}

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
	var h History
	files, sources := 0, 0
	for _, c := range changes {
		if len(c) > bulkChange {
			continue
		}
		n, src := 0, 0
		for _, p := range c {
			k := Kind(p, false)
			if !counted(k) {
				continue
			}
			n++
			if k == KindSource {
				src++
			}
		}
		if src == 0 {
			continue
		}
		h.Changes++
		files += n
		sources += src
	}
	if sources > 0 {
		h.PerSource = math.Round(float64(files)/float64(sources)*100) / 100
	}
	return h
}

// usable reports whether the History holds enough changes to go by.
func (h History) usable() bool { return h.Changes >= minHistory && h.PerSource >= 1 }

// WithHistory sizes the change again with what the repository's history
// says (see EstimateFrom).
func (r Result) WithHistory(h History) Result {
	r.Estimate = estimate(r.Signals.Keywords, r.Signals.Matched, r.Files, h)
	return r
}
