package steps

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 files"}, {1, "1 file"}, {2, "2 files"}} {
		if got := Count(c.n, "file", "files"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

// Lists read as English prose, with the serial comma, in either
// conjunction.
func TestJoinAndOr(t *testing.T) {
	for _, c := range []struct {
		items   []string
		and, or string
	}{
		{nil, "", ""},
		{[]string{"a"}, "a", "a"},
		{[]string{"a", "b"}, "a and b", "a or b"},
		{[]string{"a", "b and c", "d"}, "a, b and c, and d", "a, b and c, or d"},
	} {
		if got := JoinAnd(c.items); got != c.and {
			t.Errorf("JoinAnd(%q) = %q, want %q", c.items, got, c.and)
		}
		if got := JoinOr(c.items); got != c.or {
			t.Errorf("JoinOr(%q) = %q, want %q", c.items, got, c.or)
		}
	}
}

func TestCapitalise(t *testing.T) {
	for in, want := range map[string]string{
		"":            "",
		"brief":       "Brief",
		"über alles":  "Über alles",
		"élan":        "Élan",
		"42 invoices": "42 invoices",
		"\xffbad":     "\xffbad",
	} {
		if got := Capitalise(in); got != want {
			t.Errorf("Capitalise(%q) = %q, want %q", in, got, want)
		}
	}
}
