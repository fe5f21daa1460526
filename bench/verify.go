package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// verifyAnalyses and verifyFiles are the shape the verify target is
// stated in: a 50-file pull request against 100 merged analyses.
const (
	verifyAnalyses = 100
	verifyFiles    = 50
)

// measureVerify times `rtgit verify` on a pull request of verifyFiles
// changed files (among them files of the analyses' tasks, a read-only
// file and test files naming criteria) against verifyAnalyses analyses
// merged into main, each with its meta.json, impact analysis and plan.
// It is measured against what the same answer costs with git alone: `git
// diff --name-only main...pr` and reading every analysis's blobs (`git
// grep -c ” main -- docs/requirements`, one process that reads each
// blob once).
//
// With full set, each analysis also holds every other file a finished
// analysis has (its answers, specs, designs and decision records, taken
// from the demo's), as merged analyses do: verify still reads three files
// of each, while reading the analyses with git reads them all. Without
// it the analyses hold only the three files verify reads, the strict
// comparison the target is stated on.
func (s *suite) measureVerify(dir string, full bool) (rt, g []sample) {
	var extra map[string]string
	if full {
		extra = demoAnalysis(s.rtgit, dir+"-demo")
	}
	must(dir, s.rtgit, "new", "--slug", "proto", "Let customers export invoices as CSV")
	meta := must(dir, "git", "show", "rtgit/proto:docs/requirements/proto/meta.json")
	must(dir, "git", "checkout", "-q", "main")
	files := strings.Fields(must(dir, "git", "ls-tree", "-r", "--name-only", "main"))
	// Analysis i plans files 10i..10i+4, marks 10i+5 read-only and lists
	// 10i+6 among its affected files with no task for it.
	file := func(i int) string { return files[i%len(files)] }
	importStream(dir, func(w io.Writer) {
		fmt.Fprintf(w, "commit refs/heads/main\n")
		committer(w, 1)
		message(w, "merge 100 analyses")
		fmt.Fprintf(w, "from refs/heads/main^0\n")
		for i := range verifyAnalyses {
			slug := fmt.Sprintf("m-%04d", i)
			d := "docs/requirements/" + slug + "/"
			var impact, tasks strings.Builder
			impact.WriteString("# Impact Analysis\n\n## 2. Directly Affected Files\n\n| File | Module | Impact | Change type |\n| --- | --- | --- | --- |\n")
			fmt.Fprintf(&tasks, "# Build Plan: %s\n\n", slug)
			for k := range 5 {
				f := file(10*i + k)
				fmt.Fprintf(&impact, "| `%s` | m | named in 02-01 radius | modify |\n", f)
				kind, traces := "code", ""
				if k == 0 {
					kind, traces = "test", fmt.Sprintf(" | traces: AC-%03d-01, AC-%03d-02", i%1000, i%1000)
				}
				fmt.Fprintf(&tasks, "- [ ] T%03d %s: Task %d%s | files: `%s`\n", k+1, kind, k+1, traces, f)
			}
			fmt.Fprintf(&impact, "| `%s` | m | named in 00-01 boundaries | read-only |\n", file(10*i+5))
			fmt.Fprintf(&impact, "| `%s` | m | named in 02-01 radius | modify |\n", file(10*i+6))
			for name, body := range map[string]string{
				"meta.json":          strings.ReplaceAll(meta, "proto", slug),
				"impact-analysis.md": impact.String(),
				"tasks.md":           tasks.String(),
			} {
				fmt.Fprintf(w, "M 100644 inline %s\ndata %d\n%s\n", d+name, len(body), body)
			}
			for name, body := range extra {
				body = strings.ReplaceAll(body, demoSlug, slug)
				fmt.Fprintf(w, "M 100644 inline %s\ndata %d\n%s\n", d+name, len(body), body)
			}
		}
		fmt.Fprintln(w)
		// The pull request: the files of five analyses' tasks (25), a
		// read-only and an unplanned file of each of them (10), and 15
		// files no analysis names, one a test naming a criterion.
		fmt.Fprintf(w, "commit refs/heads/pr\n")
		committer(w, 2)
		message(w, "the change (T002)")
		fmt.Fprintf(w, "from refs/heads/main^0\n")
		var changed []string
		for i := range 5 {
			for k := range 7 {
				changed = append(changed, file(10*i+k))
			}
		}
		// The rest come from the end of the tree, skipping any the
		// analyses' files already took: in a tree of 1,000 files the
		// analyses' indexes wrap around onto the first ones.
		taken := map[string]bool{}
		for _, f := range changed {
			taken[f] = true
		}
		for k := len(files) - 1; len(changed) < verifyFiles-1 && k >= 0; k-- {
			if f := files[k]; !taken[f] && f != "svc00/export_test.go" {
				taken[f] = true
				changed = append(changed, f)
			}
		}
		for _, f := range changed {
			body := "package changed\n"
			fmt.Fprintf(w, "M 100644 inline %s\ndata %d\n%s\n", f, len(body), body)
		}
		test := "// AC-000-01\nfunc TestHeader(t *testing.T) {}\n"
		fmt.Fprintf(w, "M 100644 inline svc00/export_test.go\ndata %d\n%s\n", len(test), test)
		fmt.Fprintln(w)
	})
	n := len(strings.Fields(must(dir, "git", "diff", "--name-only", "main...pr")))
	if n != verifyFiles {
		fatalf("the verify pull request changes %d files, want %d", n, verifyFiles)
	}
	for range s.reps {
		smp, out, err := run(dir, s.profileEnv("verify"), s.rtgit, "verify", "--base", "main", "--head", "pr", "--json")
		// Read-only files changed: verify exits 1, and says so.
		if err == nil || !strings.Contains(out, `"rule": "read-only-changed"`) || !strings.Contains(out, `"task": "T005"`) {
			fatalf("rtgit verify did not report the read-only files and the tasks (%v):\n%s", err, tail(out))
		}
		rt = append(rt, smp)
		gs, _, err := run(dir, nil, "git", "diff", "--name-only", "main...pr")
		if err != nil {
			fatalf("%v", err)
		}
		more, _, err := run(dir, nil, "git", "grep", "-c", "", "main", "--", "docs/requirements")
		if err != nil {
			fatalf("%v", err)
		}
		gs.add(more)
		g = append(g, gs)
	}
	return rt, g
}

// demoSlug is the slug of the analysis `rtgit demo` runs.
const demoSlug = "invoice-csv-export"

// demoAnalysis runs the demo into dir and returns the files of its
// finished analysis, by their path inside the analysis's folder, but for
// the three measureVerify writes for each analysis itself.
func demoAnalysis(rtgit, dir string) map[string]string {
	os.RemoveAll(dir)
	must("", rtgit, "demo", "--into", dir)
	root := filepath.Join(dir, "docs", "requirements", demoSlug)
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		switch rel = filepath.ToSlash(rel); rel {
		case "meta.json", "impact-analysis.md", "tasks.md":
			return nil
		}
		data, err := os.ReadFile(p)
		out[rel] = string(data)
		return err
	})
	if err != nil || len(out) < 10 {
		fatalf("the demo's analysis in %s: %d files, %v", root, len(out), err)
	}
	os.RemoveAll(dir)
	return out
}
