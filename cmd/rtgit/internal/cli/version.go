package cli

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
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

// versionString reads the module version and VCS stamp from build info, so
// `go install …@v1.2.3` and release builds report themselves correctly.
func versionString() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "rtgit (unknown version)"
	}
	v := bi.Main.Version
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	out := "rtgit " + v + " " + bi.GoVersion
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
