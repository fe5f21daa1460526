package answers

import (
	"fmt"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	gmparser "github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// boxes lists every checkbox a parser finds in src, with where it is and
// whether it is ticked, and the text that follows it.
func boxes(p gmparser.Parser, src []byte) string {
	var b strings.Builder
	doc := p.Parse(text.NewReader(src))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if cb, ok := n.(*extast.TaskCheckBox); ok && entering {
			rest := ""
			if t, ok := cb.NextSibling().(*ast.Text); ok {
				rest = string(t.Segment.Value(src))
			}
			fmt.Fprintf(&b, "%s %v %q;", n.Parent().Kind(), cb.IsChecked, rest)
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// The extension's parser, set up as mdParser is but for the checkbox.
var extensionParser = gmparser.NewParser(
	gmparser.WithBlockParsers(gmparser.DefaultBlockParsers()...),
	gmparser.WithInlineParsers(util.Prioritized(extension.NewTaskCheckBoxParser(), 0)),
	gmparser.WithParagraphTransformers(gmparser.DefaultParagraphTransformers()...),
)

// FuzzCheckBoxAsTheExtension holds rtgit's checkbox reading to goldmark's
// task-list extension: the same boxes, in the same places, with the same
// text after them.
func FuzzCheckBoxAsTheExtension(f *testing.F) {
	for _, s := range []string{
		"- [x] **[C]** Continue\n- [ ] **[E]** Explore\n",
		"- [X]\tdone\n- [ ]\n- [\t] tab\n- [y] no\n- [x]no space\n",
		"1. [x] one\n2) [ ] two\n   - [x] nested\n",
		"text [x] not in a list\n\n> - [x] quoted\n",
		"- a\n  [x] second line\n- [x] [x] twice\n- **[x]** bold\n",
		"* [x]\n+ [\r] cr\n- []\n- [xx]\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 2000 {
			return
		}
		got, want := boxes(mdParser, []byte(src)), boxes(extensionParser, []byte(src))
		if got != want {
			t.Fatalf("%q:\nrtgit reads     %s\nthe extension   %s", src, got, want)
		}
	})
}
