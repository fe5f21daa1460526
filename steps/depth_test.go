package steps

import "testing"

func TestDetermineDepth(t *testing.T) {
	qs := func(scope, complexity string, n int) *QuickScanFacts {
		return &QuickScanFacts{Scope: scope, Complexity: complexity, FileCount: n}
	}
	cases := []struct {
		name, phase, override string
		qs                    *QuickScanFacts
		want                  Depth
		source                string
	}{
		{"override wins over quick scan", "01-requirements", "deep", qs("small", "low", 2), Deep, DepthFromOverride},
		{"override brief", "02-impact-analysis", "brief", qs("large", "high", 40), Brief, DepthFromOverride},
		{"invalid override ignored", "01-requirements", "huge", qs("medium", "medium", 8), Standard, DepthFromQuickScan},
		{"small low", "01-requirements", "", qs("small", "low", 3), Brief, DepthFromQuickScan},
		{"small by file count", "01-requirements", "", qs("small", "medium", 4), Brief, DepthFromQuickScan},
		{"small but many files and medium", "01-requirements", "", qs("small", "medium", 6), Standard, DepthFromQuickScan},
		{"medium", "03-architecture", "", qs("medium", "medium", 10), Standard, DepthFromQuickScan},
		{"large high", "04-design", "", qs("large", "high", 16), Deep, DepthFromQuickScan},
		{"large by file count", "02-impact-analysis", "", qs("large", "medium", 60), Deep, DepthFromQuickScan},
		{"large but few files and low", "02-impact-analysis", "", qs("large", "low", 12), Standard, DepthFromQuickScan},
		{"no quick scan", "01-requirements", "", nil, Standard, DepthFromDefault},
		{"empty quick scan", "01-requirements", "", qs("", "", 0), Standard, DepthFromDefault},
		{"phase 00 ignores quick scan", "00-quick-scan", "", qs("large", "high", 99), Standard, DepthFromDefault},
		{"phase 00 honours override", "00-quick-scan", "brief", nil, Brief, DepthFromOverride},
	}
	for _, c := range cases {
		d, src := DetermineDepth(c.phase, c.override, c.qs)
		if d != c.want || src != c.source {
			t.Errorf("%s: DetermineDepth = %s (%s), want %s (%s)", c.name, d, src, c.want, c.source)
		}
	}
}

func TestAnnouncements(t *testing.T) {
	if got := Announcement(Brief); got != "This looks straightforward. I'll keep the analysis brief -- say 'deep' if you want the full treatment." {
		t.Errorf("brief: %q", got)
	}
	if got := Announcement(Deep); got != "This is a substantial change. I'll do a thorough analysis -- say 'brief' if you want to speed things up." {
		t.Errorf("deep: %q", got)
	}
	if got := Announcement(Standard); got != "" {
		t.Errorf("standard should say nothing, got %q", got)
	}
	if got := OverrideAnnouncement(Deep); got != "Got it, switching to thorough mode." {
		t.Errorf("override deep: %q", got)
	}
	if got := OverrideAnnouncement(Brief); got != "Got it, switching to brief mode." {
		t.Errorf("override brief: %q", got)
	}
}
