package meta

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// FuzzParse checks that Parse never panics, that its errors name the file,
// and that whatever it accepts survives Marshal and Parse unchanged: rtgit
// reads and rewrites meta.json on every step, so any drift would compound.
// Seeds live in testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Parse("fuzz/meta.json", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz/meta.json:") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		// What Parse accepts, ParseTaskIssues reads as the same issues.
		issues, err := ParseTaskIssues("fuzz/meta.json", data)
		if err != nil || len(issues) != len(m.TaskIssues) {
			t.Fatalf("ParseTaskIssues = %v, %v; Parse read %v", issues, err, m.TaskIssues)
		}
		for id, n := range m.TaskIssues {
			if issues[id] != n {
				t.Fatalf("ParseTaskIssues[%s] = %d; Parse read %d", id, issues[id], n)
			}
		}
		out, err := m.Marshal()
		if err != nil {
			t.Fatalf("Marshal of a parsed meta: %v", err)
		}
		if !json.Valid(out) || !bytes.HasSuffix(out, []byte("}\n")) {
			t.Fatalf("Marshal wrote invalid JSON:\n%s", out)
		}
		again, err := Parse("round/meta.json", out)
		if err != nil {
			t.Fatalf("Parse of Marshal output: %v\n%s", err, out)
		}
		out2, err := again.Marshal()
		if err != nil {
			t.Fatalf("second Marshal: %v", err)
		}
		if !bytes.Equal(out, out2) {
			t.Fatalf("round trip drifted:\n%s\nthen\n%s", out, out2)
		}
	})
}
