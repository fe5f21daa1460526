package cli

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// Set at link time by release builds (.goreleaser.yaml):
//
//	-X github.com/rtgit/rtgit/cmd/rtgit/internal/cli.version=1.2.3
//
// A plain `go build` or `go install` leaves them empty, and the build info
// the Go toolchain records stands in.
var (
	version string // "1.2.3", without the v
	commit  string // full SHA of the released commit
	date    string // RFC 3339 build time
)

func newVersionCmd(s Streams) *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print rtgit's version and build details",
		Example: "  rtgit version",
		Args:    exactArgs(0),
		RunE: func(*cobra.Command, []string) error {
			fmt.Fprintln(s.Out, versionString())
			return nil
		},
	}
}

// Version is the running binary's release version ("v1.2.3"), or "" for
// a build that is not a release; `rtgit init` pins the Action to it.
func Version() string {
	if version != "" {
		return "v" + version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return ""
}

// versionString is `rtgit version`: the stamped release, or else the
// module version and VCS stamp from build info, so `go install …@v1.2.3`
// and source builds report themselves correctly too.
func versionString() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		bi = nil
	}
	return formatVersion(version, commit, date, bi)
}

// formatVersion says what is known and names what is not: a build without
// a commit (`go run`, a copy outside git) says "commit unknown" rather than
// leaving a reader to wonder whether the field was forgotten.
func formatVersion(version, commit, date string, bi *debug.BuildInfo) string {
	goVersion := ""
	if bi != nil {
		goVersion = " " + bi.GoVersion
	}
	if version != "" {
		out := "rtgit v" + version + goVersion
		if commit != "" {
			out += " " + shortSHA(commit)
		} else {
			out += " commit unknown"
		}
		if date != "" {
			out += " built " + date
		}
		return out
	}
	if bi == nil {
		return "rtgit (unknown version) commit unknown"
	}
	v := bi.Main.Version
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	out := "rtgit " + v + goVersion
	rev, dirty, when := "", false, ""
	for _, kv := range bi.Settings {
		switch kv.Key {
		case "vcs.revision":
			rev = kv.Value
		case "vcs.modified":
			dirty = kv.Value == "true"
		case "vcs.time":
			when = kv.Value
		}
	}
	if rev == "" {
		return out + " commit unknown"
	}
	out += " " + shortSHA(rev)
	if dirty {
		out += "-dirty"
	}
	if when != "" {
		// A source build records when the commit was made, not when it was
		// built, so it says so.
		out += " committed " + when
	}
	return out
}

func shortSHA(s string) string {
	if len(s) > 12 {
		return s[:12]
	}
	return s
}
