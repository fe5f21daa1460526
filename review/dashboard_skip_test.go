package review

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/roundtable"
	"github.com/rtgit/rtgit/templates"
)

// TestDashboardNamesSkippedStepsOpen: a skipped step is not ticked as
// done, and a finished analysis is not called complete beside the open
// questions its skipped steps left.
func TestDashboardNamesSkippedStepsOpen(t *testing.T) {
	route, err := library.Load(templates.FS, nil)
	if err != nil {
		t.Fatal(err)
	}
	var phases []string
	for _, ph := range route.Phases {
		phases = append(phases, ph.Phase.Key)
	}
	st := &roundtable.Status{Slug: "teardown", AnalysisStatus: "analyzed", PhasesCompleted: phases, StepsTotal: len(route.Steps())}
	dash := Dashboard(route, st)
	if strings.Contains(dash, "- [x] ~~") || !strings.Contains(dash, "- [ ] ~~00-01 Scope Estimation~~ (skipped: its questions are open)") {
		t.Errorf("skipped steps read as done:\n%s", dash)
	}
	if strings.Contains(dash, "the analysis is complete") {
		t.Errorf("the dashboard calls an analysis of skipped steps complete:\n%s", dash)
	}
}
