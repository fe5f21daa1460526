package quiet

import "testing"

func TestMarkdown(t *testing.T) {
	const zwj = "\u200d"
	cases := []struct{ in, want string }{
		{"cc @bob and @acme/security", "cc @" + zwj + "bob and @" + zwj + "acme/security"},
		{"mail a@b.c", "mail a@b.c"},
		{"see ![chart](https://evil.example/p.png?d=secret)", "see chart"},
		{"![](https://evil.example/p.png)", "(image)"},
		{"![logo][l]", "logo"},
		{`<img src="https://evil.example/x.gif" alt="a graph">`, "a graph"},
		{"<img src=https://evil.example/x.gif>", "(image)"},
		{"<picture><source srcset=https://evil.example/a.png></picture>", ""},
		{"[docs](https://evil.example/x?q=1)", "docs (`https://evil.example/x?q=1`)"},
		{`[docs](https://evil.example/x "title")`, "docs (`https://evil.example/x`)"},
		{"[the PR](https://github.com/acme/invoices/pull/7)", "[the PR](https://github.com/acme/invoices/pull/7)"},
		{"[spec](docs/spec.md)", "[spec](docs/spec.md)"},
		{"[x](//evil.example/y)", "x (`//evil.example/y`)"},
		{"[x](javascript:alert(1))", "x (`javascript:alert(1`))"},
		{"<https://evil.example/a>", "`https://evil.example/a`"},
		{"go to https://evil.example/a?b=c.", "go to `https://evil.example/a?b=c`."},
		{"or www.evil.example/z", "or `www.evil.example/z`"},
		{"https://github.com/acme/invoices", "https://github.com/acme/invoices"},
		{`<a href="https://evil.example">click</a>`, "click"},
		{"[ref]: https://evil.example/r\n[a][ref]", `\[ref]: ` + "`https://evil.example/r`\n[a][ref]"},
		{"`@bob ![x](https://evil.example/i.png)`", "`@bob ![x](https://evil.example/i.png)`"},
		{"```\n@bob ![x](https://evil.example/i.png)\n```\n@bob", "```\n@bob ![x](https://evil.example/i.png)\n```\n@" + zwj + "bob"},
	}
	for _, c := range cases {
		if got := Markdown(c.in, "github.com"); got != c.want {
			t.Errorf("Markdown(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}

// Without a known host, no absolute link stays a link.
func TestMarkdownWithoutAHost(t *testing.T) {
	if got := Markdown("[pr](https://github.com/a/b)", ""); got != "pr (`https://github.com/a/b`)" {
		t.Errorf("got %q", got)
	}
}

// Fenced reads fences as CommonMark does: a closing fence is at least as
// long as the opening one and of the same character, a backtick fence's
// info string holds no backtick, and a fence left open is reported.
func TestFenced(t *testing.T) {
	lines := []string{
		"prose",        // 0
		"```go",        // 1 opens
		"~~~",          // 2 inside: another character does not close
		"``",           // 3 inside: shorter does not close
		"````",         // 4 closes: longer is fine
		"```a`b",       // 5 prose: a backtick in the info string
		"   ~~~~ info", // 6 opens, indented up to three spaces
		"~~~ x",        // 7 inside: a closing fence has no info string
		"code",         // 8 inside
	}
	code, open := Fenced(lines)
	want := []bool{false, true, true, true, true, false, true, true, true}
	for i := range want {
		if code[i] != want[i] {
			t.Errorf("line %d %q: fenced %v, want %v", i, lines[i], code[i], want[i])
		}
	}
	if open != "~~~~" {
		t.Errorf("open fence %q, want ~~~~", open)
	}
}
