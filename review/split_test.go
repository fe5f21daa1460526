package review

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSplitShortBodyIsOnePart(t *testing.T) {
	parts := Split("hello\n", "<!-- m -->")
	if len(parts) != 1 || parts[0] != "<!-- m -->\nhello\n" {
		t.Errorf("Split = %q", parts)
	}
}

func TestSplitLongBody(t *testing.T) {
	para := strings.Repeat("word ", 2000) + "\n\n"
	body := strings.Repeat(para, 20) + "```\n" + strings.Repeat("code line\n", 9000) + "```\n" + strings.Repeat("é", 70000)
	parts := Split(body, "<!-- m -->")
	if len(parts) < 3 {
		t.Fatalf("want several parts, got %d", len(parts))
	}
	var joined strings.Builder
	for i, p := range parts {
		if n := utf8.RuneCountInString(p); n > MaxCommentChars {
			t.Errorf("part %d has %d characters", i+1, n)
		}
		if !strings.HasPrefix(p, "<!-- m -->\n") || !utf8.ValidString(p) {
			t.Errorf("part %d lacks the marker or is not UTF-8", i+1)
		}
		if strings.Count(p, "```")%2 != 0 {
			t.Errorf("part %d leaves a code fence open", i+1)
		}
		_, rest, _ := strings.Cut(p, "\n\n")
		joined.WriteString(rest)
	}
	// Nothing is lost: every word, code line and letter is still there.
	got := joined.String()
	for _, w := range []string{"word", "code line", "é"} {
		if strings.Count(got, w) < strings.Count(body, w) {
			t.Errorf("%q: %d in the parts, %d in the body", w, strings.Count(got, w), strings.Count(body, w))
		}
	}
}
