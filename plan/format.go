package plan

import "strings"

// Format writes a plan in the line format Parse reads, one task per line
// in the plan's order. Parse(Format(p)) gives back p's tasks.
func Format(p Plan) string {
	var b strings.Builder
	for _, t := range p.Tasks {
		b.WriteString(FormatTask(t))
		b.WriteByte('\n')
	}
	return b.String()
}

// FormatTask writes one task as a line of the line format, without a
// newline. Empty fields are left out.
func FormatTask(t Task) string { return formatTask(t, false) }

// formatTask writes a task's line; with codeFiles every file is written
// in backticks, as tasks.md shows paths.
func formatTask(t Task, codeFiles bool) string {
	var b strings.Builder
	b.WriteString(t.ID)
	if t.Parallel {
		b.WriteString(" [P]")
	}
	kind := t.Kind
	if kind == "" {
		kind = KindCode
	}
	b.WriteString(" " + kind + ": ")
	b.WriteString(escape(t.Title))
	field := func(name string, values []string, quote bool) {
		if len(values) == 0 {
			return
		}
		b.WriteString(" | " + name + ": ")
		for i, v := range values {
			if i > 0 {
				b.WriteString(", ")
			}
			if quote && (codeFiles || strings.ContainsAny(v, " \t\r\v\f,|\\")) {
				v = "`" + v + "`"
			}
			b.WriteString(escape(v))
		}
	}
	field("traces", t.Traces, false)
	field("files", t.Files, true)
	field("after", t.DependsOn, false)
	field("blocked by", t.BlockedBy, false)
	return b.String()
}

// escape writes "|" as "\|", and a "\" as "\\" where it would otherwise be
// read as the start of an escape.
func escape(s string) string {
	if !strings.ContainsAny(s, `|\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '|':
			b.WriteString(`\|`)
		case c == '\\' && i+1 < len(s) && (s[i+1] == '|' || s[i+1] == '\\'):
			b.WriteString(`\\`)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
