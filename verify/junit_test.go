package verify

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dirSources are the test files under a directory, as the CLI's tree
// walk hands them over.
type dirSources string

func (d dirSources) TestFiles(_ context.Context, paths []string, visit func(string, []byte) error) error {
	for _, p := range paths {
		data, err := os.ReadFile(filepath.Join(string(d), filepath.FromSlash(p)))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if err := visit(p, data); err != nil {
			return err
		}
	}
	return nil
}

func readReport(t *testing.T, name string) []TestResult {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "junit", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	res, err := ReadJUnit(f)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func fixturePlan(files ...string) Analysis {
	a := demo()
	a.Plan.Tasks[0].Traces = []string{"AC-001-01", "AC-002-01", "AC-003-01", "AC-004-01"}
	a.Plan.Tasks[0].Files = files
	return a
}

func results(r Report) string {
	var out []string
	for _, c := range r.Criteria {
		out = append(out, c.ID+" "+c.Result)
	}
	return strings.Join(out, ", ")
}

// The report go-junit-report wrote from `go test -json`: a comment above
// the test, and AC_002_01 in the test's name, both name their criterion;
// a subtest counts for its test.
func TestGoJUnitReport(t *testing.T) {
	r, err := Run(context.Background(), Input{
		Change:   change{files: []string{"export_test.go"}},
		Base:     base{fixturePlan("export_test.go")},
		Sources:  dirSources("testdata/junit/gofixture"),
		Reports:  readReport(t, "go-junit-report.xml"),
		Reported: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := results(r), "AC-001-01 passed, AC-002-01 passed, AC-003-01 failed, AC-004-01 skipped"; got != want {
		t.Errorf("results: %s\nwant:    %s", got, want)
	}
	want := "error criterion-test-failed export_test.goAC-003-01T001\nwarning criterion-test-not-run export_test.goAC-004-01T001"
	if rules(r) != want {
		t.Errorf("findings:\n%s\nwant:\n%s", rules(r), want)
	}
}

// The report Mocha's xunit reporter wrote: the id in the it() title, or
// in a comment above it, whose title the report then carries.
func TestMochaXunitReport(t *testing.T) {
	r, err := Run(context.Background(), Input{
		Change:   change{files: []string{"test/export.spec.js"}},
		Base:     base{fixturePlan("test/export.spec.js")},
		Sources:  dirSources("testdata/junit/jsfixture"),
		Reports:  readReport(t, "mocha-xunit.xml"),
		Reported: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := results(r), "AC-001-01 passed, AC-002-01 passed, AC-003-01 failed, AC-004-01 "; got != want {
		t.Errorf("results: %q\nwant:    %q", got, want)
	}
	want := "error criterion-test-failed test/export.spec.jsAC-003-01T001\nwarning criterion-untested docs/requirements/csv-export/tasks.mdAC-004-01T001"
	if rules(r) != want {
		t.Errorf("findings:\n%s\nwant:\n%s", rules(r), want)
	}
}

// The report pytest --junitxml wrote: the id in a comment above a test
// (a method of a class too, or above its decorator), or in the test's
// name, where each parametrized case counts for its test.
func TestPytestJUnitXML(t *testing.T) {
	r, err := Run(context.Background(), Input{
		Change:   change{files: []string{"tests/test_export.py"}},
		Base:     base{fixturePlan("tests/test_export.py")},
		Sources:  dirSources("testdata/junit/pyfixture"),
		Reports:  readReport(t, "pytest-junitxml.xml"),
		Reported: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := results(r), "AC-001-01 passed, AC-002-01 passed, AC-003-01 failed, AC-004-01 skipped"; got != want {
		t.Errorf("results: %s\nwant:    %s", got, want)
	}
	want := "error criterion-test-failed tests/test_export.pyAC-003-01T001\nwarning criterion-test-not-run tests/test_export.pyAC-004-01T001"
	if rules(r) != want {
		t.Errorf("findings:\n%s\nwant:\n%s", rules(r), want)
	}
}
