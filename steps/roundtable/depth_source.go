package roundtable

import (
	"fmt"

	"github.com/rtgit/rtgit/steps/library"
)

// phasesFrom is ph and every phase after it, in route order: the phases a
// person's depth choice covers.
func (st *state) phasesFrom(ph *library.RoutePhase) []*library.RoutePhase {
	for i, p := range st.route.Phases {
		if p == ph {
			return st.route.Phases[i:]
		}
	}
	return []*library.RoutePhase{ph}
}

// depthWhy says where the open step's depth came from and how to change
// it, for the answer file and status: a depth that changes without the
// person knowing why reads as rtgit ignoring them.
func (st *state) depthWhy(ph *library.RoutePhase) string {
	change := fmt.Sprintf("`rtgit depth %s brief|standard|deep` changes it", st.it.slug)
	_, source := st.phaseDepth(ph)
	switch source {
	case library.DepthFromOverride:
		return "chosen by you; " + change
	case library.DepthFromQuickScan:
		return fmt.Sprintf("from the quick scan, which found a %s change; %s", st.meta.QuickScan.Scope, change)
	}
	return "this step's own default, as no quick scan scope is known; " + change
}
