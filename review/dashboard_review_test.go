package review

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// Review items from a refresh stay on the dashboard until someone deals
// with them, and an analysis set aside says so at the top.
func TestDashboardShowsReviewItemsAndSetAside(t *testing.T) {
	st := &roundtable.Status{Slug: "csv", AnalysisStatus: "analyzed",
		ReviewItems: []meta.ReviewItem{{StepID: "02-01", Text: "02-01 Blast Radius Assessment names src/cli.py (modified)", Refresh: "abc1234"}},
		Closed:      &meta.Closed{As: meta.Deferred, Reason: "After the Q3 pricing change"}}
	d := Dashboard(&library.Route{}, st)
	for _, want := range []string{
		"**Deferred:** After the Q3 pricing change",
		"- 02-01 Blast Radius Assessment names src/cli.py (modified) (since refresh abc1234)",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("dashboard lacks %q:\n%s", want, d)
		}
	}
}
