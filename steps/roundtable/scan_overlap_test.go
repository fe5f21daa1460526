package roundtable

import (
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/rtgit/rtgit/steps/quickscan"
)

// overlapRepo searches only once the history walk has begun (or, so a
// scan that reads them one after the other fails instead of hanging, once
// a generous wait is over), and its history is many large changes.
type overlapRepo struct {
	*searchingRepo
	once       sync.Once
	walking    chan struct{}
	overlapped bool
}

var wideChanges = func() [][]string {
	var out [][]string
	for range 40 {
		out = append(out, []string{"billing/a.go", "billing/b.go", "billing/c.go", "billing/d.go", "billing/e.go", "billing/f.go", "billing/g.go"})
	}
	return out
}()

func (r *overlapRepo) RecentChanges(rev string, n int) ([][]string, error) {
	r.once.Do(func() { close(r.walking) })
	return wideChanges, nil
}

func (r *overlapRepo) Search(rev string, kw []string) ([]quickscan.Hit, int, error) {
	select {
	case <-r.walking:
		r.overlapped = true
	case <-time.After(20 * time.Second):
	}
	return r.searchingRepo.Search(rev, kw)
}

// The quick scan reads the repository's history for its estimate while
// the search runs, as `rtgit scan` does, and the estimate still takes
// the history into account.
func TestQuickScanReadsHistoryDuringTheSearch(t *testing.T) {
	m, fake := newMachine(t)
	repo := &overlapRepo{searchingRepo: &searchingRepo{fakeRepo: fake}, walking: make(chan struct{})}
	m.Repo = repo
	mustNew(t, m)
	st, err := m.load("csv")
	if err != nil {
		t.Fatal(err)
	}
	got, err := st.scan()
	if err != nil || got == nil {
		t.Fatalf("scan = %v, %v", got, err)
	}
	if !repo.overlapped {
		t.Error("the search ran before the history walk had started: the scan read them one after the other")
	}

	kw := st.scanKeywords()
	hits, searched, _ := repo.searchingRepo.Search("", kw)
	rev := st.meta.BaseCommit
	if rev == "" {
		rev = "HEAD"
	}
	read := func(p string) ([]byte, error) { return fake.ReadFileAt(rev, p) }
	without := quickscan.AnalyzeWith(kw, hits, searched, read)
	with := without.WithHistory(quickscan.HistoryOf(wideChanges))
	if reflect.DeepEqual(with, without) {
		t.Fatal("the test's history does not move the estimate; it proves nothing")
	}
	if !reflect.DeepEqual(*got, with) {
		t.Errorf("scan result\n got %+v\nwant %+v (with the history)", got.Estimate, with.Estimate)
	}
}
