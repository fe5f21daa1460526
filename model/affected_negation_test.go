package model

import "testing"

// Negation as people write it: a clause that points back at the files the
// one before named, "Nothing in … is touched", "None of those need
// edits". Each sentence is from an analysis of a real change.
func TestFilesSaidToStayInOtherWords(t *testing.T) {
	tree := fakeTree{"command.go", "src/click/core.py", "src/click/termui.py", "lib/response.js", "lib/application.js", "lib/request.js", "src/flask/sansio/scaffold.py", "src/flask/helpers.py", "tests/static/index.html", "tests/test_helpers.py"}
	cases := []struct {
		text      string
		readOnly  []string
		modifying []string
	}{
		{"The change is in `lib/response.js`. Nothing in `lib/application.js`, `lib/request.js` or the router is touched.",
			[]string{"lib/application.js", "lib/request.js"}, []string{"lib/response.js"}},
		{"Correction: the table marks `src/flask/sansio/scaffold.py` and `tests/static/index.html` as 'modify'. They are not changed. The fix goes into `src/flask/helpers.py`.",
			[]string{"src/flask/sansio/scaffold.py", "tests/static/index.html"}, []string{"src/flask/helpers.py"}},
		{"The plan had tasks to change `src/flask/sansio/scaffold.py` and every test task editing `tests/static/index.html`; none of those change.",
			[]string{"src/flask/sansio/scaffold.py", "tests/static/index.html"}, nil},
		{"Flask.open_resource (src/flask/helpers.py): open a read-only file relative to the app's root_path, with encoding in text mode (changed)",
			nil, []string{"src/flask/helpers.py"}},
		// A part said to stay is not its file: the file changes elsewhere.
		{"Command.execute (changed, `command.go`): builds the parent chain.\n\nCommand hook fields (unchanged, `command.go`): only their doc comment changes.\n\nCommand.Parent (unchanged, `command.go`): gives the chain.\n\nExecuteC (unchanged, `command.go`): calls execute.",
			nil, []string{"command.go"}},
		{"Directly: `src/click/termui.py` and `src/click/core.py` (`Option.prompt_for_value` only).\n\nNot changed: `Option.get_help_extra` in core.py (help stays as is), and `lib/request.js`.",
			[]string{"lib/request.js"}, []string{"src/click/core.py", "src/click/termui.py"}},
		{"Command.execute (changed, `command.go`): builds the chain.\n\nThe impact analysis lists `lib/request.js` as a file to modify; neither is right (completion code is not edited; `execute` is a function inside `command.go`).",
			nil, []string{"command.go"}},
		{"`src/flask/helpers.py` gets the encoding argument. They share `tests/test_helpers.py` for tests, which gains a case.",
			nil, []string{"src/flask/helpers.py", "tests/test_helpers.py"}},
	}
	for _, c := range cases {
		rows := AffectedFilesIn(tree, []Named{{StepID: "02-01", Question: "radius", Text: c.text}}, nil, nil)
		got := map[string]string{}
		for _, r := range rows {
			got[r.Path] = r.Change
		}
		for _, p := range c.readOnly {
			if got[p] != ChangeReadOnly {
				t.Errorf("%q: %s is %q, want read-only", c.text, p, got[p])
			}
		}
		for _, p := range c.modifying {
			if got[p] != ChangeModify {
				t.Errorf("%q: %s is %q, want modify", c.text, p, got[p])
			}
		}
	}
}
