// Package prose reads what people write as prose: it splits an answer's
// markdown into its list items and sentences, and hands each back as the
// exact bytes the person wrote, trimmed of the space around it. Nothing
// here lower-cases, rejoins, re-punctuates or re-spaces a word.
//
// The block structure (paragraphs, list items, headings, code blocks)
// comes from goldmark's parse of the markdown. Inside a paragraph the
// sentences come from a Punkt tokenizer trained on English
// (github.com/neurosnap/sentences), which knows abbreviations such as
// "e.g." and "i.e." and does not end a sentence at "3.x" or "flask.cli".
// Before it reads a paragraph, code spans, links, autolinks and bare
// addresses are masked, so no dot or parenthesis inside them can end a
// sentence; after it, a sentence that would begin with a lower-case
// letter, a digit or closing punctuation is joined back to the one
// before, since a cut there is a misreading, never a sentence.
package prose

import (
	"strings"
	"sync"

	"github.com/neurosnap/sentences"
	"github.com/neurosnap/sentences/english"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// blockParser reads block structure only: inline syntax is masked by
// this package's own rules, and goldmark's inline parsing of long
// hostile runs costs time that the answers' reader cannot spend.
var blockParser = parser.NewParser(
	parser.WithBlockParsers(parser.DefaultBlockParsers()...),
	parser.WithInlineParsers(util.Prioritized(noInline{}, 0)),
	parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
)

// noInline is an inline parser that never triggers, so paragraphs keep
// their raw lines.
type noInline struct{}

func (noInline) Trigger() []byte { return nil }
func (noInline) Parse(ast.Node, text.Reader, parser.Context) ast.Node {
	return nil
}

var (
	tokenizerOnce sync.Once
	tokenizer     *sentences.DefaultSentenceTokenizer
)

func punkt() *sentences.DefaultSentenceTokenizer {
	tokenizerOnce.Do(func() {
		t, err := english.NewSentenceTokenizer(storage())
		if err != nil {
			// The training data is compiled into the module; failing to
			// load it is a broken build, not bad input.
			panic("prose: the English sentence model does not load: " + err.Error())
		}
		tokenizer = t
	})
	return tokenizer
}

// storage is the tokenizer's knowledge: the abbreviations whose full
// stop ends no sentence in the answers people write about software. The
// library's trained English model knows more abbreviations but takes 40 ms
// to load, more than a whole `rtgit next`; the orthographic rules
// that model adds are what continues already does.
func storage() *sentences.Storage {
	s := sentences.NewStorage()
	for _, a := range strings.Fields("e.g i.e etc cf vs viz approx incl esp fig figs no nos nr sec ch vol pp dr mr mrs ms prof st jr sr inc ltd co corp dept est min max misc ref resp ca al u.s u.k a.k.a w.r.t") {
		s.AbbrevTypes.Add(a)
	}
	// Words that begin sentences: after "flask.cli." they tell the
	// tokenizer that the dotted name ended one.
	for _, w := range strings.Fields("the a an it its this that these those we our they their there then thus so but and or if when while once after before because since although however also in on at for to from with by as of no not all each every one some most many only both either neither none nothing everything i you he she users user people nobody today now here") {
		s.SentStarters.Add(w)
	}
	return s
}

// Unit is one piece of an answer: a list item, a heading, a paragraph,
// or a sentence of a paragraph, as written.
type Unit struct {
	Text string // the bytes as written, trimmed of surrounding space
	Item bool   // a list item (its text without the marker)
}

// Items splits text into its top-level blocks: each list item of a list
// is one unit, and every other block (a paragraph, a heading, a code
// block) is one unit. A list item keeps its nested lists. Commas and
// parentheses never split anything.
func Items(text string) []Unit {
	src := []byte(text)
	doc := blockParser.Parse(textReader(src))
	var out []Unit
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if l, ok := n.(*ast.List); ok {
			for it := l.FirstChild(); it != nil; it = it.NextSibling() {
				if s := strings.TrimSpace(blockText(src, it)); s != "" {
					out = append(out, Unit{Text: s, Item: true})
				}
			}
			continue
		}
		if s := strings.TrimSpace(blockText(src, n)); s != "" {
			out = append(out, Unit{Text: s})
		}
	}
	return out
}

// Sentences splits text into list items, and every paragraph into its
// sentences. A list item is one unit however many sentences it holds:
// people write one point per item.
func Sentences(text string) []string {
	var out []string
	for _, u := range Items(text) {
		if u.Item {
			out = append(out, u.Text)
			continue
		}
		out = append(out, Split(u.Text)...)
	}
	return out
}

// First is the first sentence (or list item) of text, "" for none.
func First(text string) string {
	if s := Sentences(text); len(s) > 0 {
		return s[0]
	}
	return ""
}

// Split cuts one paragraph into sentences, each a substring of p.
func Split(p string) []string {
	if strings.TrimSpace(p) == "" {
		return nil
	}
	masked := mask(p)
	var cuts []int // byte offsets where a sentence ends
	for _, s := range punkt().Tokenize(masked) {
		cuts = append(cuts, s.End)
	}
	var out []string
	start := 0
	for i, end := range cuts {
		end = min(max(end, start), len(p))
		if i == len(cuts)-1 {
			end = len(p)
		}
		next := strings.TrimLeft(p[end:], " \t\n")
		if i < len(cuts)-1 && continues(p[start:end], next) {
			continue
		}
		if s := strings.TrimSpace(p[start:end]); s != "" {
			out = append(out, s)
		}
		start = end
	}
	if start < len(p) {
		if s := strings.TrimSpace(p[start:]); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// abbreviation is a word whose full stop does not end a sentence, even
// before a capital letter.
var abbreviation = lazyre.New(`(?i)(?:^|[\s(])(?:e\.g|i\.e|etc|cf|vs|viz|approx|incl|fig|no|nr|sec|ch|vol|dr|mr|mrs|ms|st|[a-z])\.$`)

// continues tells whether a cut between before and next is inside a
// sentence: next starts as no sentence does, or before ends with an
// abbreviation.
func continues(before, next string) bool {
	if next == "" {
		return false
	}
	c := next[0]
	switch {
	case c >= 'a' && c <= 'z', c >= '0' && c <= '9', strings.IndexByte(",;:)]}", c) >= 0:
		return true
	}
	return abbreviation.MatchString(strings.TrimRight(before, " \t\n"))
}

// masked spans: code spans (any run of backticks up to the same run),
// links and images with their targets, autolinks and bare addresses.
var maskRe = lazyre.New("(`+)[^`]*?`+|!?\\[[^\\]\\n]*\\]\\([^)\\n]*\\)|<[a-zA-Z][a-zA-Z0-9+.-]*:[^>\\s]*>|https?://[^\\s)>\\]]+")

// mask replaces every byte of a span that must not be cut with a letter,
// keeping offsets, so the tokenizer sees one word there.
func mask(p string) string {
	b := []byte(p)
	for _, loc := range maskRe.FindAllStringIndex(p, -1) {
		for i := loc[0]; i < loc[1]; i++ {
			if b[i] != '\n' {
				b[i] = 'x'
			}
		}
	}
	return string(b)
}

func textReader(src []byte) text.Reader { return text.NewReader(src) }

// blockText is the source of a block: from its first line to its last,
// taken from the source so nothing is re-spaced; a list item's marker is
// left out, as are the fences of a code block.
func blockText(src []byte, n ast.Node) string {
	start, stop := -1, -1
	var walk func(ast.Node)
	walk = func(n ast.Node) {
		if n.Type() == ast.TypeBlock {
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				if start < 0 || seg.Start < start {
					start = seg.Start
				}
				if seg.Stop > stop {
					stop = seg.Stop
				}
			}
		}
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			walk(c)
		}
	}
	walk(n)
	if start < 0 {
		return ""
	}
	return string(src[start:stop])
}
