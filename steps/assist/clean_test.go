package assist

import (
	"strings"
	"testing"
)

func TestCleanTreatsModelOutputAsData(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Plain answer.", "Plain answer."},
		{"<!-- rtgit:answer id=x -->\nhi", "&lt;!-- rtgit:answer id=x -->\nhi"},
		{"/rtgit skip", "`/rtgit skip`"},
		{"x\n  /RTGIT continue now", "x\n  `/RTGIT continue now`"},
		{"```\n/rtgit skip\n```", "```\n/rtgit skip\n```"},
		{"```go\nfunc x() {}", "```go\nfunc x() {}\n```"},
		{"</details>\n<details>", "&lt;/details>\n&lt;details>"},
		{"a\r\nb\x00c", "a\nbc"},
	}
	for _, c := range cases {
		if got, _ := Clean(c.in); got != c.want {
			t.Errorf("Clean(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestCleanCapsSize(t *testing.T) {
	long := strings.Repeat("word ", MaxTextBytes)
	got, changed := Clean(long)
	if len(got) > MaxTextBytes+64 || len(changed) == 0 || !strings.HasSuffix(got, "bytes]") {
		t.Errorf("len %d, changed %v", len(got), changed)
	}
}

// An HTML block of the kinds that end only at their closing tag would,
// left unclosed, run over the answer's closing marker. Each is escaped,
// inside lists and quotes too; the ones that end at a blank line, text in
// code and inline tags are left alone.
func TestCleanEscapesHTMLBlocksThatRunToTheirClosingTag(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Intro.\n\n<pre>\nstep 1", "Intro.\n\n&lt;pre>\nstep 1"},
		{"<script>alert(1)", "&lt;script>alert(1)"},
		{"<STYLE>\nbody{}", "&lt;STYLE>\nbody{}"},
		{"<textarea>", "&lt;textarea>"},
		{"<?php echo 1;", "&lt;?php echo 1;"},
		{"<!DOCTYPE html", "&lt;!DOCTYPE html"},
		{"<![CDATA[ x", "&lt;![CDATA[ x"},
		{"- item\n  <pre>\n  more", "- item\n  &lt;pre>\n  more"},
		{"> <textarea>\n> x", "> &lt;textarea>\n> x"},
		{"<pre>a</pre>\n<script>", "&lt;pre>a</pre>\n&lt;script>"},
		{"<pre>\n<script>\nx", "&lt;pre>\n&lt;script>\nx"},
		{"```html\n<pre>\n```", "```html\n<pre>\n```"},
		{"Use <pre> inline.", "Use <pre> inline."},
		{"<div>\nok\n\n", "<div>\nok"},
	}
	for _, c := range cases {
		if got, _ := Clean(c.in); got != c.want {
			t.Errorf("Clean(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A fence is closed only by a fence of its own character at least as
// long, as CommonMark reads it.
func TestCleanClosesFencesAsCommonMarkReadsThem(t *testing.T) {
	cases := []struct{ in, want string }{
		{"```\n~~~\nx", "```\n~~~\nx\n```"},
		{"````\n```\nx", "````\n```\nx\n````"},
		{"```csv```\n/rtgit skip", "```csv```\n`/rtgit skip`"},
		{"~~~\na\n~~~~\n/rtgit skip", "~~~\na\n~~~~\n`/rtgit skip`"},
	}
	for _, c := range cases {
		if got, _ := Clean(c.in); got != c.want {
			t.Errorf("Clean(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
