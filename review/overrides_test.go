package review

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

func TestIgnoredOverridesNote(t *testing.T) {
	const sha = "1a2b3c4d5e6f1a2b3c4d5e6f1a2b3c4d5e6f1a2b"
	paths := []string{".rtgit/personas.yaml", ".rtgit/steps/00-a/01-b.md", ".rtgit/templates/x.tmpl", ".rtgit/templates/y.tmpl", ".rtgit/templates/z.tmpl"}
	note := func(n int) string { return (&IgnoredOverrides{Paths: paths[:n], Branch: "main", Commit: sha}).Note() }
	for _, tc := range []struct {
		n    int
		want string
	}{
		{0, ""},
		{1, "`.rtgit/personas.yaml` on this branch is not used: the Action reads its settings, step files, personas and templates from main (1a2b3c4d). Merge the change to main to use it."},
		{2, "`.rtgit/personas.yaml` and `.rtgit/steps/00-a/01-b.md` on this branch are not used: the Action reads its settings, step files, personas and templates from main (1a2b3c4d). Merge the changes to main to use them."},
		{3, "`.rtgit/personas.yaml`, `.rtgit/steps/00-a/01-b.md`, and `.rtgit/templates/x.tmpl` on this branch are not used: " +
			"the Action reads its settings, step files, personas and templates from main (1a2b3c4d). Merge the changes to main to use them."},
		{4, "`.rtgit/personas.yaml`, `.rtgit/steps/00-a/01-b.md`, `.rtgit/templates/x.tmpl`, and 1 more file on this branch are not used: " +
			"the Action reads its settings, step files, personas and templates from main (1a2b3c4d). Merge the changes to main to use them."},
		{5, "`.rtgit/personas.yaml`, `.rtgit/steps/00-a/01-b.md`, `.rtgit/templates/x.tmpl`, and 2 more files on this branch are not used: " +
			"the Action reads its settings, step files, personas and templates from main (1a2b3c4d). Merge the changes to main to use them."},
	} {
		if got := note(tc.n); got != tc.want {
			t.Errorf("%d paths:\n got %s\nwant %s", tc.n, got, tc.want)
		}
	}
	var none *IgnoredOverrides
	if got := none.Note(); got != "" {
		t.Errorf("no comparison notes %q", got)
	}
}

// A file's name is the branch's, so anyone who can push there chooses it:
// it can neither end its code span nor start a line of its own.
func TestIgnoredOverridesNoteQuotesHostileNames(t *testing.T) {
	got := (&IgnoredOverrides{Paths: []string{".rtgit/steps/a`b\n## hi.md"}, Branch: "main", Commit: "1a2b3c4d"}).Note()
	if strings.Contains(got, "\n") || !strings.HasPrefix(got, "``.rtgit/steps/a`b?## hi.md`` on this branch") {
		t.Errorf("note = %q", got)
	}
}

// fakeOverrides is a Workspace whose overrides comparison is canned.
type fakeOverrides struct {
	Workspace
	ign *IgnoredOverrides
	err error
}

func (f fakeOverrides) IgnoredOverrides(string) (*IgnoredOverrides, error) { return f.ign, f.err }

// The note goes to the log as a notice and to the job summary; a failed
// comparison is a warning, and the run goes on.
func TestRunNotesIgnoredOverrides(t *testing.T) {
	check := func(git Workspace) (string, *Result) {
		var log bytes.Buffer
		r := &run{Action: &Action{Git: git, Log: &log}, ctx: context.Background(), slug: "csv-export", res: &Result{}}
		r.noteIgnoredOverrides("abc")
		return log.String(), r.res
	}
	ign := &IgnoredOverrides{Paths: []string{".rtgit/templates/answer-file.md.tmpl"}, Branch: "main", Commit: "1a2b3c4d"}
	log, res := check(fakeOverrides{ign: ign})
	if want := "::notice::" + ign.Note() + "\n"; log != want {
		t.Errorf("log = %q, want %q", log, want)
	}
	var summary strings.Builder
	if err := WriteSummary(&summary, res); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(summary.String(), "- ℹ️ "+ign.Note()+"\n") {
		t.Errorf("the summary lacks the note:\n%s", summary.String())
	}

	log, res = check(fakeOverrides{ign: &IgnoredOverrides{Branch: "main", Commit: "1a2b3c4d"}})
	if log != "" || len(res.Notices)+len(res.Warnings) != 0 {
		t.Errorf("nothing differs, yet the run noted %q %+v", log, res)
	}

	log, res = check(fakeOverrides{err: errors.New("read tree 1a2b3c4d: object not found")})
	if !strings.HasPrefix(log, "::warning::compare rtgit/csv-export's settings, step files, personas and templates with the ones used: read tree") ||
		len(res.Warnings) != 1 || len(res.Notices) != 0 {
		t.Errorf("a failed comparison: log %q, result %+v", log, res)
	}

	// A workspace that cannot compare is not asked.
	if log, res := check(nil); log != "" || len(res.Notices)+len(res.Warnings) != 0 {
		t.Errorf("a workspace without the comparison noted %q %+v", log, res)
	}
}
