package roundtable

import "testing"

func TestWithCoAuthor(t *testing.T) {
	m := &Machine{CoAuthor: "alice <1+alice@users.noreply.github.com>"}
	for in, want := range map[string]string{
		"rtgit: answer change":                          "rtgit: answer change\n\nCo-authored-by: alice <1+alice@users.noreply.github.com>",
		"rtgit: answer change\n\nRtgit-Comment: ic-1\n": "rtgit: answer change\n\nRtgit-Comment: ic-1\nCo-authored-by: alice <1+alice@users.noreply.github.com>",
		"rtgit: start x\n\nLet customers export":        "rtgit: start x\n\nLet customers export\n\nCo-authored-by: alice <1+alice@users.noreply.github.com>",
	} {
		if got := m.withCoAuthor(in); got != want {
			t.Errorf("withCoAuthor(%q) = %q, want %q", in, got, want)
		}
	}
	m.CoAuthor = "mallory\nSigned-off-by: x"
	if got := m.withCoAuthor("msg"); got != "msg" {
		t.Errorf("a multi-line co-author was written: %q", got)
	}
}

// A commit made for a pull-request comment names the comment and credits
// its author in one trailer block.
func TestWithTrailersNamesTheComment(t *testing.T) {
	m := &Machine{CoAuthor: "alice <1+alice@users.noreply.github.com>", comment: "rc-1010"}
	want := "rtgit: revise 00-01 Scope Estimation\n\nRtgit-Comment: rc-1010\nCo-authored-by: alice <1+alice@users.noreply.github.com>"
	if got := m.withTrailers("rtgit: revise 00-01 Scope Estimation"); got != want {
		t.Errorf("withTrailers = %q, want %q", got, want)
	}
	m.comment, m.CoAuthor = "", ""
	if got := m.withTrailers("rtgit: revise 00-01"); got != "rtgit: revise 00-01" {
		t.Errorf("trailers written with no comment: %q", got)
	}
}
