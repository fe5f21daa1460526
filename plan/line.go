package plan

import (
	"fmt"
	"slices"
	"strings"
)

// The line format: one task per line,
//
//	T001 [P] test: Tests for FR-001 Export invoices | traces: FR-001, AC-001-01 | files: src/a_test.go | after: T002 | blocked by: Q-001
//
// The id comes first, then [P] when the task may run in parallel, then its
// kind and title, then the fields, each after a "|". Fields may come in any
// order and be left out; lists are separated by commas or spaces, and a path
// with a space or comma in it is written in backticks. A "|" or "\" in a
// title or value is written "\|" or "\\". A line may start with a list
// marker ("- ", "- [ ] ", "1. ") so the checklist lines of tasks.md can be
// pasted back. Blank lines, headings and single-line HTML comments are
// skipped; any other line is an error naming its line number.

// The line's small grammars (an id, a list marker) are written out rather
// than as regular expressions: verify parses the plan of every merged
// analysis on each run. FuzzLineGrammar holds each to the expression in
// its comment.

// IsTaskID reports whether s is a task id: T and at least three digits
// (^T[0-9]{3,}$).
func IsTaskID(s string) bool {
	rest, ok := strings.CutPrefix(s, "T")
	return ok && len(rest) >= 3 && allDigits(rest)
}

// isTraceID reports whether s can be traced: an id such as FR-001 or
// AC-001-02 (^[A-Z][A-Z0-9]*(-[A-Za-z0-9]+)+$).
func isTraceID(s string) bool {
	if s == "" || !isUpper(s[0]) {
		return false
	}
	i := 1
	for i < len(s) && (isUpper(s[i]) || isDigit(s[i])) {
		i++
	}
	if i == len(s) {
		return false
	}
	for _, part := range strings.Split(s[i:], "-")[1:] {
		if part == "" {
			return false
		}
		for j := 0; j < len(part); j++ {
			if c := part[j]; !isUpper(c) && !isDigit(c) && (c < 'a' || c > 'z') {
				return false
			}
		}
	}
	return s[i] == '-'
}

// isQuestionID reports whether s is a question id (^Q-[0-9]+$).
func isQuestionID(s string) bool {
	rest, ok := strings.CutPrefix(s, "Q-")
	return ok && rest != "" && allDigits(rest)
}

// listMarkerLen is the length of the list marker that starts line, with
// its checkbox, or 0 (^(?:[-*+]|[0-9]+[.)])\s+(?:\[[ xX]\]\s+)?).
func listMarkerLen(line string) int {
	i := 0
	switch {
	case line == "":
		return 0
	case line[0] == '-' || line[0] == '*' || line[0] == '+':
		i = 1
	default:
		for i < len(line) && isDigit(line[i]) {
			i++
		}
		if i == 0 || i == len(line) || line[i] != '.' && line[i] != ')' {
			return 0
		}
		i++
	}
	j := skipSpace(line, i)
	if j == i {
		return 0
	}
	if len(line) >= j+3 && line[j] == '[' && strings.IndexByte(" xX", line[j+1]) >= 0 && line[j+2] == ']' {
		if k := skipSpace(line, j+3); k > j+3 {
			return k
		}
	}
	return j
}

// skipSpace is the index of the first byte from i that \s does not match.
func skipSpace(s string, i int) int {
	for i < len(s) && strings.IndexByte(" \t\n\f\r", s[i]) >= 0 {
		i++
	}
	return i
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

// fieldKeys maps each field name a line may use to the one it means.
var fieldKeys = map[string]string{
	"traces":     "traces",
	"trace":      "traces",
	"files":      "files",
	"file":       "files",
	"after":      "after",
	"depends on": "after",
	"blocked by": "blocked by",
}

// LineError is a problem with one line of a plan.
type LineError struct {
	Line int
	Msg  string
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// Errors is every problem Parse found, in line order.
type Errors []*LineError

func (es Errors) Error() string {
	msgs := make([]string, len(es))
	for i, e := range es {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// Parse reads a plan written in the line format. It returns every task it
// could read, each with its Line, and, when some lines are wrong, an Errors
// naming each of them; a task whose line has an error is left out. The
// plan's and the tasks' Confirmed are false: whether text is a person's
// answer is the caller's to say.
func Parse(text string) (Plan, error) {
	var p Plan
	var errs Errors
	seen := map[string]int{}
	// Every task line holds a checkbox: room for as many tasks as there
	// are boxes spares growing the list, of large structs, as it fills.
	if n := strings.Count(text, "- ["); n > 0 {
		p.Tasks = make([]Task, 0, n)
	}
	for i, raw := range strings.Split(text, "\n") {
		n := i + 1
		line := strings.TrimSpace(strings.TrimSuffix(raw, "\r"))
		if skippable(line) {
			continue
		}
		t, err := parseLine(line)
		if err != nil {
			errs = append(errs, &LineError{Line: n, Msg: err.Error()})
			continue
		}
		if prev, dup := seen[t.ID]; dup {
			errs = append(errs, &LineError{Line: n, Msg: fmt.Sprintf("%s is already the id of the task on line %d", t.ID, prev)})
			continue
		}
		seen[t.ID] = n
		t.Line = n
		p.Tasks = append(p.Tasks, t)
	}
	if len(p.Tasks) == 0 {
		p.Tasks = nil // no task read is no list, as before any was
	}
	if errs != nil {
		return p, errs
	}
	return p, nil
}

func skippable(line string) bool {
	return line == "" || strings.HasPrefix(line, "#") ||
		strings.HasPrefix(line, "<!--") && strings.HasSuffix(line, "-->")
}

func parseLine(line string) (Task, error) {
	line = line[listMarkerLen(line):]
	if len(line) < 2 || line[0] != 'T' || !isDigit(line[1]) {
		return Task{}, fmt.Errorf("not a task: a task line starts with its id, such as T001")
	}
	segs := splitUnescaped(line)
	head := segs[0]
	id, rest := head, ""
	if i := strings.IndexAny(head, " \t"); i >= 0 {
		id, rest = head[:i], head[i:]
	}
	if !IsTaskID(id) {
		return Task{}, fmt.Errorf("%q is not a task id: T and at least three digits, such as T001", id)
	}
	t := Task{ID: id, Kind: KindCode}
	rest = strings.TrimSpace(rest)
	if r, ok := strings.CutPrefix(rest, "[P]"); ok {
		t.Parallel = true
		rest = strings.TrimSpace(r)
	}
	if word, title, ok := strings.Cut(rest, ":"); ok && isKind(strings.ToLower(word)) {
		t.Kind = strings.ToLower(word)
		rest = strings.TrimSpace(title)
	}
	t.Title = rest
	if t.Title == "" {
		return Task{}, fmt.Errorf("%s has no title: write what the task does after its id", id)
	}
	given := map[string]bool{}
	for _, seg := range segs[1:] {
		seg = strings.TrimSpace(seg)
		if seg == "" {
			continue
		}
		name, value, _ := strings.Cut(seg, ":")
		key, ok := fieldKeys[strings.ToLower(strings.Join(strings.Fields(name), " "))]
		if !ok {
			return Task{}, fmt.Errorf("%s: unknown field %q: the fields are traces, files, after and blocked by", id, strings.TrimSpace(name))
		}
		if given[key] {
			return Task{}, fmt.Errorf("%s: %s is given twice", id, key)
		}
		given[key] = true
		values, err := splitValues(value)
		if err != nil {
			return Task{}, fmt.Errorf("%s: %s: %v", id, key, err)
		}
		if err := t.set(key, values); err != nil {
			return Task{}, fmt.Errorf("%s: %v", id, err)
		}
	}
	t.normalize()
	return t, nil
}

func isKind(s string) bool {
	for _, k := range Kinds {
		if s == k {
			return true
		}
	}
	return false
}

func (t *Task) set(key string, values []string) error {
	check := func(key string, ok func(string) bool, example string) error {
		for _, v := range values {
			if !ok(v) {
				return fmt.Errorf("%s: %q is not %s", key, v, example)
			}
		}
		return nil
	}
	switch key {
	case "traces":
		t.Traces = values
		return check(key, isTraceID, "an id such as FR-001 or AC-001-02")
	case "files":
		t.Files = values
	case "after":
		t.DependsOn = values
		if err := check(key, IsTaskID, "a task id such as T001"); err != nil {
			return err
		}
		for _, v := range values {
			if v == t.ID {
				return fmt.Errorf("after: a task cannot wait for itself")
			}
		}
	case "blocked by":
		t.BlockedBy = values
		return check(key, isQuestionID, "a question id such as Q-001")
	}
	return nil
}

// splitUnescaped splits a line at every "|" not written "\|", and undoes
// the escapes in each part.
func splitUnescaped(line string) []string {
	if strings.IndexByte(line, '\\') < 0 {
		// Nothing is escaped: the parts are the line's own substrings.
		return strings.Split(line, "|")
	}
	var segs []string
	var b strings.Builder
	for i := 0; i < len(line); i++ {
		c := line[i]
		if c == '\\' && i+1 < len(line) && (line[i+1] == '|' || line[i+1] == '\\') {
			b.WriteByte(line[i+1])
			i++
			continue
		}
		if c == '|' {
			segs = append(segs, b.String())
			b.Reset()
			continue
		}
		b.WriteByte(c)
	}
	return append(segs, b.String())
}

// splitValues splits a field's value at commas and spaces; a value in
// backticks is kept whole.
func splitValues(s string) ([]string, error) {
	var out []string
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case isSeparator(c):
			i++
		case c == '`':
			end := strings.IndexByte(s[i+1:], '`')
			if end < 0 {
				return nil, fmt.Errorf("a backtick is not closed")
			}
			if v := strings.TrimSpace(s[i+1 : i+1+end]); v != "" {
				out = append(out, v)
			}
			i += end + 2
		default:
			j := i
			for j < len(s) && !isSeparator(s[j]) {
				if s[j] == '`' {
					return nil, fmt.Errorf("a backtick inside %q: write the whole value in backticks", s[i:])
				}
				j++
			}
			out = append(out, s[i:j])
			i = j
		}
	}
	return dedupe(out), nil
}

// isSeparator reports whether c separates the values of a list: a comma or
// any ASCII space, since a carriage return or form feed kept inside a value
// would be lost when the line is trimmed on reading it back.
func isSeparator(c byte) bool {
	switch c {
	case ',', ' ', '\t', '\r', '\v', '\f':
		return true
	}
	return false
}

func dedupe(vs []string) []string {
	out := vs[:0]
	if len(vs) <= 32 {
		// A field holds a handful of values: looking back is cheaper than
		// a map.
		for _, v := range vs {
			if !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
		return out
	}
	seen := make(map[string]bool, len(vs))
	for _, v := range vs {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}
