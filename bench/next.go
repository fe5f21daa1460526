package main

import (
	"os"
	"path/filepath"
	"strings"
)

// benchSlug is the analysis the next and action measurements drive.
const benchSlug = "bench"

// startAnalysis opens rtgit/bench in brief depth and walks it past Phase
// 00 into Phase 01, and returns the commit to rewind to. Phase 00's steps
// run the repository search, which the scan pair measures on its own; a
// Phase 01 step is what most of an analysis's `next` runs look like.
func (s *suite) startAnalysis(dir string) string {
	must(dir, s.rtgit, "new", "--slug", benchSlug, "Let customers export invoices as CSV")
	must(dir, s.rtgit, "depth", benchSlug, "brief")
	for range 3 {
		must(dir, s.rtgit, "next", benchSlug)
	}
	must(dir, s.rtgit, "depth", benchSlug, "brief")
	return strings.TrimSpace(must(dir, "git", "rev-parse", "HEAD"))
}

// measureNext times `rtgit next` completing one step against git add and
// git commit of the same paths with the same bytes, alternating the two
// so drift in the machine's load hits both alike.
func (s *suite) measureNext(dir, checkpoint string) (rt, g []sample) {
	for range s.reps {
		smp, _, err := run(dir, s.profileEnv("next"), s.rtgit, "next", benchSlug)
		if err != nil {
			fatalf("%v", err)
		}
		rt = append(rt, smp)

		paths := strings.Fields(must(dir, "git", "diff", "--name-only", checkpoint, "HEAD"))
		contents := make(map[string][]byte, len(paths))
		for _, p := range paths {
			b, err := os.ReadFile(filepath.Join(dir, p))
			if err != nil {
				fatalf("read %s: %v", p, err)
			}
			contents[p] = b
		}
		must(dir, "git", "reset", "-q", "--hard", checkpoint)
		for p, b := range contents {
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
				fatalf("%v", err)
			}
			if err := os.WriteFile(filepath.Join(dir, p), b, 0o644); err != nil {
				fatalf("%v", err)
			}
		}
		var side sample
		for _, args := range [][]string{
			append([]string{"add", "--"}, paths...),
			{"commit", "-q", "-m", "complete a step"},
		} {
			smp, _, err := run(dir, nil, "git", args...)
			if err != nil {
				fatalf("%v", err)
			}
			side.add(smp)
		}
		g = append(g, side)
		must(dir, "git", "reset", "-q", "--hard", checkpoint)
	}
	return rt, g
}

// measureScan times `rtgit scan` against git grep for the same terms in
// the same tree.
func (s *suite) measureScan(dir, name string, terms []string) (rt, g []sample) {
	grep := []string{"grep", "-l", "-i", "-F"}
	for _, t := range terms {
		grep = append(grep, "-e", t)
	}
	grep = append(grep, "HEAD")
	for range s.reps {
		smp, _, err := run(dir, s.profileEnv(name), s.rtgit, "scan", "--rev", "HEAD", strings.Join(terms, ", "))
		if err != nil {
			fatalf("%v", err)
		}
		rt = append(rt, smp)
		smp, _, err = run(dir, nil, "git", grep...)
		if err != nil {
			fatalf("%v", err)
		}
		g = append(g, smp)
	}
	return rt, g
}
