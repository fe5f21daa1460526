package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// staleSlug is the analysis the staleness pair compares with main.
const staleSlug = "stale"

// measureStale times `rtgit status <slug> --json`, which compares the
// analysis with main (the tree diff, the overlap with the Directly Affected
// Files, and the commits behind each overlapping file), against
// `git diff --name-only base..main`. The analysis is cut from the import
// commit, so main is `history` commits ahead; its table names five files
// the history changed and five it did not, so the level is a warning and
// the commit search runs.
func (s *suite) measureStale(dir string, history int) (rt, g []sample) {
	base := strings.TrimSpace(must(dir, "git", "rev-parse", fmt.Sprintf("main~%d", history)))
	changed := strings.Fields(must(dir, "git", "diff", "--name-only", base, "main"))
	all := strings.Fields(must(dir, "git", "ls-tree", "-r", "--name-only", base))
	inDiff := map[string]bool{}
	for _, p := range changed {
		inDiff[p] = true
	}
	var named []string
	for i := 0; i < len(changed) && len(named) < 5; i += max(1, len(changed)/5) {
		named = append(named, changed[i])
	}
	for _, p := range all {
		if len(named) == 10 {
			break
		}
		if !inDiff[p] {
			named = append(named, p)
		}
	}
	must(dir, "git", "checkout", "-q", base)
	must(dir, s.rtgit, "new", "--slug", staleSlug, "Let customers export invoices as CSV")
	var b strings.Builder
	b.WriteString("# Impact Analysis\n\n## 2. Directly Affected Files\n\n| File | Module | Impact | Change type |\n| --- | --- | --- | --- |\n")
	for _, p := range named {
		fmt.Fprintf(&b, "| `%s` | %s | named in 02-01 radius | modify |\n", p, filepath.Dir(p))
	}
	rel := "docs/requirements/" + staleSlug + "/impact-analysis.md"
	if err := os.WriteFile(filepath.Join(dir, rel), []byte(b.String()), 0o644); err != nil {
		fatalf("%v", err)
	}
	must(dir, "git", "add", rel)
	must(dir, "git", "commit", "-q", "-m", "impact: name ten files")
	for range s.reps {
		smp, out, err := run(dir, s.profileEnv("stale"), s.rtgit, "status", staleSlug, "--json")
		if err != nil {
			fatalf("%v", err)
		}
		if !strings.Contains(out, `"level": "warning"`) || !strings.Contains(out, fmt.Sprintf(`"commits_behind": %d`, history)) {
			fatalf("rtgit status did not report the expected warning:\n%s", tail(out))
		}
		rt = append(rt, smp)
		smp, _, err = run(dir, nil, "git", "diff", "--name-only", base+"..main")
		if err != nil {
			fatalf("%v", err)
		}
		g = append(g, smp)
	}
	must(dir, "git", "checkout", "-q", "main")
	return rt, g
}
