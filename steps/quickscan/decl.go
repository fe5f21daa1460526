package quickscan

import (
	"bytes"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// A search asks IsDeclaration about every line holding a hit, so in a
// repository where the keywords are common words it runs on millions of
// lines: a regular expression there cost more than inflating the blobs.
// It reads a line by hand instead, in one pass with no backtracking, and
// tries routeRe only on the few lines that could be a route. The tests
// hold it to the expression it replaces (declRe in decl_test.go).

// routeRe matches route registrations: decorators and router calls.
var routeRe = lazyre.New(`(?i)^\s*@?[\w.]*\b(?:route|get|post|put|patch|delete|api_view|request_mapping|getmapping|postmapping)\s*\(\s*["'/]`)

// declModifiers may precede a declaration's keyword, each followed by
// white space; "export" may also be followed by "default".
var declModifiers = [][]byte{[]byte("export"), []byte("public"), []byte("async"), []byte("static"), []byte("abstract"), []byte("final")}

// declKeywords introduce a declaration.
var declKeywords = set("func function def class interface type struct trait fn enum record message service rpc module protocol")

// IsDeclaration reports whether a line declares a public function, type,
// class or route. Go declarations count only when exported.
func IsDeclaration(line []byte) bool {
	if mayRoute(line) && routeRe.Match(line) {
		return true
	}
	name, goDecl, ok := declared(line)
	if !ok {
		return false
	}
	if goDecl {
		return name >= 'A' && name <= 'Z'
	}
	return true
}

// mayRoute reports whether a line has what every route registration has:
// an opening parenthesis followed, after any spaces, by a quote or a
// slash. Only such lines are tried against routeRe.
func mayRoute(line []byte) bool {
	for i := 0; ; {
		j := bytes.IndexByte(line[i:], '(')
		if j < 0 {
			return false
		}
		i += j + 1
		k := i
		for k < len(line) && isSpace(line[k]) {
			k++
		}
		if k < len(line) && (line[k] == '"' || line[k] == '\'' || line[k] == '/') {
			return true
		}
	}
}

// declared reads a line the way declRe does: white space, modifiers, a
// keyword, an optional receiver in parentheses, and a name. It returns
// the name's first byte, and whether the line starts "func " or "type "
// (a Go declaration, public only when capitalised).
func declared(line []byte) (name byte, goDecl bool, ok bool) {
	i := skipSpace(line, 0)
	start := i
	for {
		n := modifier(line, i)
		if n == 0 {
			break
		}
		i = n
	}
	j := i
	for j < len(line) && isLowerASCII(line[j]) {
		j++
	}
	if j == i || !declKeywords.has(string(line[i:j])) {
		return 0, false, false
	}
	k := skipSpace(line, j)
	if k == j {
		return 0, false, false
	}
	if k < len(line) && line[k] == '(' {
		if end := bytes.IndexByte(line[k:], ')'); end >= 0 {
			k = skipSpace(line, k+end+1)
		}
	}
	if k >= len(line) || !isLetter(line[k]) {
		return 0, false, false
	}
	rest := bytes.TrimRight(line[start:], " \t\r\n\f\v")
	goDecl = bytes.HasPrefix(rest, []byte("func ")) || bytes.HasPrefix(rest, []byte("type "))
	return line[k], goDecl, true
}

// modifier returns where the declaration continues after a modifier and
// its white space at i, or 0 when none starts there.
func modifier(line []byte, i int) int {
	rest := line[i:]
	if bytes.HasPrefix(rest, []byte("pub")) {
		j := i + 3
		if j < len(line) && line[j] == '(' {
			k := j + 1
			for k < len(line) && line[k] >= 'a' && line[k] <= 'z' {
				k++
			}
			if k > j+1 && k < len(line) && line[k] == ')' {
				j = k + 1
			}
		}
		if e := skipSpace(line, j); e > j {
			return e
		}
	}
	for _, m := range declModifiers {
		if !bytes.HasPrefix(rest, m) {
			continue
		}
		j := i + len(m)
		e := skipSpace(line, j)
		if e == j {
			return 0
		}
		if string(m) == "export" && bytes.HasPrefix(line[e:], []byte("default")) {
			if d := skipSpace(line, e+7); d > e+7 {
				return d
			}
		}
		return e
	}
	return 0
}

// isSpace is the regexp package's \s: ASCII white space.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

func isLowerASCII(c byte) bool { return c >= 'a' && c <= 'z' }

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
