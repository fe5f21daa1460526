package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// The commands pair measures what reading an analysis costs the commands
// that read a whole one: `next` completing the last step (04-05, which
// renders every document and derives the plan), `rebuild`, `check`,
// `export` and `status <slug>`, on the demo's finished analysis. Each is
// timed for the rtgit under test and, side by side, for a baseline binary
// (-baseline, for instance one built from an earlier commit), alternating
// the two so the machine's load hits both alike.

// commandCase is one command of the pair; prepare puts the repository in
// the state the command starts from, and is not timed.
type commandCase struct {
	name    string
	args    func(out string) []string
	prepare func(dir string)
}

type commandRow struct {
	name     string
	rt, base []sample
}

// measureCommands runs the demo into root/commands with the rtgit under
// test and times each command there for rtgit and baseline (when set).
func measureCommands(rtgit, baseline, root string, reps int) []commandRow {
	dir := filepath.Join(root, "commands")
	os.RemoveAll(dir)
	progress("commands: the demo's analysis")
	must("", rtgit, "demo", "--into", dir)
	slug := strings.TrimPrefix(strings.TrimSpace(must(dir, "git", "branch", "--show-current")), "rtgit/")
	final := strings.TrimSpace(must(dir, "git", "rev-parse", "HEAD"))
	answer := strings.TrimSpace(must(dir, "git", "diff", "--name-only", final+"~1", final, "--", "*/answers/04-05-*"))
	if answer == "" {
		fatalf("commands: the demo's last commit does not complete 04-05")
	}
	out := filepath.Join(root, "commands-export")
	reset := func(dir string) { must(dir, "git", "reset", "-q", "--hard", final) }
	cases := []commandCase{
		{"next at 04-05", func(string) []string { return []string{"next", slug} }, func(dir string) {
			// The step's answer as the person left it, the step not yet
			// completed: what `next` finds when the person runs it.
			must(dir, "git", "reset", "-q", "--hard", final+"~1")
			must(dir, "git", "checkout", "-q", final, "--", answer)
		}},
		{"rebuild", func(string) []string { return []string{"rebuild", slug} }, reset},
		{"check", func(string) []string { return []string{"check", slug} }, reset},
		{"export openspec", func(out string) []string {
			return []string{"export", slug, "--format", "openspec", "--out", out, "--force"}
		}, reset},
		{"status <slug>", func(string) []string { return []string{"status", slug} }, reset},
	}
	var rows []commandRow
	for _, c := range cases {
		progress("commands: %s", c.name)
		row := commandRow{name: c.name}
		for range reps {
			for _, side := range []struct {
				bin  string
				into *[]sample
			}{{rtgit, &row.rt}, {baseline, &row.base}} {
				if side.bin == "" {
					continue
				}
				c.prepare(dir)
				os.RemoveAll(out)
				smp, _, err := run(dir, nil, side.bin, c.args(out)...)
				if err != nil {
					fatalf("commands: %v", err)
				}
				*side.into = append(*side.into, smp)
			}
		}
		reset(dir)
		rows = append(rows, row)
	}
	return rows
}

// writeCommands reports each command's median, and with a baseline the
// ratio and the target: reading the analysis once into its model must not
// make these commands more than 10% slower than the baseline.
func writeCommands(w io.Writer, rows []commandRow, reps int, baseline string) {
	fmt.Fprintf(w, "Commands on the demo's finished analysis, medians of %d run(s).\n\n", reps)
	if baseline == "" {
		fmt.Fprintln(w, "| command | time | CPU | RSS |")
		fmt.Fprintln(w, "|---|---:|---:|---:|")
		for _, r := range rows {
			m := median(r.rt)
			fmt.Fprintf(w, "| `rtgit %s` | %s | %s | %s |\n", r.name, ms(m.wall), ms(m.cpu), mib(m.rss))
		}
		return
	}
	fmt.Fprintf(w, "Baseline: `%s`.\n\n", baseline)
	fmt.Fprintln(w, "| command | ratio | CPU ratio | rtgit | baseline | rtgit CPU | baseline CPU | target |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---|")
	for _, r := range rows {
		a, b := median(r.rt), median(r.base)
		verdict := "met"
		// CPU is what the work itself cost; on a shared machine the wall
		// clock also counts waiting for the other core.
		if ratio(a.cpu, b.cpu) > 1.1 {
			verdict = "**missed**"
		}
		fmt.Fprintf(w, "| `rtgit %s` | %.2f× | %.2f× | %s | %s | %s | %s | ≤ 1.1× CPU: %s |\n", r.name,
			ratio(a.wall, b.wall), ratio(a.cpu, b.cpu), ms(a.wall), ms(b.wall), ms(a.cpu), ms(b.cpu), verdict)
	}
}
