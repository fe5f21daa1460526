package stepfile

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rtgit/rtgit/steps"
)

// Facts are the values a skip_if expression may name.
type Facts struct {
	Scope        string // small | medium | large, "" before the quick scan
	Complexity   string // low | medium | high
	FileCount    int
	HasFileCount bool
	Depth        steps.Depth
}

// SkipIf is a parsed skip_if expression. It is a tree of plain values, never
// code: evaluating it can only compare the four known facts with literals.
type SkipIf struct{ root node }

// skipIfNames are the only identifiers an expression may use, so a typo is a
// lint error rather than a silently false condition.
var skipIfNames = map[string]bool{"scope": true, "complexity": true, "file_count": true, "depth": true}

// maxSkipIfLen bounds the work a hostile step file can ask of the parser.
const maxSkipIfLen = 1024

// ParseSkipIf parses a skip_if expression.
func ParseSkipIf(src string) (*SkipIf, error) {
	if len(src) > maxSkipIfLen {
		return nil, fmt.Errorf("expression is longer than %d bytes", maxSkipIfLen)
	}
	toks, err := lexSkipIf(src)
	if err != nil {
		return nil, err
	}
	p := &skipParser{toks: toks}
	n, err := p.or()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tEOF {
		return nil, fmt.Errorf("unexpected %s at column %d", t, t.pos+1)
	}
	return &SkipIf{root: n}, nil
}

// EvalSkipIf parses and evaluates src against f. An expression that does not
// parse is reported and counts as false, so a broken condition never hides a
// step.
func EvalSkipIf(src string, f Facts) (bool, error) {
	e, err := ParseSkipIf(src)
	if err != nil {
		return false, err
	}
	return e.Eval(f), nil
}

// Eval reports whether the step should be skipped given f.
func (e *SkipIf) Eval(f Facts) bool { return e.root.eval(f).truthy() }

type tokKind int

const (
	tEOF tokKind = iota
	tIdent
	tString
	tNumber
	tOp     // == != < <= > >= && || !
	tLParen // (
	tRParen // )
)

type token struct {
	kind tokKind
	text string
	pos  int
}

func (t token) String() string {
	switch t.kind {
	case tEOF:
		return "end of expression"
	case tString:
		return strconv.Quote(t.text)
	}
	return fmt.Sprintf("%q", t.text)
}

func lexSkipIf(src string) ([]token, error) {
	var out []token
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '(':
			out = append(out, token{tLParen, "(", i})
			i++
		case c == ')':
			out = append(out, token{tRParen, ")", i})
			i++
		case c == '\'' || c == '"':
			end := strings.IndexByte(src[i+1:], c)
			if end < 0 {
				return nil, fmt.Errorf("unterminated string at column %d", i+1)
			}
			out = append(out, token{tString, src[i+1 : i+1+end], i})
			i += end + 2
		case c >= '0' && c <= '9':
			j := i
			for j < len(src) && src[j] >= '0' && src[j] <= '9' {
				j++
			}
			out = append(out, token{tNumber, src[i:j], i})
			i = j
		case c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z'):
			j := i
			for j < len(src) && (src[j] == '_' || (src[j]|0x20 >= 'a' && src[j]|0x20 <= 'z') || (src[j] >= '0' && src[j] <= '9')) {
				j++
			}
			out = append(out, token{tIdent, src[i:j], i})
			i = j
		default:
			op := lexOp(src[i:])
			if op == "" {
				return nil, fmt.Errorf("unexpected character %q at column %d", c, i+1)
			}
			// The seeds write JavaScript's === and !==; they mean == and != here.
			norm := strings.TrimSuffix(op, "=")
			if op != "===" && op != "!==" {
				norm = op
			}
			out = append(out, token{tOp, norm, i})
			i += len(op)
		}
	}
	return append(out, token{tEOF, "", len(src)}), nil
}

func lexOp(s string) string {
	for _, op := range []string{"===", "!==", "==", "!=", "<=", ">=", "&&", "||", "<", ">", "!"} {
		if strings.HasPrefix(s, op) {
			return op
		}
	}
	return ""
}

// value is a string or a number; comparisons between the two kinds compare
// the number's decimal text, which keeps evaluation total.
type value struct {
	s     string
	n     int
	isNum bool
	b     *bool
}

func (v value) truthy() bool {
	switch {
	case v.b != nil:
		return *v.b
	case v.isNum:
		return v.n != 0
	}
	return v.s != ""
}

func boolValue(b bool) value { return value{b: &b} }

type node interface{ eval(Facts) value }

type litNode struct{ v value }
type identNode struct{ name string }
type notNode struct{ x node }
type binNode struct {
	op   string
	l, r node
}

func (n litNode) eval(Facts) value { return n.v }

func (n identNode) eval(f Facts) value {
	switch n.name {
	case "scope":
		return value{s: f.Scope}
	case "complexity":
		return value{s: f.Complexity}
	case "depth":
		return value{s: string(f.Depth)}
	}
	return value{n: f.FileCount, isNum: true}
}

func (n notNode) eval(f Facts) value { return boolValue(!n.x.eval(f).truthy()) }

func (n binNode) eval(f Facts) value {
	switch n.op {
	case "&&":
		return boolValue(n.l.eval(f).truthy() && n.r.eval(f).truthy())
	case "||":
		return boolValue(n.l.eval(f).truthy() || n.r.eval(f).truthy())
	}
	l, r := n.l.eval(f), n.r.eval(f)
	var cmp int
	if l.isNum && r.isNum {
		cmp = compareInt(l.n, r.n)
	} else {
		cmp = strings.Compare(l.text(), r.text())
	}
	switch n.op {
	case "==":
		return boolValue(cmp == 0)
	case "!=":
		return boolValue(cmp != 0)
	case "<":
		return boolValue(cmp < 0)
	case "<=":
		return boolValue(cmp <= 0)
	case ">":
		return boolValue(cmp > 0)
	}
	return boolValue(cmp >= 0)
}

func (v value) text() string {
	if v.isNum {
		return strconv.Itoa(v.n)
	}
	if v.b != nil {
		return strconv.FormatBool(*v.b)
	}
	return v.s
}

func compareInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// skipParser is a recursive-descent parser: or := and ('||' and)*;
// and := unary ('&&' unary)*; unary := '!' unary | cmp;
// cmp := primary (relop primary)?; primary := literal | name | '(' or ')'.
type skipParser struct {
	toks  []token
	i     int
	depth int
}

// maxNesting stops "((((…" from exhausting the stack.
const maxNesting = 64

func (p *skipParser) peek() token { return p.toks[p.i] }
func (p *skipParser) next() token { t := p.toks[p.i]; p.i++; return t }

func (p *skipParser) or() (node, error) {
	l, err := p.and()
	if err != nil {
		return nil, err
	}
	for p.peek().kind == tOp && p.peek().text == "||" {
		p.next()
		r, err := p.and()
		if err != nil {
			return nil, err
		}
		l = binNode{"||", l, r}
	}
	return l, nil
}

func (p *skipParser) and() (node, error) {
	l, err := p.unary()
	if err != nil {
		return nil, err
	}
	for p.peek().kind == tOp && p.peek().text == "&&" {
		p.next()
		r, err := p.unary()
		if err != nil {
			return nil, err
		}
		l = binNode{"&&", l, r}
	}
	return l, nil
}

func (p *skipParser) unary() (node, error) {
	if t := p.peek(); t.kind == tOp && t.text == "!" {
		p.next()
		if p.depth++; p.depth > maxNesting {
			return nil, fmt.Errorf("expression nests deeper than %d", maxNesting)
		}
		defer func() { p.depth-- }()
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		return notNode{x}, nil
	}
	return p.cmp()
}

func (p *skipParser) cmp() (node, error) {
	l, err := p.primary()
	if err != nil {
		return nil, err
	}
	t := p.peek()
	if t.kind != tOp {
		return l, nil
	}
	switch t.text {
	case "==", "!=", "<", "<=", ">", ">=":
		p.next()
		r, err := p.primary()
		if err != nil {
			return nil, err
		}
		return binNode{t.text, l, r}, nil
	}
	return l, nil
}

func (p *skipParser) primary() (node, error) {
	t := p.next()
	switch t.kind {
	case tString:
		return litNode{value{s: t.text}}, nil
	case tNumber:
		n, err := strconv.Atoi(t.text)
		if err != nil {
			return nil, fmt.Errorf("number %s at column %d is too large", t.text, t.pos+1)
		}
		return litNode{value{n: n, isNum: true}}, nil
	case tIdent:
		if !skipIfNames[t.text] {
			return nil, fmt.Errorf("unknown name %q at column %d (known: complexity, depth, file_count, scope)", t.text, t.pos+1)
		}
		return identNode{t.text}, nil
	case tLParen:
		if p.depth++; p.depth > maxNesting {
			return nil, fmt.Errorf("expression nests deeper than %d", maxNesting)
		}
		defer func() { p.depth-- }()
		x, err := p.or()
		if err != nil {
			return nil, err
		}
		if c := p.next(); c.kind != tRParen {
			return nil, fmt.Errorf("expected ) at column %d, found %s", c.pos+1, c)
		}
		return x, nil
	}
	return nil, fmt.Errorf("expected a name, string or number at column %d, found %s", t.pos+1, t)
}
