package roundtable

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// Fault injection lets tests prove two promises at every write point, both
// rtgit's own and git's: a run killed there converges when run again, and
// a write that fails there leaves the repository as it was. It is off
// unless one of these is set:
//
//	RTGIT_TRACE_POINTS=<file>  append every point reached to the file
//	RTGIT_KILL_AT=<point>      exit 137 there, as kill -9 would leave it
//	RTGIT_FAIL_AT=<point>      make the write there fail as a full disk does
//
// A point matches by prefix, so RTGIT_FAIL_AT="write " fails every file
// write. A suffix "#N" picks the Nth time a point is reached, for runs
// (the action) that commit more than once.

// The points rtgit names itself; git's own are prefixed "git: " by gitops.
const (
	pointBeforeCommit = "before-commit"
	pointWrite        = "write "
)

var reached struct {
	sync.Mutex
	n map[string]int
}

// hook is called at each write point. It returns the injected failure, if
// one is asked for here; the caller returns it in place of writing.
func hook(point string) error {
	if trace := os.Getenv("RTGIT_TRACE_POINTS"); trace != "" {
		if f, err := os.OpenFile(trace, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); err == nil {
			fmt.Fprintln(f, point)
			f.Close()
		}
	}
	kill, fail := os.Getenv("RTGIT_KILL_AT"), os.Getenv("RTGIT_FAIL_AT")
	if kill == "" && fail == "" {
		return nil
	}
	reached.Lock()
	if reached.n == nil {
		reached.n = map[string]int{}
	}
	reached.n[point]++
	n := reached.n[point]
	reached.Unlock()
	if pointMatches(kill, point, n) {
		os.Exit(137)
	}
	if pointMatches(fail, point, n) {
		return fmt.Errorf("%s: %w (injected by RTGIT_FAIL_AT)", point, syscall.ENOSPC)
	}
	return nil
}

// pointMatches reports whether want ("<prefix>" or "<prefix>#N") selects
// the nth arrival at point.
func pointMatches(want, point string, n int) bool {
	if want == "" {
		return false
	}
	if i := strings.LastIndex(want, "#"); i >= 0 {
		if k, err := strconv.Atoi(want[i+1:]); err == nil {
			return n == k && strings.HasPrefix(point, want[:i])
		}
	}
	return strings.HasPrefix(point, want)
}

// GitPoint is meant for gitops.Repo.OnPoint, so git's stages (objects
// written, branch moved, pushed...) are traced, killed and failed like
// rtgit's own writes.
func GitPoint(point string) error { return hook(point) }
