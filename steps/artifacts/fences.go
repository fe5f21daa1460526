package artifacts

import (
	"sort"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// fenceParser reads CommonMark's block structure as the answer files are
// read, so an artifact and an answer agree on what a fenced code block
// is: a line such as "```csv``` files" opens nothing, because a backtick
// fence's info string cannot hold a backtick. Inline syntax is left as
// text: fences are blocks, and goldmark's time on runs such as "[a](" or
// "*a_" repeated grows with the square of their length, seconds for one
// answer that long.
var fenceParser = parser.NewParser(
	parser.WithBlockParsers(parser.DefaultBlockParsers()...),
	parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
)

// fencedLines marks, for each line, whether it belongs to a fenced code
// block: its opening fence, its content, or its closing fence. Each of
// rtgit's begin/end blocks is parsed on its own, so nothing an answer holds
// (an unclosed fence, an HTML block) reaches past its end marker and turns
// the rest of the document into code.
func fencedLines(lines []string) []bool {
	out := make([]bool, 0, len(lines))
	for pos := 0; pos < len(lines); {
		begin, head := nextBegin(lines, pos)
		end := -1
		if begin >= 0 {
			closer := strings.Replace(strings.TrimSpace(lines[pos+begin]), "rtgit:begin", "rtgit:end", 1)
			for j := pos + begin + 1; j < len(lines); j++ {
				if strings.TrimSpace(lines[j]) == closer {
					end = j
					break
				}
			}
		}
		if end < 0 {
			if begin >= 0 {
				head = fencedRegion(lines[pos:])
			}
			return append(out, head...)
		}
		out = append(out, head[:begin+1]...)
		out = append(out, fencedRegion(lines[pos+begin+1:end])...)
		out = append(out, false)
		pos = end + 1
	}
	return out
}

// nextBegin finds the first begin marker at or after pos that is not inside
// fenced code, and returns its offset from pos with the fence marks of
// lines[pos:] up to and including it. Whether a line is fenced depends only
// on the lines before it, so each candidate is decided by parsing the lines
// up to it, not the rest of the document: a document of many blocks costs
// one pass, not one pass per block. With no marker, the offset is -1 and
// the marks cover all of lines[pos:].
func nextBegin(lines []string, pos int) (int, []bool) {
	for j := pos; j < len(lines); j++ {
		if !strings.HasPrefix(strings.TrimSpace(lines[j]), "<!-- rtgit:begin ") {
			continue
		}
		head := fencedRegion(lines[pos : j+1])
		if !head[j-pos] {
			return j - pos, head
		}
	}
	return -1, fencedRegion(lines[pos:])
}

// fencedRegion parses lines as a document of its own.
func fencedRegion(lines []string) []bool {
	in := make([]bool, len(lines))
	if len(lines) == 0 {
		return in
	}
	src := []byte(strings.Join(lines, "\n") + "\n")
	starts := make([]int, len(lines))
	for i, off := 0, 0; i < len(lines); i++ {
		starts[i] = off
		off += len(lines[i]) + 1
	}
	lineOf := func(off int) int { return sort.Search(len(starts), func(i int) bool { return starts[i] > off }) - 1 }
	doc := fenceParser.Parse(text.NewReader(src))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		fc, ok := n.(*ast.FencedCodeBlock)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		open := lineOf(n.Pos())
		if open < 0 {
			return ast.WalkSkipChildren, nil
		}
		last := open
		if segs := fc.Lines(); segs.Len() > 0 {
			last = lineOf(segs.At(segs.Len() - 1).Start)
		}
		for i := open; i <= last && i < len(in); i++ {
			in[i] = true
		}
		if c := last + 1; c < len(lines) && closes(lines[open], lines[c]) {
			in[c] = true
		}
		return ast.WalkSkipChildren, nil
	})
	return in
}

// closes reports whether line is a closing fence for the fence opened by
// open: the same character, at least as many, nothing after but blanks.
func closes(open, line string) bool {
	o := strings.TrimLeft(open, " >-*+0123456789.)\t")
	if o == "" {
		return false
	}
	ch := o[0]
	n := len(o) - len(strings.TrimLeft(o, string(ch)))
	l := strings.TrimLeft(line, " >\t")
	m := len(l) - len(strings.TrimLeft(l, string(ch)))
	return m >= n && m >= 3 && strings.TrimSpace(l[m:]) == ""
}
