package answers

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Limits on what an answer file may hold. Reading a file is on the path of
// every later run of its analysis, so input that would make it slow is
// refused where it comes in, with its file and line, rather than taxing
// every run after it.
const (
	// MaxAnswerChars is the most characters one answer, or one piece of
	// feedback, may hold: GitHub's limit for a single comment, so
	// anything a person can post as a reply fits.
	MaxAnswerChars = 65536

	// MaxFileBytes is the largest answer file rtgit reads: room for eight
	// answers at MaxAnswerChars even in four-byte characters, beside the
	// questions. A bigger file is refused before markdown parsing starts.
	MaxFileBytes = 2 << 20

	// MaxNesting is how many block quotes and list items one line may
	// open. goldmark's time on a line grows with the square of the number
	// it opens: 65,000 ">" take seconds, while at 100 a file of such lines
	// reads as fast as a plain bulleted list of the same size. Real
	// writing stays far below it.
	MaxNesting = 100
)

// checkSize refuses a file too big to read.
func checkSize(name string, n int) error {
	if n > MaxFileBytes {
		return fmt.Errorf("%s:1: the file is %s bytes; an answer file may be at most %s (each answer at most %s characters): "+
			"shorten the longest answers, or move detail into a file of its own and link to it",
			name, thousands(n), thousands(MaxFileBytes), thousands(MaxAnswerChars))
	}
	return nil
}

// tooDeep returns the 0-based index of the first line of text that opens
// more than MaxNesting quotes or list items, or -1. It looks at every line,
// inside code blocks too: telling those apart is goldmark's job, and a
// prescan that tried could be fooled into letting a slow line through.
func tooDeep(text []byte) int {
	for i, start := 0, 0; start <= len(text); i++ {
		end := len(text)
		if n := bytes.IndexByte(text[start:], '\n'); n >= 0 {
			end = start + n
		}
		if nesting(text[start:end]) > MaxNesting {
			return i
		}
		start = end + 1
	}
	return -1
}

// nestingErr explains a line refused by tooDeep; what names the line.
func nestingErr(name string, line int, what string) error {
	return fmt.Errorf("%s:%d: %s starts with more than %d nested quote or list markers; rtgit reads at most %d, "+
		"as markdown nested deeper takes seconds to read: remove the extra \">\", \"-\", \"*\", \"+\" or \"1.\" markers "+
		"at the start of that line, or put a backslash before the first one (\\>) to show them as text",
		name, line, what, MaxNesting, MaxNesting)
}

// nesting counts the block quote and list markers a line starts with,
// stopping once past MaxNesting. It may count more than CommonMark would
// open (a marker inside a code block, a list marker that cannot interrupt
// a paragraph), never fewer, so it is a safe bound; a thematic break such
// as "- - -" is not a list and is not counted.
func nesting(line []byte) int {
	d := 0
	for i := 0; i < len(line) && d <= MaxNesting; {
		switch c := line[i]; {
		case c == ' ' || c == '\t':
			i++
		case c == '>':
			d++
			i++
		case c == '-' || c == '*' || c == '+':
			if !markerEnds(line, i+1) || thematicBreak(line[i:]) {
				return d
			}
			d++
			i++
		case c >= '0' && c <= '9':
			j := i
			for j < len(line) && j-i < 9 && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			if j == len(line) || (line[j] != '.' && line[j] != ')') || !markerEnds(line, j+1) {
				return d
			}
			d++
			i = j + 1
		default:
			return d
		}
	}
	return d
}

// markerEnds reports whether a list marker ending before i is followed by
// what CommonMark requires after one: a space, a tab or the line's end.
func markerEnds(line []byte, i int) bool {
	return i == len(line) || line[i] == ' ' || line[i] == '\t'
}

// thematicBreak reports whether s is three or more of one of "-", "*" or
// "_" with only spaces or tabs between.
func thematicBreak(s []byte) bool {
	var mark byte
	n := 0
	for _, c := range s {
		switch {
		case c == ' ' || c == '\t':
		case (c == '-' || c == '*' || c == '_') && (mark == 0 || c == mark):
			mark = c
			n++
		default:
			return false
		}
	}
	return n >= 3
}

// checkChars refuses text longer than MaxAnswerChars.
func checkChars(name string, line int, what, text string) error {
	if n := utf8.RuneCountInString(text); n > MaxAnswerChars {
		return fmt.Errorf("%s:%d: %s is %s characters long; it may hold at most %s, GitHub's limit for one comment: "+
			"shorten it, or move detail into a file of its own and link to it",
			name, line, what, thousands(n), thousands(MaxAnswerChars))
	}
	return nil
}

// thousands writes n with thousands separators, as people read sizes.
func thousands(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// draftCut ends a draft cut to fit MaxAnswerChars.
const draftCut = "_(The draft stops here: an answer holds at most 65,536 characters.)_"

// fitDraft makes a draft rtgit writes from someone else's text, such as
// an issue's body, fit the limits an answer is read within, so that
// drafting can never make the answer file unreadable: a line nested past
// MaxNesting gets a backslash before its first marker, which shows the
// markers as text, and text past MaxAnswerChars is cut at a line, saying
// so. A draft is only a proposal; the whole text stays where it came from.
func fitDraft(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if nesting([]byte(l)) > MaxNesting {
			lines[i] = escapeFirstMarker(l)
		}
	}
	s = strings.Join(lines, "\n")
	if utf8.RuneCountInString(s) <= MaxAnswerChars {
		return s
	}
	room := MaxAnswerChars - utf8.RuneCountInString(draftCut) - 2
	cut, n := 0, 0
	for i := range s {
		if n == room {
			cut = i
			break
		}
		n++
	}
	if nl := strings.LastIndexByte(s[:cut], '\n'); nl > 0 {
		cut = nl
	}
	return strings.TrimRight(s[:cut], " \t\n") + "\n\n" + draftCut
}

// escapeFirstMarker puts a backslash where it stops a line's first quote
// or list marker from being one: before ">", "-", "*" or "+", and before
// the "." or ")" of a number.
func escapeFirstMarker(l string) string {
	i := len(l) - len(strings.TrimLeft(l, " \t"))
	j := i
	for j < len(l) && l[j] >= '0' && l[j] <= '9' {
		j++
	}
	return l[:j] + `\` + l[j:]
}
