package library

import "github.com/rtgit/rtgit/steps"

// QuickScanFacts is what the quick scan found, as depth selection reads it.
type QuickScanFacts struct {
	Scope      string // small | medium | large
	Complexity string // low | medium | high
	FileCount  int
}

// Where a phase's depth came from, as DetermineDepth reports it.
const (
	DepthFromOverride  = "override"
	DepthFromQuickScan = "quick-scan"
	DepthFromDefault   = "default"
)

// QuickScanPhase is the phase that produces the quick scan; it always runs at
// the default depth because nothing is known about scope yet (AC-006-07).
const QuickScanPhase = "00-quick-scan"

// DetermineDepth applies the priority chain of module-design §6.1 for one
// phase: a persisted user override, then the quick scan's scope, then
// standard. It returns the depth and which link of the chain chose it.
func DetermineDepth(phaseKey, override string, qs *QuickScanFacts) (steps.Depth, string) {
	if d := steps.Depth(override); d.Valid() {
		return d, DepthFromOverride
	}
	if qs != nil && qs.Scope != "" && phaseKey != QuickScanPhase {
		switch {
		case qs.Scope == "small" && (qs.Complexity == "low" || qs.FileCount < 5):
			return steps.Brief, DepthFromQuickScan
		case qs.Scope == "large" && (qs.Complexity == "high" || qs.FileCount > 15):
			return steps.Deep, DepthFromQuickScan
		}
		return steps.Standard, DepthFromQuickScan
	}
	return steps.Standard, DepthFromDefault
}

// Announcement is what the persona says once per phase about a depth chosen
// from the quick scan (interface-spec §5.7); standard says nothing.
func Announcement(d steps.Depth) string {
	switch d {
	case steps.Brief:
		return "This looks straightforward. I'll keep the analysis brief -- say 'deep' if you want the full treatment."
	case steps.Deep:
		return "This is a substantial change. I'll do a thorough analysis -- say 'brief' if you want to speed things up."
	}
	return ""
}

// OverrideAnnouncement acknowledges a user's depth override.
func OverrideAnnouncement(d steps.Depth) string {
	name := string(d)
	if d == steps.Deep {
		name = "thorough"
	}
	return "Got it, switching to " + name + " mode."
}
