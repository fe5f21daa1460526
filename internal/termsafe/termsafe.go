// Package termsafe makes text rtgit read from git or GitHub (an author's
// name, a description, a question, an error quoting a file) safe to print
// on a terminal. Such text is written by whoever pushed or commented, and
// a terminal obeys the control sequences in what it is sent: a push could
// retitle the window, erase the line before it, move the cursor to paint
// over rtgit's own output, or turn text around with a direction override.
// Every control character, and every invisible character that reorders
// text, is shown as a visible escape instead, so the reader sees what the
// text holds.
//
// It imports nothing but the standard library, so the domain may use it.
package termsafe

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// String returns s with each control character (C0, DEL, C1, and so
// every ESC that starts a terminal sequence), each direction control and
// each invalid UTF-8 byte written as a Go escape (\x1b, \u202e, \xff), a
// backslash as itself. Ordinary text, spaces included, is unchanged.
func String(s string) string { return escape(s, false) }

func escape(s string, keepTab bool) string {
	if clean(s, keepTab) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\t' && keepTab:
			b.WriteByte('\t')
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafe(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// Lines is String for text laid out in lines, a message or a table:
// each line is escaped, and the line breaks and tabs are kept.
func Lines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = escape(l, true)
	}
	return strings.Join(lines, "\n")
}

func clean(s string, keepTab bool) bool {
	for _, r := range s {
		if keepTab && r == '\t' {
			continue
		}
		if r < 0x20 || r == 0x7f || r == utf8.RuneError || unsafe(r) {
			return false
		}
	}
	return true
}

// unsafe is a C1 control (a terminal reads U+009B as ESC [) or a
// character that changes the direction of the text around it.
func unsafe(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f:
		return true
	case r == 0x200e || r == 0x200f || r == 0x061c:
		return true
	case r >= 0x202a && r <= 0x202e:
		return true
	case r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}
