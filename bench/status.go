package main

import (
	"fmt"
	"strings"
)

// measureStatus times `rtgit status`, which lists every analysis branch,
// with 1, 100 and 1,000 analyses in a repository of base files, and again
// at 1,000 once the refs are packed as git gc or a clone leaves them.
func (s *suite) measureStatus(dir string) []statusRow {
	must(dir, s.rtgit, "new", "--slug", "proto", "Let customers export invoices as CSV")
	must(dir, "git", "checkout", "-q", "main")
	var rows []statusRow
	have := 1
	for _, n := range []int{1, 100, 1000} {
		if n > have {
			addAnalyses(dir, "proto", "a", have, n)
			have = n
		}
		rows = append(rows, statusRow{label: fmt.Sprintf("%d", n), n: n, s: s.timeStatus(dir, n)})
	}
	must(dir, "git", "pack-refs", "--all")
	rows = append(rows, statusRow{label: "1000, packed refs", n: 1000, s: s.timeStatus(dir, 1000)})
	return rows
}

type statusRow struct {
	label string
	n     int
	s     []sample
}

func (s *suite) timeStatus(dir string, want int) []sample {
	var out []sample
	for range s.reps {
		smp, text, err := run(dir, s.profileEnv(fmt.Sprintf("status-%d", want)), s.rtgit, "status")
		if err != nil {
			fatalf("%v", err)
		}
		if rows := strings.Count(text, "\n") - 1; rows != want || strings.Contains(text, "  error  ") {
			fatalf("rtgit status listed %d analyses, want %d without errors:\n%s", rows, want, tail(text))
		}
		out = append(out, smp)
	}
	return out
}
