package cli

import (
	"runtime/debug"
	"testing"
)

// A build that carries no commit says so instead of printing nothing where
// the README promises a commit.
func TestVersionSaysCommitUnknown(t *testing.T) {
	for name, tc := range map[string]struct {
		version, commit, date string
		bi                    *debug.BuildInfo
		want                  string
	}{
		"go run": {
			bi:   &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}},
			want: "rtgit devel go1.26.8 commit unknown",
		},
		"source build": {
			bi: &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
				{Key: "vcs.revision", Value: "0123456789abcdef0123"},
				{Key: "vcs.time", Value: "2026-12-01T10:00:00Z"},
				{Key: "vcs.modified", Value: "true"},
			}},
			want: "rtgit devel go1.26.8 0123456789ab-dirty committed 2026-12-01T10:00:00Z",
		},
		"release without commit": {
			version: "1.2.3", date: "2026-12-01",
			bi:   &debug.BuildInfo{GoVersion: "go1.26.8"},
			want: "rtgit v1.2.3 go1.26.8 commit unknown built 2026-12-01",
		},
		"release": {
			version: "1.2.3", commit: "fedcba9876543210", date: "2026-12-01",
			bi:   &debug.BuildInfo{GoVersion: "go1.26.8"},
			want: "rtgit v1.2.3 go1.26.8 fedcba987654 built 2026-12-01",
		},
		"no build info": {want: "rtgit (unknown version) commit unknown"},
	} {
		if got := formatVersion(tc.version, tc.commit, tc.date, tc.bi); got != tc.want {
			t.Errorf("%s: got %q, want %q", name, got, tc.want)
		}
	}
}
