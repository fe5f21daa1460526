package assist

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxTextBytes caps one model-written text. A longer reply is cut at a
// line boundary: a draft that long is not a draft anyone will read.
const MaxTextBytes = 8 << 10

var (
	commentRe = regexp.MustCompile(`<!--`)
	detailsRe = regexp.MustCompile(`(?i)</?details`)
	commandRe = regexp.MustCompile(`(?i)^(\s*)(/rtgit\b.*)$`)
	fenceRe   = regexp.MustCompile("^\\s{0,3}(```+|~~~+)")
)

// Clean makes model output safe to place in an answer file, a discussion
// or a comment. Model output is data, never a command, so:
//
//   - every "<!--" is escaped, so no hidden rtgit marker (or any hidden
//     text) can reach a file or comment;
//   - a line that reads like an rtgit command ("/rtgit skip") is put in
//     code quotes, so nobody can mistake it for one;
//   - "<details>" tags are escaped, so a suggestion cannot close its box;
//   - an unclosed code fence is closed, so it cannot swallow a marker;
//   - invalid UTF-8 and NUL bytes are dropped, line endings become "\n",
//     and the text is capped at MaxTextBytes.
//
// The second result lists what was changed, for a warning.
func Clean(s string) (string, []string) {
	var changed []string
	if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
		s = strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", ""), "")
		changed = append(changed, "invalid text dropped")
	}
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	s = strings.TrimSpace(s)
	if len(s) > MaxTextBytes {
		cut := strings.LastIndexByte(s[:MaxTextBytes], '\n')
		if cut < MaxTextBytes/2 {
			cut = MaxTextBytes
			for cut > 0 && !utf8.RuneStart(s[cut]) {
				cut--
			}
		}
		s = strings.TrimSpace(s[:cut]) + "\n\n[… cut at " + strconv.Itoa(MaxTextBytes) + " bytes]"
		changed = append(changed, "cut to size")
	}
	if commentRe.MatchString(s) {
		s = commentRe.ReplaceAllString(s, "&lt;!--")
		changed = append(changed, "hidden comments escaped")
	}
	if detailsRe.MatchString(s) {
		s = detailsRe.ReplaceAllStringFunc(s, func(m string) string { return "&lt;" + m[1:] })
		changed = append(changed, "details tags escaped")
	}
	lines := strings.Split(s, "\n")
	fences := 0
	fence := ""
	for i, l := range lines {
		if m := fenceRe.FindStringSubmatch(l); m != nil {
			if fences%2 == 0 {
				fence = m[1]
			}
			fences++
			continue
		}
		if fences%2 == 0 && commandRe.MatchString(l) {
			lines[i] = commandRe.ReplaceAllString(l, "$1`$2`")
			changed = append(changed, "command line quoted")
		}
	}
	s = strings.Join(lines, "\n")
	if fences%2 == 1 {
		s += "\n" + fence
		changed = append(changed, "code fence closed")
	}
	return s, changed
}
