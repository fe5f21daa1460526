package verify

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/plan"
	"github.com/rtgit/rtgit/steps/quickscan"
)

// isCriterion reports whether a trace of a task (already structure, read
// by plan) is a criterion id, AC-001-02.
func isCriterion(id string) bool {
	ids := namedIDs(id)
	return len(ids) == 1 && ids[0] == id
}

// namedRe is a criterion id as a test names it: AC-001-02 in a string or
// a comment, AC_001_02 in an identifier (TestAC_001_02, test_ac_001_02),
// where a hyphen cannot stand.
var namedRe = lazyre.New(`(?i)AC[-_](\d{3})[-_](\d{2})(?:[^0-9]|$)`)

// namedIDs lists the criterion ids line names, in the analyses' form.
func namedIDs(line string) []string {
	var out []string
	for _, m := range namedRe.FindAllStringSubmatch(line, -1) {
		out = append(out, "AC-"+m[1]+"-"+m[2])
	}
	return out
}

// testDef finds the name of a test where a line defines one, in the
// languages whose test files rtgit's scan tells apart: Go, Python,
// JavaScript and TypeScript (Jest, Mocha, Vitest), Java, Kotlin, C#,
// Rust, Ruby (RSpec, minitest).
var testDef = []*lazyre.Regexp{
	lazyre.New(`\bfunc\s+(Test\w+|Fuzz\w+|Benchmark\w+)\s*\(`),
	lazyre.New(`\bdef\s+(test\w*)\s*\(`),
	lazyre.New("\\b(?:it|test|describe|context|specify)(?:\\.\\w+)?\\s*\\(\\s*['\"`]([^'\"`]+)['\"`]"),
	lazyre.New(`\bfn\s+(\w+)\s*\(`),
	lazyre.New(`\bfun\s+(?:` + "`" + `([^` + "`" + `]+)` + "`" + `|(\w+))\s*\(`),
	lazyre.New(`\b(?:void|Task|async\s+Task)\s+(\w+)\s*\(`),
	lazyre.New(`\bdef\s+(test_\w+)`),
}

// TestRef is a test that names a criterion: where, and the test's name
// when the line (or the definition right below a comment) gives one.
type TestRef struct {
	Path string `json:"path"`
	Line int    `json:"line"`
	Name string `json:"name,omitempty"`
}

// Criterion is one criterion a test task traces, and what the tests say.
type Criterion struct {
	Analysis string    `json:"analysis"`
	ID       string    `json:"id"`
	Task     string    `json:"task"`
	Tests    []TestRef `json:"tests"`
	// Result is passed, failed or skipped as the JUnit reports say, or
	// "not-run" when reports were given and no test naming it is in
	// them, or "" when no report was given.
	Result string `json:"result,omitempty"`
}

// ScanTests finds every criterion id the test files among paths name,
// and the test it names it in.
func ScanTests(ctx context.Context, s Sources, paths []string) (map[string][]TestRef, error) {
	out := map[string][]TestRef{}
	if s == nil || len(paths) == 0 {
		return out, nil
	}
	err := s.TestFiles(ctx, paths, func(p string, data []byte) error {
		if !bytes.Contains(data, []byte("AC-")) && !bytes.Contains(data, []byte("AC_")) &&
			!bytes.Contains(data, []byte("ac_")) && !bytes.Contains(data, []byte("ac-")) {
			return nil
		}
		lines := strings.Split(string(data), "\n")
		for i, l := range lines {
			ids := namedIDs(l)
			if len(ids) == 0 {
				continue
			}
			name := testName(l)
			// A comment names the test defined right below it.
			for j := i + 1; name == "" && j < len(lines) && j <= i+3; j++ {
				name = testName(lines[j])
			}
			for _, id := range ids {
				out[id] = append(out[id], TestRef{Path: p, Line: i + 1, Name: name})
			}
		}
		return nil
	})
	return out, err
}

func testName(line string) string {
	for _, re := range testDef {
		if m := re.FindStringSubmatch(line); m != nil {
			for _, g := range m[1:] {
				if g != "" {
					return g
				}
			}
		}
	}
	return ""
}

// criteria checks the criteria the test tasks the change advances trace
// (advanced holds each analysis with only those tasks): a change answers
// for the work it takes on, not for every analysis ever merged.
func criteria(ctx context.Context, in Input, advanced []Analysis, r *Report, add func(Finding)) error {
	if len(advanced) == 0 {
		return nil
	}
	if in.Sources == nil {
		r.Notes = append(r.Notes, "the tests were not scanned: no sources were given")
		return nil
	}
	named, err := ScanTests(ctx, in.Sources, testPaths(advanced, r.Files))
	if err != nil {
		return err
	}
	if !in.Reported && len(named) > 0 {
		defer func() {
			if len(r.Criteria) > 0 {
				r.Notes = append(r.Notes, "no JUnit report was given (--junit): whether the tests ran and passed is not checked")
			}
		}()
	}
	for _, a := range advanced {
		seen := map[string]bool{}
		for _, t := range a.Plan.Tasks {
			if t.Kind != plan.KindTest {
				continue
			}
			for _, id := range t.Traces {
				if !isCriterion(id) || seen[id] {
					continue
				}
				seen[id] = true
				c := Criterion{Analysis: a.Slug, ID: id, Task: t.ID, Tests: append([]TestRef{}, named[id]...)}
				if len(c.Tests) == 0 {
					add(Finding{Rule: RuleUntested, Analysis: a.Slug, Task: t.ID, Criterion: id, Path: a.tasksPath(), Line: t.Line,
						Message: fmt.Sprintf("%s of %s (traced by %s) has no test naming it: put %s in a test's name or in a comment beside it", id, a.Slug, t.ID, id)})
				} else if in.Reported {
					c.Result = resultOf(id, c.Tests, in.Reports)
					where := c.Tests[0]
					switch c.Result {
					case "failed":
						add(Finding{Rule: RuleTestFailed, Path: where.Path, Line: where.Line, Analysis: a.Slug, Task: t.ID, Criterion: id,
							Message: fmt.Sprintf("the test of %s of %s failed in the JUnit report", id, a.Slug)})
					case "not-run", "skipped":
						add(Finding{Rule: RuleTestNotRun, Path: where.Path, Line: where.Line, Analysis: a.Slug, Task: t.ID, Criterion: id,
							Message: fmt.Sprintf("the test of %s of %s is %s in the JUnit reports given", id, a.Slug, strings.ReplaceAll(c.Result, "-", " "))})
					}
				}
				r.Criteria = append(r.Criteria, c)
			}
		}
	}
	sort.SliceStable(r.Criteria, func(i, j int) bool {
		if r.Criteria[i].Analysis != r.Criteria[j].Analysis {
			return r.Criteria[i].Analysis < r.Criteria[j].Analysis
		}
		return r.Criteria[i].ID < r.Criteria[j].ID
	})
	return nil
}

// testPaths are where the tests of the advanced test tasks are looked
// for: the files those tasks name, and the test files the change itself
// touches. Reading the whole head for ids would cost as much as the
// repository is large; a criterion's test lives where its task says, or
// where the change put it.
func testPaths(advanced []Analysis, changed []string) []string {
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		if !seen[p] && IsTestFile(p) {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, a := range advanced {
		for _, t := range a.Plan.Tasks {
			if t.Kind == plan.KindTest {
				for _, f := range t.Files {
					add(f)
				}
			}
		}
	}
	for _, f := range changed {
		add(f)
	}
	sort.Strings(out)
	return out
}

// IsTestFile reports whether p is a test file as rtgit's scan tells one
// (Go, Python, JavaScript, TypeScript, the Java family, Ruby, Rust and
// the rest quickscan knows), so the CLI hands Sources only those.
func IsTestFile(p string) bool {
	return quickscan.Kind(p, false) == quickscan.KindTest
}
