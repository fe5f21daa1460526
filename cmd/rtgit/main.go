// Command rtgit runs a roundtable requirements analysis inside a git
// repository. See the README for a tour.
package main

import (
	"fmt"
	"os"
	"runtime/pprof"

	"github.com/rtgit/rtgit/cmd/rtgit/internal/cli"
)

func main() {
	os.Exit(run())
}

// run is main with deferred work finished before the process exits.
// RTGIT_CPUPROFILE=FILE writes a CPU profile of the whole run there, for
// the benchmark suite (bench/) and `go tool pprof`; it is not a flag
// because it is no part of the command line users learn.
func run() int {
	deferCollection()
	if p := os.Getenv("RTGIT_CPUPROFILE"); p != "" {
		f, err := os.Create(p)
		if err != nil {
			fmt.Fprintf(os.Stderr, "rtgit: cpu profile: %v\n", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(os.Stderr, "rtgit: cpu profile: %v\n", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	return cli.Main(os.Args[1:])
}
