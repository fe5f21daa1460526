package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// deferCollection turns the collector off until the memory limit, and the
// first cycle puts back the default pacing: GOGC=100 and no limit.
func TestDeferCollectionHandsBackAfterTheFirstCycle(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	gogc := debug.SetGCPercent(100)
	limit := debug.SetMemoryLimit(-1)
	defer func() {
		debug.SetGCPercent(gogc)
		debug.SetMemoryLimit(limit)
	}()
	deferCollection()
	if p := debug.SetGCPercent(-1); p != -1 {
		t.Fatalf("before the first cycle GOGC is %d, want off", p)
	}
	if l := debug.SetMemoryLimit(-1); l != firstCollection {
		t.Fatalf("before the first cycle the limit is %d, want %d", l, firstCollection)
	}
	for deadline := time.Now().Add(5 * time.Second); ; {
		runtime.GC()
		if p := debug.SetGCPercent(-1); p == 100 {
			debug.SetGCPercent(100)
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the first cycle did not restore GOGC=100")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
		t.Errorf("after the first cycle the limit is %d, want none", l)
	}
}

// A GOGC the person set is theirs.
func TestDeferCollectionLeavesGOGCAlone(t *testing.T) {
	t.Setenv("GOGC", "200")
	gogc := debug.SetGCPercent(100)
	defer debug.SetGCPercent(gogc)
	deferCollection()
	if p := debug.SetGCPercent(gogc); p != 100 {
		t.Errorf("GOGC set in the environment: the percent became %d", p)
	}
}
