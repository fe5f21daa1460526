package roundtable

import (
	"os"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/quickscan"
)

// searchingRepo is the fake with a Searcher that counts its searches.
type searchingRepo struct {
	*fakeRepo
	searches int
}

func (r *searchingRepo) Search(string, []string) ([]quickscan.Hit, int, error) {
	r.searches++
	return []quickscan.Hit{
		{Path: "billing/invoice_export.go", Counts: []int{4, 4, 4, 4, 4, 4}, Decls: 2, Size: 900},
		{Path: "billing/csv.go", Counts: []int{1, 1, 1, 1, 1, 1}, Size: 400},
	}, 200, nil
}

// Phase 00 records the scan's candidate files in meta.json, so the later
// steps that name them do not search the repository again: a search costs
// time in proportion to the repository's size, every step.
func TestLaterPhasesDoNotSearchAgain(t *testing.T) {
	m, fake := newMachine(t)
	repo := &searchingRepo{fakeRepo: fake}
	m.Repo = repo
	mustNew(t, m)
	walk := func(n int) {
		t.Helper()
		if _, err := m.SetDepth("csv", steps.Brief); err != nil {
			t.Fatal(err)
		}
		for range n {
			if _, err := m.Next("csv"); err != nil {
				t.Fatal(err)
			}
		}
	}
	walk(3) // through Phase 00
	if repo.searches == 0 {
		t.Fatal("Phase 00 never searched")
	}
	st, err := m.load("csv")
	if err != nil {
		t.Fatal(err)
	}
	if qs := st.meta.QuickScan; qs == nil || !strings.Contains(strings.Join(qs.CandidateFiles, ","), "billing/invoice_export.go") {
		t.Fatalf("meta.json quick_scan = %+v, want the candidate files", st.meta.QuickScan)
	}

	repo.searches = 0
	walk(1) // 01-01's draft is the description and the user's words
	for _, a := range [][2]string{
		{"users", "Finance clerks closing the month, and the support team who answer their calls."},
		{"journey", "The clerk opens the invoices page, picks last month, clicks export, and opens the file in a spreadsheet to reconcile."},
	} {
		if _, err := m.Answer("csv", a[0], a[1]); err != nil {
			t.Fatal(err)
		}
		if _, err := m.Next("csv"); err != nil {
			t.Fatal(err)
		}
	}
	// 01-04's draft names the candidate files, from meta.json.
	if repo.searches != 0 {
		t.Errorf("Phase 01 searched %d time(s)", repo.searches)
	}
	data, err := os.ReadFile(m.abs("docs/requirements/csv/answers/01-04-technical-context.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "billing/invoice_export.go") {
		t.Errorf("01-04's answer file does not name the candidate files:\n%s", data)
	}
}
