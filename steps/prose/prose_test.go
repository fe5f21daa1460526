package prose

import (
	"slices"
	"strings"
	"testing"
)

// Each case is prose as people wrote it in real analyses, where a
// sentence splitter that cuts at every ". " misread them.
func TestSplitNeverCutsInsideATokenOrAnAbbreviation(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"We keep this working for the whole 3.x series. Then we drop it.",
			[]string{"We keep this working for the whole 3.x series.", "Then we drop it."}},
		{"Option B: a separate command, e.g. Flask routes-json, costs more. We chose A.",
			[]string{"Option B: a separate command, e.g. Flask routes-json, costs more.", "We chose A."}},
		{"It lives in flask.commands and flask.cli. The record is private.",
			[]string{"It lives in flask.commands and flask.cli.", "The record is private."}},
		{"Use v2.1 or later, i.e. the current release. Done.",
			[]string{"Use v2.1 or later, i.e. the current release.", "Done."}},
		{"Call `json.dumps(rows). Then` here. Then return.",
			[]string{"Call `json.dumps(rows). Then` here.", "Then return."}},
		{"See [the docs. Really](https://example.com/a.b. c) first. Then go.",
			[]string{"See [the docs. Really](https://example.com/a.b. c) first.", "Then go."}},
		{"Read app.py, sansio/app.py etc. before changing cli.py, then stop. OK.",
			[]string{"Read app.py, sansio/app.py etc. before changing cli.py, then stop.", "OK."}},
		{"The API returns 405 (unknown method). Clients retry.",
			[]string{"The API returns 405 (unknown method).", "Clients retry."}},
		{"Set FLASK_APP  first.\nThen run it.", []string{"Set FLASK_APP  first.", "Then run it."}},
	} {
		if got := Split(c.in); !slices.Equal(got, c.want) {
			t.Errorf("Split(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}

func TestItemsSplitsOnlyAtListItems(t *testing.T) {
	in := "Out of scope:\n\n- JSON output, colours, and paging (later).\n- A second command, e.g. `flask routes-json`.\n  - nested, kept with its item\n\nThat is all."
	got := Items(in)
	want := []Unit{
		{Text: "Out of scope:"},
		{Text: "JSON output, colours, and paging (later).", Item: true},
		{Text: "A second command, e.g. `flask routes-json`.\n  - nested, kept with its item", Item: true},
		{Text: "That is all."},
	}
	if !slices.Equal(got, want) {
		t.Errorf("Items:\n got %+v\nwant %+v", got, want)
	}
}

func TestSentencesKeepEveryByte(t *testing.T) {
	in := "The CLI reads `FLASK_APP`. It never lower-cases CLI or FLASK_APP; json.dumps (rows) stays spaced as written."
	for _, s := range Sentences(in) {
		if !strings.Contains(in, s) {
			t.Errorf("%q is not a substring of the answer", s)
		}
	}
	if got := First(in); got != "The CLI reads `FLASK_APP`." {
		t.Errorf("First = %q", got)
	}
}

// FuzzSentences: whatever the text, every unit is a substring of it, no
// unit is empty, and the units appear in order without overlapping.
func FuzzSentences(f *testing.F) {
	for _, s := range []string{"a. b", "- x\n- y", "`a.b`. C", "e.g. X. Y", "[a](b.c). D", "```\nx. Y\n```", "# H. I\n\ntext"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		pos := 0
		for _, s := range Sentences(in) {
			if s == "" {
				t.Fatalf("empty unit from %q", in)
			}
			i := strings.Index(in[pos:], s)
			if i < 0 {
				// A list item's text may repeat an earlier byte range
				// only if it is a substring of the whole input.
				if !strings.Contains(in, s) {
					t.Fatalf("%q is not in %q", s, in)
				}
				continue
			}
			pos += i + len(s)
		}
	})
}
