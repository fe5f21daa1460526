package answers

import (
	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	gmparser "github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// checkBoxParser reads a task-list checkbox, "[ ]" or "[x]", at the start
// of a list item's first line, as goldmark's own extension does and with
// the node type it makes. It is written here because the extension's
// package, which holds every GFM extension, builds its expressions when
// rtgit starts, and every rtgit command pays for that; this reads the
// same three bytes without an expression. TestCheckBoxAsTheExtension
// holds the two to the same reading.
type checkBoxParser struct{}

func (checkBoxParser) Trigger() []byte { return []byte{'['} }

func (checkBoxParser) Parse(parent ast.Node, block text.Reader, pc gmparser.Context) ast.Node {
	// Only the first text of a list item's first block can hold one.
	item := parent.Parent()
	if item == nil || item.FirstChild() != parent || parent.HasChildren() {
		return nil
	}
	if _, ok := item.(*ast.ListItem); !ok {
		return nil
	}
	line, _ := block.PeekLine()
	if len(line) < 3 || line[0] != '[' || line[2] != ']' {
		return nil
	}
	mark := line[1]
	if mark != 'x' && mark != 'X' && !isSpace(mark) {
		return nil
	}
	n := 3
	for n < len(line) && isSpace(line[n]) {
		n++
	}
	block.Advance(n)
	return extast.NewTaskCheckBox(mark == 'x' || mark == 'X')
}

func (checkBoxParser) CloseBlock(ast.Node, gmparser.Context) {}

// isSpace is what \s matches in Go's regular expressions, the class the
// extension reads a box's mark and the space after it with.
func isSpace(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\f', '\r':
		return true
	}
	return false
}
