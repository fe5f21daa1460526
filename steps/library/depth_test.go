package library

import (
	"testing"

	"github.com/rtgit/rtgit/steps"
)

func TestDetermineDepth(t *testing.T) {
	qs := func(scope, complexity string, n int) *QuickScanFacts {
		return &QuickScanFacts{Scope: scope, Complexity: complexity, FileCount: n}
	}
	cases := []struct {
		name, phase, override string
		qs                    *QuickScanFacts
		want                  steps.Depth
		source                string
	}{
		{"override wins over quick scan", "01-requirements", "deep", qs("small", "low", 2), steps.Deep, DepthFromOverride},
		{"override brief", "02-impact-analysis", "brief", qs("large", "high", 40), steps.Brief, DepthFromOverride},
		{"invalid override ignored", "01-requirements", "huge", qs("medium", "medium", 8), steps.Standard, DepthFromQuickScan},
		{"small low", "01-requirements", "", qs("small", "low", 3), steps.Brief, DepthFromQuickScan},
		{"small by file count", "01-requirements", "", qs("small", "medium", 4), steps.Brief, DepthFromQuickScan},
		{"small but many files and medium", "01-requirements", "", qs("small", "medium", 6), steps.Standard, DepthFromQuickScan},
		{"medium", "03-architecture", "", qs("medium", "medium", 10), steps.Standard, DepthFromQuickScan},
		{"large high", "04-design", "", qs("large", "high", 16), steps.Deep, DepthFromQuickScan},
		{"large by file count", "02-impact-analysis", "", qs("large", "medium", 60), steps.Deep, DepthFromQuickScan},
		{"large but few files and low", "02-impact-analysis", "", qs("large", "low", 12), steps.Standard, DepthFromQuickScan},
		{"no quick scan", "01-requirements", "", nil, steps.Standard, DepthFromDefault},
		{"empty quick scan", "01-requirements", "", qs("", "", 0), steps.Standard, DepthFromDefault},
		{"phase 00 ignores quick scan", "00-quick-scan", "", qs("large", "high", 99), steps.Standard, DepthFromDefault},
		{"phase 00 honours override", "00-quick-scan", "brief", nil, steps.Brief, DepthFromOverride},
	}
	for _, c := range cases {
		d, src := DetermineDepth(c.phase, c.override, c.qs)
		if d != c.want || src != c.source {
			t.Errorf("%s: DetermineDepth = %s (%s), want %s (%s)", c.name, d, src, c.want, c.source)
		}
	}
}

func TestAnnouncements(t *testing.T) {
	if got := Announcement(steps.Brief); got != "This looks straightforward. I'll keep the analysis brief -- say 'deep' if you want the full treatment." {
		t.Errorf("brief: %q", got)
	}
	if got := Announcement(steps.Deep); got != "This is a substantial change. I'll do a thorough analysis -- say 'brief' if you want to speed things up." {
		t.Errorf("deep: %q", got)
	}
	if got := Announcement(steps.Standard); got != "" {
		t.Errorf("standard should say nothing, got %q", got)
	}
	if got := OverrideAnnouncement(steps.Deep); got != "Got it, switching to thorough mode." {
		t.Errorf("override deep: %q", got)
	}
	if got := OverrideAnnouncement(steps.Brief); got != "Got it, switching to brief mode." {
		t.Errorf("override brief: %q", got)
	}
}
