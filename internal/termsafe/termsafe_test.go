package termsafe

import "testing"

func TestString(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Alice Liddell", "Alice Liddell"},
		{"Zoë Ünal 日本", "Zoë Ünal 日本"},
		// A window title, an erased line and a cursor move.
		{"\x1b]0;pwned\x07Eve", `\x1b]0;pwned\x07Eve`},
		{"Eve\x1b[2K\x1b[1A", `Eve\x1b[2K\x1b[1A`},
		{"a\u009b31mb", `a\u009b31mb`},
		{"abc\u202edcba", `abc\u202edcba`},
		{"two\nlines\r", `two\nlines\r`},
		{"tab\there", `tab\there`},
		{"bad \xff byte", `bad \xff byte`},
		{"del\x7f", `del\x7f`},
	} {
		if got := String(c.in); got != c.want {
			t.Errorf("String(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := Lines("one\x1b[2J\n\ttwo"); got != "one\\x1b[2J\n\ttwo" {
		t.Errorf("Lines = %q", got)
	}
}
