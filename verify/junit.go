package verify

import (
	"io"
	"strings"

	"github.com/joshdk/go-junit"
)

// TestResult is one test case of a JUnit report.
type TestResult struct {
	Name      string `json:"name"`
	Classname string `json:"classname,omitempty"`
	// Status is passed, failed, error or skipped.
	Status string `json:"status"`
}

// ReadJUnit reads the test cases of a JUnit XML report, in the shapes
// go-junit-report, pytest, Jest, Mocha and Maven Surefire write.
func ReadJUnit(r io.Reader) ([]TestResult, error) {
	suites, err := junit.IngestReader(r)
	if err != nil {
		return nil, err
	}
	var out []TestResult
	var walk func([]junit.Suite)
	walk = func(ss []junit.Suite) {
		for _, s := range ss {
			for _, t := range s.Tests {
				out = append(out, TestResult{Name: t.Name, Classname: t.Classname, Status: string(t.Status)})
			}
			walk(s.Suites)
		}
	}
	walk(suites)
	return out, nil
}

// resultOf is the result the reports give the tests naming criterion id:
// a case whose name or class names the id, or whose name is (or, for a
// subtest, starts with) a test that names it in a comment. Any failure
// wins over a pass, a pass over a skip.
func resultOf(id string, refs []TestRef, reports []TestResult) string {
	rank := map[string]int{"not-run": 0, "skipped": 1, "passed": 2, "failed": 3}
	best := "not-run"
	for _, t := range reports {
		if !matches(id, refs, t) {
			continue
		}
		st := t.Status
		if st == "error" {
			st = "failed"
		}
		if rank[st] > rank[best] {
			best = st
		}
	}
	return best
}

func matches(id string, refs []TestRef, t TestResult) bool {
	for _, n := range []string{t.Name, t.Classname} {
		for _, named := range namedIDs(n) {
			if named == id {
				return true
			}
		}
	}
	for _, r := range refs {
		if r.Name == "" {
			continue
		}
		if t.Name == r.Name || strings.HasPrefix(t.Name, r.Name+"/") || strings.HasSuffix(t.Name, " "+r.Name) {
			return true
		}
	}
	return false
}
