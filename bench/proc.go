package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
	"syscall"
	"time"
)

// sample is one timed run of one side of a pair: wall time summed over its
// processes, and the largest peak RSS any of them reached.
type sample struct {
	wall time.Duration
	cpu  time.Duration // user and system time: on a shared machine, what the work itself cost
	rss  int64         // KiB
}

// add folds another process of the same run into s.
func (s *sample) add(o sample) {
	s.wall += o.wall
	s.cpu += o.cpu
	s.rss = max(s.rss, o.rss)
}

// env is extra environment for every process the suite starts. Pinning
// identity and config keeps git and rtgit from reading the user's setup;
// main adds GIT_CONFIG_GLOBAL, an empty file of the suite's own.
var env = []string{
	"GIT_AUTHOR_NAME=Bench", "GIT_AUTHOR_EMAIL=bench@example.com",
	"GIT_COMMITTER_NAME=Bench", "GIT_COMMITTER_EMAIL=bench@example.com",
	"GIT_CONFIG_NOSYSTEM=1", "GIT_TERMINAL_PROMPT=0",
}

// run starts name in dir and waits for it. The wall clock covers fork to
// reap, as a user at a shell would see it; the peak RSS is the kernel's
// ru_maxrss for that child alone.
func run(dir string, extra []string, name string, args ...string) (sample, string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), env...), extra...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	s := sample{wall: time.Since(start)}
	if cmd.ProcessState != nil {
		s.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			s.rss = int64(ru.Maxrss)
		}
	}
	if err != nil {
		return s, out.String(), fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, tail(out.String()))
	}
	return s, out.String(), nil
}

// must runs a setup command, which is not measured.
func must(dir string, name string, args ...string) string {
	_, out, err := run(dir, nil, name, args...)
	if err != nil {
		fatalf("setup: %v", err)
	}
	return out
}

func tail(s string) string {
	if len(s) > 2000 {
		return "…" + s[len(s)-2000:]
	}
	return s
}

// median is the middle sample by wall time (the upper middle of an even
// count), with the middle CPU time of all samples, taken on its own, and
// the peak RSS of all samples: memory does not average out.
func median(ss []sample) sample {
	if len(ss) == 0 {
		return sample{}
	}
	sorted := append([]sample(nil), ss...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].wall < sorted[j].wall })
	m := sorted[len(sorted)/2]
	cpus := make([]time.Duration, len(ss))
	for i, s := range ss {
		cpus[i] = s.cpu
	}
	sort.Slice(cpus, func(i, j int) bool { return cpus[i] < cpus[j] })
	m.cpu = cpus[len(cpus)/2]
	for _, s := range ss {
		m.rss = max(m.rss, s.rss)
	}
	return m
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "bench: "+format+"\n", args...)
	os.Exit(1)
}
