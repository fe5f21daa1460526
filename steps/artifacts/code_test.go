package artifacts

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

// codeSpans parses a paragraph or a one-row table and returns the text of
// every code span in it, and how many top-level blocks it has.
func codeSpans(t *testing.T, md string) ([]string, int) {
	t.Helper()
	src := []byte(md)
	doc := goldmark.New(goldmark.WithExtensions(extension.Table)).Parser().Parse(text.NewReader(src))
	var spans []string
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if cs, ok := n.(*ast.CodeSpan); ok && entering {
			var b bytes.Buffer
			for c := cs.FirstChild(); c != nil; c = c.NextSibling() {
				if tx, ok := c.(*ast.Text); ok {
					b.Write(tx.Segment.Value(src))
				}
			}
			spans = append(spans, b.String())
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return spans, doc.ChildCount()
}

// A name quoted with Code is one code span in one paragraph holding the
// name, or its quoted form when it has characters nobody can see.
func TestCodeKeepsANameOneSpan(t *testing.T) {
	cases := []struct{ name, shown string }{
		{"src/a.go", "src/a.go"},
		{"a`b.go", "a`b.go"},
		{"``x", "``x"},
		{"x`", "x`"},
		{" lead", " lead"},
		{"a\n<!-- rtgit:end id=estimate -->.go", `"a\n<!-- rtgit:end id=estimate -->.go"`},
		{"tab\there", `"tab\there"`},
		{"rtl\u202efig.go", `"rtl\u202efig.go"`},
		{"ünïcode/名前.go", "ünïcode/名前.go"},
	}
	for _, c := range cases {
		md := "See " + Code(c.name) + " now."
		spans, blocks := codeSpans(t, md)
		if blocks != 1 || len(spans) != 1 || spans[0] != c.shown {
			t.Errorf("Code(%q) = %q: %d blocks, spans %q; want one span %q", c.name, Code(c.name), blocks, spans, c.shown)
		}
	}
}

func TestCodeCellKeepsTheRow(t *testing.T) {
	name := "a|b`|c.go"
	md := "| File | Hits |\n|---|---|\n| " + CodeCell(name) + " | 3 |\n"
	doc := goldmark.New(goldmark.WithExtensions(extension.Table)).Parser().Parse(text.NewReader([]byte(md)))
	tbl, ok := doc.FirstChild().(*extast.Table)
	if !ok {
		t.Fatalf("not a table: %q", md)
	}
	row := tbl.LastChild()
	if row.ChildCount() != 2 {
		t.Fatalf("the row has %d cells, want 2: %q", row.ChildCount(), md)
	}
	if !strings.Contains(md, `a\|b`) {
		t.Errorf("the pipe is not escaped: %q", md)
	}
}
