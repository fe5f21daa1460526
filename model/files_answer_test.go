package model

import (
	"path"
	"slices"
	"strings"
	"testing"
)

// fakeTree is a base commit's files.
type fakeTree []string

func (t fakeTree) File(p string) bool { return slices.Contains(t, p) }
func (t fakeTree) Dir(d string) bool {
	for _, f := range t {
		if strings.HasPrefix(f, d+"/") {
			return true
		}
	}
	return false
}
func (t fakeTree) Files(dir string) []string {
	var out []string
	for _, f := range t {
		if path.Dir(f) == dir {
			out = append(out, path.Base(f))
		}
	}
	return out
}

var flaskTree = fakeTree{"src/flask/cli.py", "src/flask/app.py", "src/flask/sansio/app.py", "tests/test_cli.py", "docs/cli.rst", "CHANGES.rst"}

func TestFilesAnswerAsPeopleWriteIt(t *testing.T) {
	text := "These are the files I expect:\n" +
		"- modify `src/flask/cli.py` -- the routes command gains --json\n" +
		"- Modify: tests/test_cli.py: tests for the JSON output\n" +
		"* new `tests/test_cli_routes.py`\n" +
		"read-only src/flask/app.py -- only read for url_map\n" +
		"New users will see the flag in `flask routes --help`.\n" +
		"Read the docs first.\n"
	rows, probs := ReadFilesAnswer(text, flaskTree)
	if len(probs) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	want := []AffectedFile{
		{Path: "src/flask/cli.py", Change: ChangeModify, Why: "the routes command gains --json"},
		{Path: "tests/test_cli.py", Change: ChangeModify, Why: "tests for the JSON output"},
		{Path: "tests/test_cli_routes.py", Change: ChangeNew},
		{Path: "src/flask/app.py", Change: ChangeReadOnly, Why: "only read for url_map"},
	}
	if len(rows) != len(want) {
		t.Fatalf("rows = %+v", rows)
	}
	for i, w := range want {
		if rows[i].Path != w.Path || rows[i].Change != w.Change || rows[i].Why != w.Why {
			t.Errorf("row %d = %+v; want %+v", i, rows[i], w)
		}
	}
}

// Every path rtgit writes is a path: what the base commit cannot hold is a
// problem at its line, with the nearest real file.
func TestFilesAnswerChecksEveryPathAgainstTheTree(t *testing.T) {
	text := "modify src/flask/cli.pyy\n" + // typo
		"new src/flask/app.py\n" + // exists
		"delete src/flask/gone.py\n" +
		"modfy src/flask/cli.py\n" + // mistyped kind
		"modify src/flask\n" + // a folder
		"new deep/er/still/x.py\n" + // no such folder
		"modify `click.echo()`\n" + // a function in backticks
		"modify src/flask/cli.py\n" +
		"modify src/flask/cli.py -- again\n"
	_, probs := ReadFilesAnswer(text, flaskTree)
	want := map[int]string{
		1: "src/flask/cli.pyy is not a file at the analysis's base commit; did you mean src/flask/cli.py?",
		2: "src/flask/app.py exists at the analysis's base commit; a file that changes is modify",
		3: "src/flask/gone.py is not a file",
		4: `"modfy" is not a kind of change; did you mean modify?`,
		5: "it is a folder",
		6: "neither the folder deep/er/still nor deep/er exists",
		7: `"click.echo()" is not a path`,
		9: "src/flask/cli.py is already on line 8",
	}
	got := map[int]string{}
	for _, p := range probs {
		got[p.Line] = p.Msg
	}
	for line, w := range want {
		if !strings.Contains(got[line], w) {
			t.Errorf("line %d: %q; want it to contain %q", line, got[line], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("problems on lines %v; want %d", got, len(want))
	}
}

func TestFilesAnswerNoneAndRoundTrip(t *testing.T) {
	if rows, probs := ReadFilesAnswer("None: this is a settings change only.", flaskTree); rows != nil || probs != nil {
		t.Errorf("None: %v %v", rows, probs)
	}
	rows := []AffectedFile{
		{Path: "src/flask/cli.py", Change: ChangeModify, From: []string{"02-01 radius"}},
		{Path: "src/flask/app.py", Change: ChangeReadOnly, From: []string{"00-03 candidates"}},
		{Path: "tests/test_new.py", Change: ChangeNew, Why: "the new tests"},
	}
	text := FormatFiles(rows)
	if !strings.Contains(text, "modify `src/flask/cli.py` -- named in 02-01 radius") || !strings.Contains(text, "read-only `src/flask/app.py` -- said to stay as it is in 00-03 candidates") {
		t.Errorf("draft:\n%s", text)
	}
	back, probs := ReadFilesAnswer(text, flaskTree)
	if len(probs) > 0 || len(back) != 3 {
		t.Fatalf("read back %+v %v", back, probs)
	}
	for i := range rows {
		if back[i].Path != rows[i].Path || back[i].Change != rows[i].Change {
			t.Errorf("row %d read back as %+v", i, back[i])
		}
	}
}

func FuzzReadFilesAnswer(f *testing.F) {
	f.Add("modify `src/flask/cli.py` -- why\nnew tests/x.py")
	f.Add("- read-only: a.py: b")
	f.Fuzz(func(t *testing.T, text string) {
		rows, probs := ReadFilesAnswer(text, flaskTree)
		n := strings.Count(text, "\n") + 1
		for _, p := range probs {
			if p.Line < 1 || p.Line > n {
				t.Fatalf("problem at line %d of %d", p.Line, n)
			}
		}
		for _, r := range rows {
			if !strings.Contains(text, r.Path) || !looksLikePath(r.Path) {
				t.Fatalf("row %q is not a path of the answer", r.Path)
			}
			if r.Change != ChangeNew && !flaskTree.File(r.Path) {
				t.Fatalf("row %q is not in the tree", r.Path)
			}
		}
	})
}
