package artifacts

import (
	"strconv"
	"strings"
)

// Code writes s as an inline code span that reads back as exactly s: a
// file name rtgit did not choose (a tracked path, a keyword) is data,
// and written bare it could close a span, start a block or carry a
// hidden marker into the document. The span's backtick run is longer
// than any run in s, and it is padded when s starts or ends with a
// backtick or a space, as CommonMark asks. A name holding a character
// that is not printable (a newline, a tab, a direction override) is
// written quoted with Go's escapes ("a\nb"), so no line break can reach
// the document and the reader sees that the name is odd.
func Code(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return !strconv.IsPrint(r) }) >= 0 {
		s = strconv.Quote(s)
	}
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if s == "" || strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") || strings.HasPrefix(s, " ") || strings.HasSuffix(s, " ") {
		s = " " + s + " "
	}
	return fence + s + fence
}

// CodeCell is Code for a table cell, where a "|" would end the cell even
// inside a code span unless it is escaped.
func CodeCell(s string) string {
	return strings.ReplaceAll(Code(s), "|", `\|`)
}

// CodeList writes each item with Code, separated by commas.
func CodeList(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = Code(s)
	}
	return strings.Join(q, ", ")
}
