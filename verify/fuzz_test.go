package verify

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// FuzzReadJUnit: any bytes are a report or an error, never a panic, and
// the criterion ids read from a case's name are always in the analyses'
// form.
func FuzzReadJUnit(f *testing.F) {
	for _, n := range []string{"go-junit-report.xml", "mocha-xunit.xml", "pytest-junitxml.xml"} {
		data, err := os.ReadFile("testdata/junit/" + n)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`<testsuite><testcase name="TestAC_001_01"/></testsuite>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := ReadJUnit(bytes.NewReader(data))
		if err != nil {
			return
		}
		for _, r := range res {
			for _, id := range namedIDs(r.Name) {
				if !isCriterion(id) || !strings.HasPrefix(id, "AC-") {
					t.Fatalf("%q read from %q", id, r.Name)
				}
			}
		}
	})
}
