package main

import (
	"fmt"
	"os"
	"path/filepath"
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

// measureOverlap times `rtgit status` over 100 open analyses twice: once
// when none has an impact analysis, plan or contracts yet (nothing to
// compare), and once when each has all three and every one names a file
// and an operation all the others name too, the worst case for overlap
// detection. The second is what finding overlaps costs the list.
func (s *suite) measureOverlap(root string) []statusRow {
	var rows []statusRow
	for _, planned := range []bool{false, true} {
		dir := filepath.Join(root, fmt.Sprintf("overlap-%t", planned))
		os.RemoveAll(dir)
		buildFiles(dir, 1000, 0)
		must(dir, s.rtgit, "new", "--slug", "proto", "Let customers export invoices as CSV")
		label := "100, nothing planned yet"
		if planned {
			label = "100, each overlapping all others"
			for name, body := range footprintFiles("proto") {
				p := filepath.Join(dir, "docs", "requirements", "proto", name)
				if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
					fatalf("%v", err)
				}
			}
			must(dir, "git", "add", "-A")
			must(dir, "git", "commit", "-q", "-m", "impact, contracts and plan")
		}
		must(dir, "git", "checkout", "-q", "main")
		addAnalyses(dir, "proto", "o", 1, 100)
		rows = append(rows, statusRow{label: label, n: 100, s: s.timeStatus(dir, 100)})
	}
	return rows
}

// footprintFiles are an impact analysis, contracts and a plan that name
// one file and one operation every analysis shares, and one of its own.
func footprintFiles(slug string) map[string]string {
	return map[string]string{
		"impact-analysis.md": "# Impact Analysis\n\n## 2. Directly Affected Files\n\n| File | Module | Impact | Change type |\n| --- | --- | --- | --- |\n" +
			"| `src/shared/router.go` | shared | named in 02-01 radius | modify |\n| `src/" + slug + "/handler.go` | " + slug + " | named in 02-01 radius | new |\n",
		"interface-spec.yaml": "item: " + slug + "\noperations:\n  route_request:\n    kind: go\n  " + slug + "_handle:\n    kind: go\n",
		"tasks.md": "# Build Plan: " + slug + "\n\n- [ ] T001 code: Route the new handler | files: `src/shared/router.go`\n" +
			"- [ ] T002 code: Write the handler | files: `src/" + slug + "/handler.go` | after: T001\n",
	}
}
