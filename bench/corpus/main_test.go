package main

import (
	"slices"
	"testing"
)

func TestKeep(t *testing.T) {
	tests := []struct {
		name, msg, status string
		keep              bool
		targets           []string
	}{
		{"behaviour change", "middleware: fix RouteHeaders empty check\n\nSigned-off-by: A <a@b>", "M\tmiddleware/route_headers.go\nA\tmiddleware/route_headers_test.go", true, []string{"middleware/route_headers.go"}},
		{"dependency bump", "Bump golang.org/x/net from 0.1 to 0.2", "M\tgo.mod\nM\tgo.sum\nM\tmux.go", false, nil},
		{"docs only", "Explain routing better", "M\tREADME.md\nM\tdocs/routing.md", false, nil},
		{"tests only", "Cover the router", "M\tmux_test.go", false, nil},
		{"only new code", "Add a sunset middleware", "A\tmiddleware/sunset.go", false, nil},
		{"vendored", "Update urllib3 copy", "M\trequests/packages/urllib3/util.py\nM\trequests/models.py", false, nil},
		{"mass rename", "Move things", "R100\ta.go\tx/a.go\nR100\tb.go\tx/b.go\nR100\tc.go\tx/c.go\nM\td.go", false, nil},
		{"too short", "wip", "M\tmux.go", false, nil},
	}
	for _, tt := range tests {
		var c Change
		if got := keep(&c, tt.msg, tt.status); got != tt.keep {
			t.Errorf("%s: keep = %v, want %v", tt.name, got, tt.keep)
			continue
		}
		if tt.keep && !slices.Equal(c.Targets, tt.targets) {
			t.Errorf("%s: targets = %q, want %q", tt.name, c.Targets, tt.targets)
		}
		if tt.keep && c.Text != "middleware: fix RouteHeaders empty check" {
			t.Errorf("%s: text = %q (trailers should be gone)", tt.name, c.Text)
		}
	}
}
