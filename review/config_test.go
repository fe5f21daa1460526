package review

import (
	"strings"
	"testing"
)

// A mistake in the github: or issues: settings is named at its line, in
// the words of the file rather than of the Go types behind it.
func TestParseConfigNamesMistakesAtTheirLine(t *testing.T) {
	for _, tt := range []struct{ doc, want string }{
		{"github:\n  dashbord: body\n", `c.yaml:2: unknown key "dashbord"`},
		{"issues:\n  task_lable: x\n", `c.yaml:2: unknown key "task_lable"`},
		{"gihub:\n  dashboard: body\n", `c.yaml:1: unknown key "gihub"`},
		{"github:\n  reactions: maybe\n", "c.yaml:2: want true or false here, not text"},
		{"github: [\n", "c.yaml:1: did not find expected node content"},
		{"github:\n  dashboard: sticky\n", `c.yaml: github.dashboard is "sticky"`},
	} {
		_, err := ParseConfig("c.yaml", []byte(tt.doc))
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) || strings.Contains(err.Error(), "struct") {
			t.Errorf("ParseConfig(%q) = %v\nwant %s…", tt.doc, err, tt.want)
		}
	}
	if c, err := ParseConfig("c.yaml", []byte("github:\n  dashboard: body\ncritic:\n  rules: {}\nsignoff:\n  required: []\n")); err != nil || c.Dashboard != "body" {
		t.Errorf("a valid file: %+v, %v", c, err)
	}
}
