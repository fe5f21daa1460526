package cli

import "testing"

// Long lists of older analyses are cut, saying how many were left out.
func TestListSome(t *testing.T) {
	for _, tc := range []struct {
		names []string
		want  string
	}{
		{[]string{"a"}, "a"},
		{[]string{"a", "b", "c"}, "a, b, and c"},
		{[]string{"a", "b", "c", "d", "e"}, "a, b, c, and 2 more"},
	} {
		if got := listSome(tc.names, 3); got != tc.want {
			t.Errorf("listSome(%q) = %q, want %q", tc.names, got, tc.want)
		}
	}
}
