package artifacts

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/model"
)

// Components named with their file, and labels in code spans, as people
// wrote them for real changes: the diagram has one node per component,
// and no backtick, semicolon or pipe reaches Mermaid unescaped (Mermaid
// reads "` as a markdown string and fails on the next backtick).
func TestComponentDiagramEscapesAndMatchesNames(t *testing.T) {
	comps := []model.Component{{Name: "Application settings (`lib/application.js`)"}, {Name: "Response"}}
	conns := []model.Connection{
		{From: "Response", To: "Application settings", What: "`app.enabled('etag')` returns a boolean; a|b"},
	}
	d := componentDiagram(comps, conns)
	if n := strings.Count(d, `["Application settings`); n != 1 {
		t.Errorf("Application settings is %d nodes, want 1:\n%s", n, d)
	}
	body := strings.TrimSuffix(strings.TrimPrefix(d, "```mermaid\n"), "```\n")
	for _, bad := range []string{"`", "boolean; a", "a|b"} {
		if strings.Contains(body, bad) {
			t.Errorf("the diagram holds %q unescaped:\n%s", bad, d)
		}
	}
	if !strings.Contains(d, "#96;app.enabled('etag')#96; returns a boolean#59; a#124;b") {
		t.Errorf("the label is not the person's words in Mermaid's entity codes:\n%s", d)
	}
}
