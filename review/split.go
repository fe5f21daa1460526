package review

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// MaxCommentChars is GitHub's limit on a comment body.
const MaxCommentChars = 65536

// chunkBudget leaves room under the limit for the marker, the
// continuation note and a re-opened code fence.
const chunkBudget = MaxCommentChars - 1024

// Split cuts a long body into comments that each fit GitHub's limit, at
// paragraph or line boundaries where it can. A cut inside a fenced code
// block closes the fence and opens it again in the next part, so each part
// renders on its own. Every part carries mark.
func Split(body, mark string) []string {
	return splitAt(body, mark, chunkBudget)
}

func splitAt(body, mark string, budget int) []string {
	if utf8.RuneCountInString(body) <= budget {
		return []string{mark + "\n" + body}
	}
	var parts []string
	var cur strings.Builder
	curLen := 0
	fence := "" // the fence line open at the end of cur, if any
	flush := func() {
		s := cur.String()
		if fence != "" {
			s += "\n" + fenceCloser(fence) + "\n"
		}
		parts = append(parts, s)
		cur.Reset()
		curLen = 0
		if fence != "" {
			cur.WriteString(fence + "\n")
			curLen = utf8.RuneCountInString(fence) + 1
		}
	}
	for _, line := range strings.SplitAfter(body, "\n") {
		for line != "" {
			n := utf8.RuneCountInString(line)
			room := budget - curLen
			if n <= room {
				cur.WriteString(line)
				curLen += n
				fence = trackFence(fence, line)
				line = ""
				continue
			}
			if curLen > 0 && n <= budget-len(fence)-1 {
				flush()
				continue
			}
			// A single line longer than a whole part: cut it by runes.
			head, tail := cutRunes(line, room)
			cur.WriteString(head)
			curLen += utf8.RuneCountInString(head)
			line = tail
			flush()
		}
	}
	if curLen > 0 {
		parts = append(parts, cur.String())
	}
	for i := range parts {
		parts[i] = fmt.Sprintf("%s\n_(part %d of %d)_\n\n%s", mark, i+1, len(parts), parts[i])
	}
	return parts
}

func cutRunes(s string, n int) (string, string) {
	if n <= 0 {
		n = 1
	}
	i := 0
	for j := range s {
		if i == n {
			return s[:j], s[j:]
		}
		i++
	}
	return s, ""
}

// trackFence follows ``` and ~~~ fences line by line.
func trackFence(open, line string) string {
	t := strings.TrimSpace(line)
	if open == "" {
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			return strings.TrimRight(line, "\n")
		}
		return ""
	}
	closer := fenceCloser(open)
	if strings.HasPrefix(t, closer) && strings.Trim(t, closer[:1]) == "" {
		return ""
	}
	return open
}

// fenceCloser is the run of fence characters that closes an opening line.
func fenceCloser(open string) string {
	t := strings.TrimSpace(open)
	c := t[:1]
	n := len(t) - len(strings.TrimLeft(t, c))
	return strings.Repeat(c, n)
}
