package roundtable

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps"
)

func TestParseComment(t *testing.T) {
	cases := []struct {
		in   string
		want Command
	}{
		{"C", Command{Kind: "continue"}},
		{" c \n", Command{Kind: "continue"}},
		{"E", Command{Kind: "elaborate"}},
		{"s", Command{Kind: "skip"}},
		{"/rtgit continue", Command{Kind: "continue"}},
		{"/RTGIT Skip", Command{Kind: "skip"}},
		{"/rtgit elaborate", Command{Kind: "elaborate"}},
		{"/rtgit deep", Command{Kind: "depth", Depth: steps.Deep}},
		{"/rtgit brief", Command{Kind: "depth", Depth: steps.Brief}},
		{"/rtgit status", Command{Kind: "status"}},
		{"/rtgit help", Command{Kind: "help"}},
		{"/rtgit", Command{Kind: "help"}},
		{"/rtgit frobnicate", Command{Kind: "help", Unknown: "frobnicate"}},
		{"/rtgit answer", Command{Kind: "help", Unknown: "answer needs a question id"}},
		{"/rtgit answer users\r\nFinance clerks\r\n\r\n- and auditors", Command{Kind: "answer", QuestionID: "users", Text: "Finance clerks\n\n- and auditors"}},
		{"/rtgit answer : text", Command{Kind: "help", Unknown: "answer needs a question id"}},
		{"/rtgit answer users: Finance clerks", Command{Kind: "answer", QuestionID: "users", Text: "Finance clerks"}},
		// Depth phrases (interface-spec §5.3), checked after menu letters.
		{"Let's dig in", Command{Kind: "depth", Depth: steps.Deep}},
		{"keep it short", Command{Kind: "depth", Depth: steps.Brief}},
		// "Continue" as a word is conversation, not [C].
		{"Continue", Command{Kind: "feedback", Text: "Continue"}},
		{"Can we also export credit notes?", Command{Kind: "question", Text: "Can we also export credit notes?"}},
		{"LGTM 👍", Command{Kind: "ack", Text: "LGTM 👍"}},
		{"Exports must be fast for our biggest customers.", Command{Kind: "feedback", Text: "Exports must be fast for our biggest customers."}},
		{"/rtgit resolve Q-003 Yes, PowerShell 7 only", Command{Kind: "resolve", QuestionID: "Q-003", Text: "Yes, PowerShell 7 only"}},
		{"/rtgit resolve q-001\nNo: the export stays synchronous.", Command{Kind: "resolve", QuestionID: "Q-001", Text: "No: the export stays synchronous."}},
		{"/rtgit resolve", Command{Kind: "help", Unknown: "resolve needs a question id, like Q-001"}},
	}
	for _, c := range cases {
		if got := ParseComment(c.in); got != c.want {
			t.Errorf("ParseComment(%q) = %+v, want %+v", c.in, got, c.want)
		}
	}
}

func FuzzParseComment(f *testing.F) {
	for _, s := range []string{"C", "/rtgit answer users\nFinance", "/rtgit answer", "let's dig in", "/rtgit deep extra words", "\r\n/rtgit\tanswer x:y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		c := ParseComment(in)
		switch c.Kind {
		case "continue", "skip", "elaborate", "status", "help", "feedback", "question", "ack", "resolve":
		case "depth":
			if !c.Depth.Valid() {
				t.Fatalf("depth command with depth %q", c.Depth)
			}
		case "answer":
			if c.QuestionID == "" || strings.ContainsAny(c.QuestionID, " \t\n") {
				t.Fatalf("answer with question id %q", c.QuestionID)
			}
		default:
			t.Fatalf("unknown kind %q", c.Kind)
		}
	})
}

func TestSlugs(t *testing.T) {
	derive := map[string]string{
		"Let customers export invoices as CSV":      "export-invoices-csv",
		"  Fix: the *login* page (again!) ":         "fix-login-page-again",
		"Ünïcode café":                              "unicode-cafe",
		"Überweisungen für Kunden exportieren":      "uberweisungen-fur-kunden-exportieren",
		"Straße sperren für LKW":                    "sperren-fur-lkw",
		"Exportar facturas en formato CSV (España)": "exportar-facturas-en-formato-csv-espana",
		"导出发票":                                      "",
		strings.Repeat("word ", 30):                 strings.TrimSuffix(strings.Repeat("word-", 8), "-"),
		"con":                                       "con-item",
		"!!!":                                       "",
		"Let it be":                                 "let-it-be",
		"Customers can download a monthly statement of every invoice and credit note as a PDF": "download-monthly-statement-every-invoice",
		strings.Repeat("x", 50): strings.Repeat("x", 40),
	}
	for in, want := range derive {
		got := DeriveSlug(in)
		if got != want {
			t.Errorf("DeriveSlug(%q) = %q, want %q", in, got, want)
		}
		if got != "" {
			if err := ValidateSlug(got); err != nil {
				t.Errorf("derived slug %q is invalid: %v", got, err)
			}
			if len(got) > MaxDerivedSlug {
				t.Errorf("derived slug %q is longer than %d", got, MaxDerivedSlug)
			}
		}
	}
	for _, bad := range []string{"", "../x", "/etc", "a/b", "A", "a--b", "-a", "a-", "x.y", "café", "nul", "head", strings.Repeat("a", 65)} {
		if err := ValidateSlug(bad); err == nil {
			t.Errorf("ValidateSlug(%q) accepted it", bad)
		}
	}
}

func TestCheckRule(t *testing.T) {
	rule := func(kind string, args ...string) steps.Rule {
		r := steps.Rule{Kind: kind, Args: args}
		if kind == "min_words" || kind == "max_words" {
			r.N = len(args[0])
		}
		return r
	}
	cases := []struct {
		r    steps.Rule
		text string
		fail string
	}{
		{rule("min_words", "xxx"), "one two three", ""},
		{rule("min_words", "xxx"), "one two", "needs at least 3 words (has 2)"},
		{rule("max_words", "xx"), "one two three", "must be at most 2 words (has 3)"},
		{rule("one_of", "Must Have", "Won't Have"), "  must have ", ""},
		{rule("one_of", "Must Have", "Won't Have"), "Nice", `must start with one of "Must Have", "Won't Have" (a reason may follow it)`},
		{rule("pattern", "(?i)^as an? "), "As a clerk, I want", ""},
		{rule("pattern", "(?i)^as an? "), "I want", `is not in the form this question asks for`},
		{rule("each_line", "^US-\\d+"), "- US-1 a\n\n* US-2 b\n1. US-3 c", ""},
		{rule("each_line", "^US-\\d+"), "- US-1 a\nnope\n- US-2 b", `has a line not in the form this question asks for: "nope"`},
	}
	for _, c := range cases {
		if got := checkRule(c.r, c.text); got != c.fail {
			t.Errorf("checkRule(%s %v, %q) = %q, want %q", c.r.Kind, c.r.Args, c.text, got, c.fail)
		}
	}
}
