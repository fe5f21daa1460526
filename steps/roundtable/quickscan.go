package roundtable

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/artifacts"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/quickscan"
)

// Searcher is what the quick scan needs from the repository, beyond Repo:
// a case-insensitive fixed-string search of every file tracked at rev. It
// is optional; without it the scan's placeholders stay unknown and Phase
// 00 falls back to what the user types.
type Searcher interface {
	Search(rev string, keywords []string) (hits []quickscan.Hit, searched int, err error)
}

// HistoryReader is what the quick scan's estimate reads from the
// repository when it can: the files each of the last n non-merge commits
// at rev changed, newest first. It is optional; without it, or when the
// history cannot be read, the estimate goes without the repository's
// habits.
type HistoryReader interface {
	RecentChanges(rev string, n int) ([][]string, error)
}

// CandidateCount is how many top files the quick scan names in drafts.
const CandidateCount = 5

// tableCount is how many ranked files quick-scan.md lists.
const tableCount = 10

// quickScanArtifact is Phase 00's output.
const quickScanArtifact = "quick-scan.md"

// scanCache holds one verb's scan, run at most once per keyword list.
type scanCache struct {
	key    string
	result *quickscan.Result
	err    error
}

// inQuickScan reports whether s belongs to the quick-scan phase.
func (st *state) inQuickScan(s *steps.Step) bool {
	_, ph := st.route.Step(s.ID)
	return ph != nil && ph.Phase.Key == library.QuickScanPhase
}

// scanKeywords are the keywords the scan searches for: the ones recorded
// in meta.json, else the list the user confirmed in Phase 00 (the answer
// to a `keywords` question), else a draft from the description and the
// user's own description of the change (a `change` answer). Nothing else
// feeds the draft: the `boundaries` answer names what must not change, so
// its words would send the search exactly where the change is not.
func (st *state) scanKeywords() []string {
	if qs := st.meta.QuickScan; qs != nil && len(qs.Keywords) > 0 {
		return qs.Keywords
	}
	texts := []string{st.meta.Description}
	for _, ph := range st.route.Phases {
		if ph.Phase.Key != library.QuickScanPhase {
			continue
		}
		for _, s := range ph.Steps {
			if !st.before(s.ID) {
				continue
			}
			f, err := st.answerFile(s)
			if err != nil {
				continue
			}
			if a, ok := f.Answer(keywordQuestion(s)); ok && a.Answered {
				if kw := keywordList(s, a.Text); len(kw) > 0 {
					return kw
				}
			}
			if a, ok := f.Answer("change"); ok && a.Answered {
				texts = append(texts, a.Text)
			}
		}
	}
	return quickscan.Keywords(texts...)
}

// scan runs the search once per verb and keyword list, at the commit the
// analysis started from, so every step of Phase 00 sees the same code.
func (st *state) scan() (*quickscan.Result, error) {
	return st.scanFor(st.scanKeywords())
}

func (st *state) scanFor(kw []string) (*quickscan.Result, error) {
	search, ok := st.m.Repo.(Searcher)
	if !ok {
		return nil, nil
	}
	if len(kw) == 0 {
		return nil, nil
	}
	key := strings.Join(kw, "\x00")
	if st.scanned != nil && st.scanned.key == key {
		return st.scanned.result, st.scanned.err
	}
	rev := st.meta.BaseCommit
	if rev == "" {
		rev = "HEAD"
	}
	r, err := st.scanAt(search, rev, kw)
	if err != nil {
		st.m.warn(fmt.Sprintf("quick scan: %v", err))
	}
	st.scanned = &scanCache{key: key, result: r, err: err}
	return r, err
}

// scanAt is the quick scan at rev: the search, the definitions of the top
// files, the repository's recent history and what the title says (Titled).
// Every scan of an analysis goes through it, so a refresh writes the
// quick-scan.md that rebuild renders at the same commit.
func (st *state) scanAt(search Searcher, rev string, kw []string) (*quickscan.Result, error) {
	hist := st.recentHistory(rev)
	hits, searched, err := search.Search(rev, kw)
	if err != nil {
		<-hist // nothing outlives the scan
		return nil, err
	}
	r := quickscan.AnalyzeWith(kw, hits, searched, func(p string) ([]byte, error) { return st.m.Repo.ReadFileAt(rev, p) })
	if h, ok := <-hist; ok {
		r = r.WithHistory(h)
	}
	r = r.Titled(st.meta.Description)
	return &r, nil
}

// recentHistory reads the repository's recent changes at rev while the
// search runs (quickscan.ReadHistory); without a HistoryReader the channel
// closes without a value.
func (st *state) recentHistory(rev string) <-chan quickscan.History {
	h, ok := st.m.Repo.(HistoryReader)
	if !ok {
		return quickscan.ReadHistory(nil)
	}
	return quickscan.ReadHistory(func(n int) ([][]string, error) { return h.RecentChanges(rev, n) })
}

// scanLookup resolves the quick-scan placeholders: meta.json's recorded
// values once Phase 00 is done, the scan's suggestions while it runs.
func (st *state) scanLookup(name string) (string, bool) {
	if qs := st.meta.QuickScan; qs != nil && qs.Scope != "" {
		switch name {
		case "scope":
			return qs.Scope, true
		case "complexity":
			return qs.Complexity, qs.Complexity != ""
		case "file_count":
			return strconv.Itoa(qs.EstimatedFiles), true
		case "keywords":
			return strings.Join(qs.Keywords, ", "), len(qs.Keywords) > 0
		case "candidate_files":
			if qs.CandidateFiles != nil {
				return artifacts.CodeList(qs.CandidateFiles), len(qs.CandidateFiles) > 0
			}
		}
	}
	if qs := st.meta.QuickScan; qs != nil && qs.Scope != "" && name == "file_range" {
		// A count the person corrected is theirs; the scan's range
		// around its own count no longer applies.
		if r, _ := st.scan(); r == nil || r.FileCount != qs.EstimatedFiles {
			return fmt.Sprintf("%d to %d", qs.EstimatedFiles, qs.EstimatedFiles), true
		}
	}
	if name == "keywords" {
		kw := st.scanKeywords()
		return strings.Join(kw, ", "), len(kw) > 0
	}
	r, _ := st.scan()
	if r == nil {
		return "", false
	}
	switch name {
	case "scope":
		return r.Scope, true
	case "complexity":
		return r.Complexity, true
	case "file_count":
		return strconv.Itoa(r.FileCount), true
	case "file_range":
		return fmt.Sprintf("%d to %d", r.Range[0], r.Range[1]), true
	case "scope_record":
		return r.ScopeRecord(), true
	case "candidate_files":
		c := candidates(r, CandidateCount)
		return artifacts.CodeList(c), len(c) > 0
	}
	return "", false
}

// candidates are the paths of the first n files the estimate counts.
func candidates(r *quickscan.Result, n int) []string {
	var out []string
	for _, f := range quickscan.Relevant(r.Files) {
		if len(out) == n {
			break
		}
		out = append(out, f.Path)
	}
	return out
}
