package answers

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

const head = "<!-- rtgit:file step=01-02 depth=deep slug=s -->"

// richAnswer is markdown that must come back exactly: a heading, a fence
// holding marker text, an HTML comment, a nested list and a table.
const richAnswer = "## My own heading\n" +
	"\n" +
	"```md\n" +
	"<!-- rtgit:end id=users -->\n" +
	"<!-- rtgit:answer id=other -->\n" +
	"```\n" +
	"\n" +
	"<!-- a note to self -->\n" +
	"\n" +
	"- one\n" +
	"  <!-- rtgit:end id=users -->\n" +
	"  - nested\n" +
	"\n" +
	"> <!-- rtgit:end id=users -->\n" +
	"\n" +
	"| a | b |\n" +
	"|---|---|\n" +
	"| 1 | 2 |\n" +
	"\n" +
	"    indented code\n" +
	"\n" +
	"trailing text with <!-- rtgit:end id=users --> inline"

func TestParseContentIsKeptExactly(t *testing.T) {
	tests := []struct {
		name, body, want string
		answered         bool
	}{
		{"rich markdown", "\n" + richAnswer + "\n\n", richAnswer, true},
		{"no blank lines around", "plain", "plain", true},
		{"list and quote right before the marker", "- item\n\n> quote", "- item\n\n> quote", true},
		{"HTML block ended by a blank line", "<div>\nhtml\n\n", "<div>\nhtml", true},
		{"leading indentation kept", "\n\n    code first\n", "    code first", true},
		{"placeholder", "\n" + Placeholder + "\n", "", false},
		{"indented placeholder", "   " + Placeholder + "  ", "", false},
		{"empty", "", "", false},
		{"blank lines only", "\n  \n\t\n", "", false},
		{"placeholder plus text", Placeholder + "\nmore", Placeholder + "\nmore", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			b.WriteString(head + "\n\n# Title\n\n" + answerOpen("users") + "\n")
			if tt.body != "" {
				b.WriteString(tt.body + "\n")
			}
			b.WriteString(answerClose("users") + "\n")
			f, err := Parse("x.md", []byte(b.String()))
			if err != nil {
				t.Fatal(err)
			}
			a, ok := f.Answer("users")
			if !ok || a.Text != tt.want || a.Answered != tt.answered || a.Line != 5 {
				t.Errorf("answer = %+v, want text %q answered %v line 5", a, tt.want, tt.answered)
			}
			if _, ok := f.Answer("other"); ok || len(f.Answers) != 1 {
				t.Errorf("marker text inside the answer was taken for a marker: %+v", f.Answers)
			}
		})
	}
}

func TestParseFile(t *testing.T) {
	doc := lines(
		"\ufeff"+head, // 1
		"",
		answerOpen("a"), // 3
		"first",
		answerClose("a"),
		"",
		"  "+answerOpen("b")+"  ", // 7: up to three spaces of indent still make an HTML block
		Placeholder,
		answerClose("b"),
		menuOpen, // 10
		"- [ ] **[E]** Elaborate",
		"- [X] **[C]** Continue",
		"- [ ] **[S]** Skip",
		menuClose,
		"- [x] **[S]** a tick outside the menu is just text",
		feedbackOpen,
		"",
		"Some feedback.",
		"",
		feedbackClose,
	)
	for _, eol := range []string{"\n", "\r\n", "\r"} {
		data := []byte(strings.ReplaceAll(doc, "\n", eol))
		f, err := Parse("x.md", data)
		if err != nil {
			t.Fatalf("eol %q: %v", eol, err)
		}
		if f.StepID != "01-02" || f.Depth != "deep" || f.Slug != "s" || f.Choice != "C" || f.Feedback != "Some feedback." {
			t.Errorf("eol %q: file = %+v", eol, f)
		}
		want := []Answer{{ID: "a", Text: "first", Answered: true, Line: 3, TextLine: 4}, {ID: "b", Line: 7}}
		if len(f.Answers) != 2 || f.Answers[0] != want[0] || f.Answers[1] != want[1] {
			t.Errorf("eol %q: answers = %+v, want %+v", eol, f.Answers, want)
		}
	}
}

func TestParseMenu(t *testing.T) {
	tests := []struct {
		name, items, want string
	}{
		{"none ticked", "- [ ] **[C]** Continue\n- [ ] **[S]** Skip", ""},
		{"lower x", "- [ ] **[C]** Continue\n- [x] **[S]** Skip", "S"},
		{"loose list", "- [ ] **[C]** Continue\n\n- [x] **[E]** Elaborate", "E"},
		{"star bullets, lower key", "* [x] **[c]** Continue", "C"},
		{"tick in a code block is not a tick", "```\n- [x] **[S]** Skip\n```", ""},
		{"no menu block", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := head + "\n"
			if tt.items != "" {
				doc += menuOpen + "\n" + tt.items + "\n" + menuClose + "\n"
			}
			f, err := Parse("x.md", []byte(doc))
			if err != nil {
				t.Fatal(err)
			}
			if f.Choice != tt.want {
				t.Errorf("Choice = %q, want %q", f.Choice, tt.want)
			}
		})
	}
}

func TestParseDamage(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		line int
		want string
	}{
		{"opening without closing", lines(head, answerOpen("a"), "text"), 2,
			`answer block "a" has no closing marker <!-- rtgit:end id=a -->`},
		{"closing swallowed by a fence", lines(head, "", answerOpen("a"), "```", "code", answerClose("a")), 3,
			"the one at line 6 is inside the code fence that starts at line 4, so it does not count: close that code fence"},
		{"closing swallowed by an HTML comment", lines(head, answerOpen("a"), "<!-- note", answerClose("a")), 2,
			"the one at line 4 is inside the HTML block that starts at line 3"},
		{"closing swallowed by an HTML block", lines(head, answerOpen("a"), "<details>", "more", answerClose("a")), 2,
			"inside the HTML block that starts at line 3, so it does not count: end that HTML block before the marker"},
		{"closing indented into a list", lines(head, answerOpen("a"), "- item", "  "+answerClose("a")), 2,
			"the one at line 4 is inside the list that starts at line 3, so it does not count: move the marker to the start of its line"},
		{"swallowed closing, then the next block", lines(head, answerOpen("a"), "<div>", answerClose("a"), "", answerOpen("b")), 6,
			`answer block "b" starts inside the answer block "a" opened at line 2; the one at line 4 is inside the HTML block that starts at line 3`},
		{"closing without opening", lines(head, "text", answerClose("a")), 3,
			`a closing marker for the answer block "a", but no such block is open`},
		{"mismatched ids", lines(head, answerOpen("a"), "x", answerClose("b")), 4,
			`this closes the answer block "b", but the open block is the answer block "a" from line 2`},
		{"mismatched kinds", lines(head, menuOpen, feedbackClose), 3,
			"this closes the feedback block, but the open block is the menu block from line 2"},
		{"nested opening", lines(head, answerOpen("a"), "x", answerOpen("b"), answerClose("b"), answerClose("a")), 4,
			`answer block "b" starts inside the answer block "a" opened at line 2; is its closing marker <!-- rtgit:end id=a --> missing?`},
		{"file marker inside a block", lines(head, feedbackOpen, head, feedbackClose), 3,
			"file marker starts inside the feedback block"},
		{"duplicate id", lines(head, answerOpen("a"), answerClose("a"), "", answerOpen("a"), answerClose("a")), 5,
			`a second answer block "a"; the first is at line 2`},
		{"second menu", lines(head, menuOpen, menuClose, menuOpen, menuClose), 4, "a second menu block; the first is at line 2"},
		{"second file marker", lines(head, "", head), 3, "a second file marker; the first is at line 1"},
		{"unknown marker", lines(head, "", "<!-- rtgit:question id=a -->"), 3, `unknown rtgit marker "rtgit:question"`},
		{"empty marker", lines(head, "<!--rtgit:-->"), 2, `unknown rtgit marker "rtgit:"`},
		{"marker with trailing text", lines(head, answerOpen("a")+" oops"), 2, "alone on its line"},
		{"marker split over lines", lines(head, "<!-- rtgit:answer", "id=a -->"), 2, "alone on its line"},
		{"unterminated marker at end", head + "\n<!-- rtgit:menu", 2, "alone on its line"},
		{"answer without id", lines(head, "<!-- rtgit:answer -->"), 2, "malformed answer marker"},
		{"answer with bad id", lines(head, "<!-- rtgit:answer id=a/b -->"), 2, "malformed answer marker"},
		{"end of nothing", lines(head, "<!-- rtgit:end -->"), 2, "malformed closing marker"},
		{"menu with args", lines(head, "<!-- rtgit:menu x -->"), 2, "malformed menu marker"},
		{"missing file marker", lines("# Title", "", answerOpen("a"), answerClose("a")), 1, "no file marker"},
		{"file marker in a fence is not one", lines("```", head, "```"), 1, "no file marker"},
		{"file marker without slug", lines("<!-- rtgit:file step=01-02 depth=deep -->"), 1, "needs step, depth and slug"},
		{"file marker with bad depth", lines("<!-- rtgit:file step=01-02 depth=huge slug=s -->"), 1, `depth "huge"`},
		{"file marker with unknown attribute", lines("<!-- rtgit:file step=1 depth=deep slug=s v=2 -->"), 1, `unknown attribute "v=2"`},
		{"file marker repeating an attribute", lines("<!-- rtgit:file step=1 step=2 depth=deep slug=s -->"), 1, "repeats step="},
		{"two ticks", lines(head, "", "", menuOpen, "- [x] **[C]** Continue", "- [ ] **[E]** Elaborate", "- [X] **[S]** Skip", menuClose), 7,
			"more than one menu box is ticked (lines 5 and 7)"},
		{"tick on a non-choice", lines(head, menuOpen, "- [x] whatever", menuClose), 3, "not a menu choice"},
		{"NUL byte", lines(head, "a\x00b"), 2, "NUL byte"},
		{"invalid UTF-8", lines(head, "", "caf\xe9"), 3, "not valid UTF-8"},
		{"CRLF lines count", strings.ReplaceAll(lines(head, "", answerOpen("a")), "\n", "\r\n"), 3, "no closing marker"},
		{"BOM does not shift lines", "\ufeff" + lines(head, answerClose("a")), 2, "but no such block is open"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("docs/x.md", []byte(tt.doc))
			prefix := "docs/x.md:" + strconv.Itoa(tt.line) + ": "
			if err == nil || !strings.HasPrefix(err.Error(), prefix) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v\nwant prefix %q and %q", err, prefix, tt.want)
			}
		})
	}
}

// TestBlockStructureMatchesFullParser backs the parser's one shortcut:
// leaving inline syntax unparsed changes no block, so markers are found
// exactly where full CommonMark with task lists finds them.
func TestBlockStructureMatchesFullParser(t *testing.T) {
	full := goldmark.New(goldmark.WithExtensions(extension.TaskList)).Parser()
	inputs := [][]byte{
		renderSample(t, sampleView()),
		[]byte(lines(head, answerOpen("users"), richAnswer, answerClose("users"))),
		[]byte(lines(head, menuOpen, "- [x] **[C]** Continue\n- [ ] [E] *x* [a](b)\n\n[ref]: /url\n\n[ref]\nSetext\n---\n`code\n<!-- x -->`", menuClose)),
	}
	seeds, _ := filepath.Glob("testdata/fuzz/FuzzParse/*")
	for _, s := range seeds {
		b, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, b)
	}
	for i, in := range inputs {
		src := newSource(in).norm
		want := blocks(full.Parse(text.NewReader(src)), src)
		got := blocks(mdParser.Parse(text.NewReader(src)), src)
		if got != want {
			t.Errorf("input %d: block structure differs\nfull:\n%s\nours:\n%s", i, want, got)
		}
	}
}

// blocks lists a tree's block nodes with their lines, and checkboxes.
func blocks(root ast.Node, src []byte) string {
	var b bytes.Buffer
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if n.Type() == ast.TypeBlock {
			fmt.Fprintf(&b, "%s", n.Kind())
			for i := 0; i < n.Lines().Len(); i++ {
				seg := n.Lines().At(i)
				fmt.Fprintf(&b, " %q", seg.Value(src))
			}
			b.WriteByte('\n')
		}
		if cb, ok := n.(*extast.TaskCheckBox); ok {
			fmt.Fprintf(&b, "checkbox %v\n", cb.IsChecked)
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}
