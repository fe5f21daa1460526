package main

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
)

// firstCollection is how much memory the process may take before the
// collector first runs.
const firstCollection = 64 << 20

// deferCollection lets the garbage collector wait until the process has
// taken firstCollection bytes, then hands back to the default pacing
// (GOGC=100, no limit). Most commands are short processes that allocate
// a few MiB and exit: with the default pacing, which starts collecting at
// 4 MiB, the collector's cycles over that small heap were half of `rtgit
// verify`'s CPU time. A long command (the MCP server, a large analysis)
// is paced as Go paces it from its first cycle on. GOGC or GOMEMLIMIT set
// in the environment are left to the runtime.
func deferCollection() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(firstCollection)
	// The first cycle finds the sentinel unreachable and runs its
	// finalizer, which restores the defaults. It holds a pointer so that
	// it is an allocation of its own, never in the tiny allocator's
	// blocks, whose finalizers may not run.
	s := &sentinel{}
	runtime.SetFinalizer(s, func(*sentinel) {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
	})
}

type sentinel struct{ _ *byte }
