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
		{"github:\n  dashboard: [body]\n", "c.yaml:2: want text here, not a list"},
		{"issues:\n  bug_label: {name: bug}\n", "c.yaml:2: want text here, not keys"},
		// A value rtgit refuses is named at its own line too, not only
		// by its key: the file may set it in any of several places.
		{"github:\n  dashboard: sticky\n", `c.yaml:2: github.dashboard is "sticky"; want comment, body or off`},
		{"issues:\n  analyze_label: go\n\n  bug_label: \"a,b\"\n", `c.yaml:4: issues.bug_label: label "a,b" must be 1 to 50`},
		{"github: {reactions: false}\nissues: {task_label: \" \"}\n", `c.yaml:2: issues.task_label: label " "`},
		{"# settings\nissues:\n  ready_label: |\n    two\n    lines\n", `c.yaml:3: issues.ready_label: label "two\nlines\n"`},
		{"issues:\n  max_per_publish: 0\n", "c.yaml:2: issues.max_per_publish is 0; want 1 to 500"},
		{"issues:\n  max_per_publish: 5000\n", "c.yaml:2: issues.max_per_publish is 5000; want 1 to 500"},
	} {
		_, err := ParseConfig("c.yaml", []byte(tt.doc))
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) || strings.Contains(err.Error(), "struct") {
			t.Errorf("ParseConfig(%q) = %v\nwant %s…", tt.doc, err, tt.want)
		}
	}
	if c, err := ParseConfig("c.yaml", []byte("github:\n  dashboard: body\ncritic:\n  rules: {}\nsignoff:\n  required: []\n")); err != nil || c.Dashboard != "body" {
		t.Errorf("a valid file: %+v, %v", c, err)
	}
	// A key left empty means its default, as an absent one does.
	if c, err := ParseConfig("c.yaml", []byte("github:\n  dashboard:\nissues:\n  bug_label: ~\n  task_label: build\n")); err != nil || c.Dashboard != "comment" || c.Labels.Bug != "bug" || c.Labels.Task != "build" {
		t.Errorf("empty keys: %+v, %v", c, err)
	}
}
