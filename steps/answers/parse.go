package answers

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	gmparser "github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// mdParser reads block structure, which is all that decides what is a
// marker, as plain CommonMark. Of the inline syntax it knows only the
// task-list checkbox, which is what turns "[x]" in the menu into a choice,
// as GitHub does. Links, emphasis and code spans are left as text: nothing
// here reads them, and goldmark takes time that grows with the square of
// their length on runs such as "[a](" or "*a_" repeated, seconds for one
// answer-sized line.
var mdParser = gmparser.NewParser(
	gmparser.WithBlockParsers(gmparser.DefaultBlockParsers()...),
	gmparser.WithInlineParsers(util.Prioritized(checkBoxParser{}, 0)),
	gmparser.WithParagraphTransformers(gmparser.DefaultParagraphTransformers()...),
)

var (
	markerStartRe = lazyre.New(`^<!--\s*rtgit:`)
	menuKeyRe     = lazyre.New(`^\[[xX]\][ \t]+(?:\*\*|__)?\[([A-Za-z])\]`)
)

// region is one block as 0-based line numbers of its two marker lines.
type region struct{ open, close int }

// layout is where things are in the file as given, so that an edit can
// touch only the bytes it means to.
type layout struct {
	src      *source
	answers  []region // parallel to File.Answers
	feedback *region
	resolved *region
}

// Parse reads an answer file. name is the path errors begin with, as
// "name:line: message".
func Parse(name string, data []byte) (*File, error) {
	f, _, err := parse(name, data)
	return f, err
}

func parse(name string, data []byte) (*File, *layout, error) {
	if err := checkSize(name, len(data)); err != nil {
		return nil, nil, err
	}
	src := newSource(data)
	if i := bytes.IndexByte(src.norm, 0); i >= 0 {
		return nil, nil, fmt.Errorf("%s:%d: the file contains a NUL byte; an answer file must be UTF-8 text", name, src.lineOf(i)+1)
	}
	if !utf8.Valid(src.norm) {
		return nil, nil, fmt.Errorf("%s:%d: the file is not valid UTF-8; save it as UTF-8 text", name, src.lineOf(invalidUTF8(src.norm))+1)
	}
	if l := tooDeep(src.norm); l >= 0 {
		return nil, nil, nestingErr(name, l+1, "this line")
	}
	p := &parser{name: name, src: src, lay: &layout{src: src}, f: &File{}, seen: map[string]int{}}
	p.root = mdParser.Parse(text.NewReader(src.norm))
	for n := p.root.FirstChild(); n != nil; n = n.NextSibling() {
		if err := p.block(n); err != nil {
			return nil, nil, err
		}
	}
	if p.open != nil {
		return nil, nil, p.unclosed()
	}
	if p.f.StepID == "" {
		return nil, nil, fmt.Errorf("%s:1: no file marker %s; this is not an rtgit answer file, or its first lines were lost",
			name, fileMarker("STEP", "DEPTH", "SLUG"))
	}
	return p.f, p.lay, nil
}

type parser struct {
	name string
	src  *source
	root ast.Node
	lay  *layout
	f    *File

	open     *openBlock
	seen     map[string]int // "answer id", "menu", "feedback" and "file" -> 0-based line
	tickLine int
}

type openBlock struct {
	what string // "answer", "suggestion", "menu" or "feedback"
	id   string
	line int
	ai   AIMark // for "suggestion"
}

func describe(what, id string) string {
	switch what {
	case "answer":
		return fmt.Sprintf("answer block %q", id)
	case "suggestion":
		return fmt.Sprintf("suggestion block %q", id)
	}
	return what + " block"
}

func closing(what, id string) string {
	switch what {
	case "menu":
		return menuClose
	case "feedback":
		return feedbackClose
	case "resolved":
		return resolvedClose
	case "suggestion":
		return "<!-- rtgit:end suggestion id=" + id + " -->"
	}
	return answerClose(id)
}

func (p *parser) errorf(line int, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", p.name, line+1, fmt.Sprintf(format, args...))
}

// block handles one top-level block: a marker, or content that matters
// only inside the menu.
func (p *parser) block(n ast.Node) error {
	if hb, ok := n.(*ast.HTMLBlock); ok && hb.Lines().Len() > 0 {
		first := hb.Lines().At(0)
		text := strings.TrimSpace(string(first.Value(p.src.norm)))
		if markerStartRe.MatchString(text) {
			line := p.src.lineOf(first.Start)
			if hb.Lines().Len() > 1 || hb.HasClosure() || !strings.HasSuffix(text, "-->") {
				return p.errorf(line, "an rtgit marker must be a complete <!-- ... --> comment alone on its line")
			}
			m, err := parseMarker(text)
			if err != nil {
				return p.errorf(line, "%v", err)
			}
			return p.marker(m, line)
		}
	}
	if p.open != nil && p.open.what == "menu" {
		return p.menu(n)
	}
	return nil
}

func (p *parser) marker(m marker, line int) error {
	if m.kind == "end" {
		return p.end(m, line)
	}
	if o := p.open; o != nil {
		if hint := p.swallowed(o, line); hint != "" {
			return p.errorf(line, "%s starts inside the %s opened at line %d%s", m.describe(), describe(o.what, o.id), o.line+1, hint)
		}
		return p.errorf(line, "%s starts inside the %s opened at line %d; is its closing marker %s missing?",
			m.describe(), describe(o.what, o.id), o.line+1, closing(o.what, o.id))
	}
	key := m.kind
	if m.id != "" {
		key = m.kind + " " + m.id
	}
	if first, dup := p.seen[key]; dup {
		return p.errorf(line, "a second %s; the first is at line %d", m.describe(), first+1)
	}
	p.seen[key] = line
	switch m.kind {
	case "file":
		p.f.StepID, p.f.Depth, p.f.Slug = m.step, m.depth, m.slug
		return nil
	case "ai":
		p.f.AI = append(p.f.AI, m.ai)
		return nil
	}
	p.open = &openBlock{what: m.kind, id: m.id, line: line, ai: m.ai}
	return nil
}

func (p *parser) end(m marker, line int) error {
	o := p.open
	if o == nil {
		return p.errorf(line, "a closing marker for the %s, but no such block is open", describe(m.what, m.id))
	}
	if o.what != m.what || o.id != m.id {
		return p.errorf(line, "this closes the %s, but the open block is the %s from line %d%s",
			describe(m.what, m.id), describe(o.what, o.id), o.line+1, p.swallowed(o, line))
	}
	p.open = nil
	r := region{open: o.line, close: line}
	switch o.what {
	case "answer":
		t := p.src.body(r)
		if err := checkChars(p.name, o.line+1, fmt.Sprintf("the answer to %q", o.id), t); err != nil {
			return err
		}
		a := Answer{ID: o.id, Line: o.line + 1, Answered: !unanswered(t)}
		if a.Answered {
			a.Text, a.TextLine = t, p.src.firstTextLine(r)+1
		}
		p.f.Answers = append(p.f.Answers, a)
		p.lay.answers = append(p.lay.answers, r)
	case "feedback":
		if t := p.src.body(r); !unanswered(t) {
			p.f.Feedback = t
		}
		p.lay.feedback = &r
	case "resolved":
		p.f.Resolved = p.src.body(r)
		p.lay.resolved = &r
	case "suggestion":
		p.f.Suggestions = append(p.f.Suggestions, parseSuggestion(o.ai, p.src.body(r)))
	}
	return nil
}

// menu records a ticked box. Only the first line of a top-level list item
// can hold one, as GitHub sees it; a "[x]" anywhere else is just text.
func (p *parser) menu(n ast.Node) error {
	if _, ok := n.(*ast.List); !ok {
		return nil
	}
	for li := n.FirstChild(); li != nil; li = li.NextSibling() {
		tb := li.FirstChild()
		if tb == nil || tb.Lines().Len() == 0 {
			continue
		}
		cb, ok := tb.FirstChild().(*extast.TaskCheckBox)
		if !ok || !cb.IsChecked {
			continue
		}
		seg := tb.Lines().At(0)
		line := p.src.lineOf(seg.Start)
		m := menuKeyRe.FindStringSubmatch(string(seg.Value(p.src.norm)))
		key := ""
		if m != nil {
			key = strings.ToUpper(m[1])
		}
		if key != "C" && key != "E" && key != "S" {
			return p.errorf(line, "this ticked box is not a menu choice; tick one of the [C], [E] or [S] boxes")
		}
		if p.f.Choice != "" {
			return p.errorf(line, "more than one menu box is ticked (lines %d and %d); tick only one", p.tickLine+1, line+1)
		}
		p.f.Choice, p.tickLine = key, line
	}
	return nil
}

// unclosed explains a block left open at the end of the file.
func (p *parser) unclosed() error {
	o := p.open
	return p.errorf(o.line, "%s has no closing marker %s%s", describe(o.what, o.id), closing(o.what, o.id),
		p.swallowed(o, len(p.src.normStarts)))
}

// swallowed explains why block o's closing marker, if it appears before
// line limit, did not count. The usual cause is markdown in the answer
// that swallowed it, such as an unclosed code fence, so it names the
// block the marker ended up in.
func (p *parser) swallowed(o *openBlock, limit int) string {
	want := closing(o.what, o.id)
	for l := o.line + 1; l < limit; l++ {
		if strings.TrimSpace(p.src.line(l)) != want {
			continue
		}
		var in ast.Node
		start := -1
		for n := p.root.FirstChild(); n != nil; n = n.NextSibling() {
			if s := p.startLine(n); s >= 0 && s <= l {
				start, in = s, n
			}
		}
		if start <= o.line {
			return ""
		}
		return fmt.Sprintf("; the one at line %d is inside the %s that starts at line %d, so it does not count: %s",
			l+1, kindName(in), start+1, fixFor(in))
	}
	return ""
}

// startLine is the 0-based line where a block starts, or -1.
func (p *parser) startLine(n ast.Node) int {
	if fc, ok := n.(*ast.FencedCodeBlock); ok {
		if fc.Info != nil {
			return p.src.lineOf(fc.Info.Segment.Start)
		}
		if fc.Lines().Len() > 0 {
			// The opening fence is the line just before the content.
			return p.src.lineOf(fc.Lines().At(0).Start) - 1
		}
		return -1
	}
	if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
		return p.src.lineOf(n.Lines().At(0).Start)
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if l := p.startLine(c); l >= 0 {
			return l
		}
	}
	return -1
}

// fixFor says how to get a marker out of the block n swallowed it into.
func fixFor(n ast.Node) string {
	switch n.(type) {
	case *ast.FencedCodeBlock:
		return "close that code fence before the marker"
	case *ast.HTMLBlock:
		return "end that HTML block before the marker: close its comment or tag, and leave a blank line"
	case *ast.List, *ast.Blockquote, *ast.CodeBlock:
		return "move the marker to the start of its line"
	}
	return "put the marker on a line of its own"
}

func kindName(n ast.Node) string {
	switch n.(type) {
	case *ast.FencedCodeBlock:
		return "code fence"
	case *ast.CodeBlock:
		return "indented code block"
	case *ast.HTMLBlock:
		return "HTML block"
	case *ast.List:
		return "list"
	case *ast.Blockquote:
		return "block quote"
	}
	return "block"
}
