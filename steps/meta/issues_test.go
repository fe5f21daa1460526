package meta

import (
	"strings"
	"testing"
	"time"
)

func TestSourceFieldsRoundTrip(t *testing.T) {
	in := `{"description": "CSV export", "source": "github", "source_id": "GH-7",
  "source_url": "https://github.com/acme/invoices/issues/7",
  "task_issues": {"T001": 12, "T002": 13}, "someone_elses": 1}`
	m, err := Parse("meta.json", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if m.SourceURL != "https://github.com/acme/invoices/issues/7" || m.TaskIssues["T001"] != 12 || m.TaskIssues["T002"] != 13 {
		t.Fatalf("read %q %v", m.SourceURL, m.TaskIssues)
	}
	out, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"source_id": "GH-7"`, `"source_url": "https://github.com/acme/invoices/issues/7"`,
		`"T001": 12`, `"T002": 13`, `"someone_elses": 1`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("written file lacks %s:\n%s", want, out)
		}
	}
	again, err := Parse("meta.json", out)
	if err != nil || again.TaskIssues["T002"] != 13 || again.SourceURL != m.SourceURL {
		t.Fatalf("read back: %v %v", err, again)
	}
	plain, _ := New("d", "", "", time.Now()).Marshal()
	if strings.Contains(string(plain), "source_url") || strings.Contains(string(plain), "task_issues") {
		t.Errorf("an analysis without a tracker gained its fields:\n%s", plain)
	}
}

func TestSourceFieldsStrict(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"source_url": 7}`, "1:16: source_url: want a string, got number"},
		{`{"task_issues": []}`, "task_issues: want an object"},
		{`{"task_issues": {"T001": "12"}}`, `task_issues.T001: want an integer, got string`},
		{"{\"task_issues\": {\n\"T001\": 0}}", "2:9: task_issues.T001: want an integer, got 0"},
		{`{"task_issues": {"first": 3}}`, `"first" is not a task id`},
	} {
		_, err := Parse("meta.json", []byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.in, err, tc.want)
		}
	}
}
