package plan

import (
	"strings"
	"testing"
)

func TestMarkdown(t *testing.T) {
	p := Plan{Tasks: []Task{
		{ID: "T001", Kind: KindTest, Title: `Tests for FR-001 "quoted" <b>`, Traces: []string{"FR-001"}, Files: []string{"a_test.go"}},
		{ID: "T002", Kind: KindCode, Title: "Build a", Files: []string{"a.go"}, DependsOn: []string{"T001"}},
		{ID: "T003", Kind: KindVerify, Title: "Verify NFR-001", Traces: []string{"NFR-001"}, DependsOn: []string{"T002", "T009"}},
	}}
	md := Markdown("x", "Derived.", p)
	for _, want := range []string{
		"# Build Plan: x\n\nDerived.\n\n3 tasks: 1 test, 1 implementation, 1 verification.",
		"\n## Tests\n\n- [ ] T001 test: Tests for FR-001 \"quoted\" &lt;b&gt; | traces: FR-001 | files: `a_test.go`\n",
		"\n## Implementation\n\n- [ ] T002 code: Build a | files: `a.go` | after: T001\n",
		"\n## Verification\n\n",
		"```mermaid\nflowchart TD\n",
		`  T001["T001 Tests for FR-001 #quot;quoted#quot; #lt;b#gt;"]`,
		"  T001 --> T002\n  T002 --> T003\n```\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("tasks.md lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "T009 -->") || strings.Contains(md, "## Documentation") {
		t.Errorf("an unknown task or an empty phase is drawn:\n%s", md)
	}
	// A checklist line pasted into the answer reads as the same task.
	line := strings.Split(strings.Split(md, "## Implementation\n\n")[1], "\n")[0]
	got, err := Parse(line)
	if err != nil || len(got.Tasks) != 1 || got.Tasks[0].Files[0] != "a.go" || got.Tasks[0].DependsOn[0] != "T001" {
		t.Fatalf("Parse(%q) = %+v, %v", line, got, err)
	}
}
