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
	goVersion := ""
	if ok {
		goVersion = " " + bi.GoVersion
	}
	if version != "" {
		out := "rtgit v" + version + goVersion
		if commit != "" {
			c := commit
			if len(c) > 12 {
				c = c[:12]
			}
			out += " " + c
		}
		if date != "" {
			out += " built " + date
		}
		return out
	}
	if !ok {
		return "rtgit (unknown version)"
	}
	v := bi.Main.Version
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	out := "rtgit " + v + goVersion
	for _, kv := range bi.Settings {
		switch kv.Key {
		case "vcs.revision":
			if len(kv.Value) > 12 {
				kv.Value = kv.Value[:12]
			}
			out += " " + kv.Value
		case "vcs.modified":
			if kv.Value == "true" {
				out += "-dirty"
			}
		}
	}
	return out
}
