package plan

import "testing"

// Coverage names only what the analysis has to cover: a bug analysis has
// no requirements or criteria, and its line says nothing of them.
func TestCoverageString(t *testing.T) {
	for _, tc := range []struct {
		c    Coverage
		want string
	}{
		{Coverage{MustHave: 5, MustHaveTraced: 4, Criteria: 14, CriteriaTested: 14, Files: 7, FilesTouched: 7},
			"Must Have 4/5, criteria 14/14, files 7/7"},
		{Coverage{Files: 2, FilesTouched: 2}, "files 2/2"},
		{Coverage{MustHave: 1, Files: 0}, "Must Have 0/1"},
		{Coverage{}, "nothing to cover"},
	} {
		if got := tc.c.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.c, got, tc.want)
		}
	}
}
