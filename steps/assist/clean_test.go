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
