package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// staleSlug is the analysis the staleness pairs compare with main.
const staleSlug = "stale"

// measureStale times `rtgit status <slug> --json`, which compares the
// analysis with main, in the two shapes that cost differently. The
// analysis is cut from the import commit, so main is `history` commits
// ahead and a few thousand files differ.
//
//   - stale: its table names ten files the history never changed (level
//     info). This is the overlap itself, one tree diff, measured against
//     `git diff --name-only base..main`.
//   - stale-log: five of the ten changed (level warning), so rtgit also
//     walks the history for the commits behind them; measured against
//     git diff and `git log --oneline base..main -- <the five>` run one
//     after the other.
func (s *suite) measureStale(dir string, history int) (info, infoGit, warn, warnGit []sample) {
	base := strings.TrimSpace(must(dir, "git", "rev-parse", fmt.Sprintf("main~%d", history)))
	changed := strings.Fields(must(dir, "git", "diff", "--name-only", base, "main"))
	all := strings.Fields(must(dir, "git", "ls-tree", "-r", "--name-only", base))
	inDiff := map[string]bool{}
	for _, p := range changed {
		inDiff[p] = true
	}
	var hit, quiet []string
	for i := 0; i < len(changed) && len(hit) < 5; i += max(1, len(changed)/5) {
		hit = append(hit, changed[i])
	}
	for _, p := range all {
		if len(quiet) == 10 {
			break
		}
		if !inDiff[p] {
			quiet = append(quiet, p)
		}
	}
	must(dir, "git", "checkout", "-q", base)
	must(dir, s.rtgit, "new", "--slug", staleSlug, "--from", base, "Let customers export invoices as CSV")
	name := func(files []string) {
		var b strings.Builder
		b.WriteString("# Impact Analysis\n\n## 2. Directly Affected Files\n\n| File | Module | Impact | Change type |\n| --- | --- | --- | --- |\n")
		for _, p := range files {
			fmt.Fprintf(&b, "| `%s` | %s | named in 02-01 radius | modify |\n", p, filepath.Dir(p))
		}
		rel := "docs/requirements/" + staleSlug + "/impact-analysis.md"
		if err := os.WriteFile(filepath.Join(dir, rel), []byte(b.String()), 0o644); err != nil {
			fatalf("%v", err)
		}
		must(dir, "git", "add", rel)
		must(dir, "git", "commit", "-q", "-m", "impact: name the files")
	}
	measure := func(level string, withLog bool) (rt, g []sample) {
		for range s.reps {
			smp, out, err := run(dir, s.profileEnv("stale-"+level), s.rtgit, "status", staleSlug, "--json")
			if err != nil {
				fatalf("%v", err)
			}
			if !strings.Contains(out, `"level": "`+level+`"`) {
				fatalf("rtgit status did not report %s:\n%s", level, tail(out))
			}
			rt = append(rt, smp)
			gs, _, err := run(dir, nil, "git", "diff", "--name-only", base+"..main")
			if err != nil {
				fatalf("%v", err)
			}
			if withLog {
				more, _, err := run(dir, nil, "git", append([]string{"log", "--oneline", base + "..main", "--"}, hit...)...)
				if err != nil {
					fatalf("%v", err)
				}
				gs.add(more)
			}
			g = append(g, gs)
		}
		return rt, g
	}
	name(quiet)
	info, infoGit = measure("info", false)
	name(append(append([]string{}, hit...), quiet[:5]...))
	warn, warnGit = measure("warning", true)
	must(dir, "git", "checkout", "-q", "main")
	return info, infoGit, warn, warnGit
}
