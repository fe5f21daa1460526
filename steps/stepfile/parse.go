package stepfile

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps"
)

// Section headings of a step file body.
const (
	secBrief       = "Brief Mode"
	secStandard    = "Standard Mode"
	secDeep        = "Deep Mode"
	secValidation  = "Validation"
	secArtifacts   = "Artifacts"
	secElaboration = "Elaboration"
	secCriteria    = "Criteria"
)

// KnownTransforms are the structured artifact writers a mapping may name.
// Keep in step with artifacts.Transforms (a test checks both lists agree).
var KnownTransforms = []string{"user-stories", "traceability", "nfr-matrix", "nfrs", "requirements", "glossary",
	"blast-radius", "options", "adr", "components", "integration", "module-design", "interface-spec",
	"error-taxonomy", "data-flow", "design-review", "tasks", "affected-files"}

var (
	leadIDRe     = lazyre.New("^`([^`]*)`\\s*(.*)$")
	questionIDRe = lazyre.New(`^[a-z][a-z0-9_]*$`)
	personaKeyRe = lazyre.New(`^[a-z][a-z0-9-]*$`)
	mappingRe    = lazyre.New(`^->\s*([^#\s]+?)(?:#(.*?))?(?:\s+as\s+([a-z][a-z0-9-]*))?\s*$`)
	// A backslash before the braces is Markdown's escape: the text is
	// literal, not a placeholder, and renders without the backslash.
	placeholdRe = lazyre.New(`(\\?)\{\{\s*([^{}]*?)\s*\}\}`)
	refRe       = lazyre.New(`^([0-9]{2}-[0-9]{2})\.([a-z][a-z0-9_]*)$`)
)

var mdParser = goldmark.New()

// Parse reads one step file. name is how problems refer to the file. The
// step is nil when the frontmatter is unusable; otherwise it is returned even
// with body errors so lint can report everything at once, and callers must
// check Problems.HasErrors before running it.
func Parse(name string, data []byte) (*steps.Step, steps.Problems) {
	var probs steps.Problems
	add := func(line int, sev steps.Severity, format string, args ...any) {
		probs = append(probs, steps.Problem{Path: name, Line: line, Msg: fmt.Sprintf(format, args...), Severity: sev})
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		add(1+bytes.Count(data[:i], []byte("\n")), steps.Error, "file contains a NUL byte")
		return nil, probs
	}
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	front, body, bodyLine, ok := splitFrontmatter(data)
	if !ok {
		add(1, steps.Error, "missing YAML frontmatter: the file must start with a line \"---\" and close it with another")
		return nil, probs
	}
	s := &steps.Step{}
	parseFrontmatter(s, front, add)
	if probs.HasErrors() {
		return nil, probs
	}
	b := &bodyParser{src: body, firstLine: bodyLine, add: add, step: s}
	b.lineStarts()
	b.parse()
	return s, probs
}

type bodyParser struct {
	src       []byte
	firstLine int
	starts    []int
	add       func(int, steps.Severity, string, ...any)
	step      *steps.Step
	seed      seedState // what the seed dialect collects before it can map answers
}

func (b *bodyParser) lineStarts() {
	b.starts = []int{0}
	for i, c := range b.src {
		if c == '\n' {
			b.starts = append(b.starts, i+1)
		}
	}
}

// line converts a byte offset in the body to a 1-based file line.
func (b *bodyParser) line(off int) int {
	return sort.Search(len(b.starts), func(i int) bool { return b.starts[i] > off }) - 1 + b.firstLine
}

// rawLines returns the source lines of a block and its descendants, and the
// file line of the first.
func (b *bodyParser) rawLines(n ast.Node) ([]string, int) {
	var out []string
	first := 0
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || c.Type() != ast.TypeBlock {
			return ast.WalkContinue, nil
		}
		segs := c.Lines()
		for i := 0; i < segs.Len(); i++ {
			seg := segs.At(i)
			if first == 0 {
				first = b.line(seg.Start)
			}
			out = append(out, strings.TrimRight(string(seg.Value(b.src)), "\n"))
		}
		return ast.WalkContinue, nil
	})
	return out, first
}

func (b *bodyParser) parse() {
	doc := mdParser.Parser().Parse(text.NewReader(b.src))
	s := b.step
	sections := map[string]*steps.Section{}
	whole := &steps.Section{}
	current := ""
	seenHeading := map[string]int{}
	s.Dialect = detectDialect(b, doc)
	seed := s.Dialect == steps.DialectSeed
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			lines, line := b.rawLines(h)
			raw := strings.TrimSpace(strings.Join(lines, " "))
			canon := canonicalSection(raw)
			if canon != "" || h.Level == 2 {
				current = canon
				if canon == "" {
					current = raw
					b.add(line, steps.Warning, "unknown section %q", raw)
				}
				if prev, dup := seenHeading[current]; dup {
					b.add(line, steps.Error, "section %q appears twice (first on line %d)", current, prev)
				}
				seenHeading[current] = line
				continue
			}
		}
		if seed {
			b.seedBlock(n, current, sections, whole)
			continue
		}
		switch current {
		case secValidation:
			b.eachItem(n, b.rule)
		case secArtifacts:
			b.eachItem(n, b.mapping)
		case secElaboration:
			b.eachItem(n, b.prompt)
		case secCriteria:
			b.criteria(n)
		default:
			sec := sections[current]
			if sec == nil {
				sec = &steps.Section{}
				sections[current] = sec
			}
			b.content(n, sec, whole)
		}
	}
	s.Brief, s.Standard, s.Deep = sections[secBrief], sections[secStandard], sections[secDeep]
	if len(whole.Questions) > 0 || len(whole.Prose) > 0 {
		s.Whole = whole
	}
	if seed {
		b.seedFinish()
	}
	for _, sec := range []*steps.Section{s.Brief, s.Standard, s.Deep} {
		if sec != nil && len(sec.Questions) == 0 {
			sec.Questions = nil
		}
	}
	b.check()
}

// content collects prose and questions of a mode section (or of the
// preamble and unknown sections, which only count toward the whole body).
func (b *bodyParser) content(n ast.Node, sec, whole *steps.Section) {
	switch n.Kind() {
	case ast.KindParagraph:
		lines, _ := b.rawLines(n)
		p := strings.Join(lines, "\n")
		sec.Prose = append(sec.Prose, p)
		if sec != whole {
			whole.Prose = append(whole.Prose, p)
		}
	case ast.KindList:
		b.eachItem(n, func(id, rest string, extra []string, line int) {
			q := steps.Question{ID: id, Line: line}
			textParts := []string{rest}
			for i, l := range extra {
				if t := strings.TrimSpace(l); strings.HasPrefix(t, "Draft:") {
					q.Draft = strings.TrimSpace(strings.Join(append([]string{strings.TrimPrefix(t, "Draft:")}, extra[i+1:]...), "\n"))
					break
				}
				textParts = append(textParts, strings.TrimSpace(l))
			}
			q.Text = strings.TrimSpace(strings.Join(textParts, " "))
			if !questionIDRe.MatchString(id) {
				b.add(line, steps.Error, "question id %q must match [a-z][a-z0-9_]*", id)
			}
			if q.Text == "" {
				b.add(line, steps.Error, "question %q has no text", id)
			}
			for _, prev := range sec.Questions {
				if prev.ID == id {
					b.add(line, steps.Error, "duplicate question id %q (first on line %d)", id, prev.Line)
				}
			}
			sec.Questions = append(sec.Questions, q)
			if sec != whole && !hasQuestion(whole.Questions, id) {
				whole.Questions = append(whole.Questions, q)
			}
		})
	}
}

func hasQuestion(qs []steps.Question, id string) bool {
	for _, q := range qs {
		if q.ID == id {
			return true
		}
	}
	return false
}

// eachItem calls fn for every item of a list node that starts with a
// backticked id; other blocks and items are reported.
func (b *bodyParser) eachItem(n ast.Node, fn func(id, rest string, extra []string, line int)) {
	if n.Kind() != ast.KindList {
		if n.Kind() != ast.KindParagraph && n.Kind() != ast.KindThematicBreak {
			_, line := b.rawLines(n)
			b.add(line, steps.Warning, "ignoring %s: only list items are read here", strings.ToLower(n.Kind().String()))
		}
		return
	}
	for item := n.FirstChild(); item != nil; item = item.NextSibling() {
		lines, line := b.rawLines(item)
		if len(lines) == 0 {
			continue
		}
		m := leadIDRe.FindStringSubmatch(strings.TrimSpace(lines[0]))
		if m == nil {
			b.add(line, steps.Error, "list item must start with an id in backticks, like `users`")
			continue
		}
		fn(strings.TrimSpace(m[1]), strings.TrimSpace(m[2]), lines[1:], line)
	}
}
