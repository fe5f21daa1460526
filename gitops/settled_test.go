package gitops

import "testing"

// Commits that change only the ignored meta.json, or only files outside
// the folder, leave the folder's last change where it was; a change to
// any other file in it moves it.
func TestLastChanged(t *testing.T) {
	dir, r := newRepo(t, map[string]string{"README.md": "x\n"})
	writeFile(t, dir, "docs/a/spec.md", "one\n")
	writeFile(t, dir, "docs/a/meta.json", "{}\n")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "spec")
	spec := git(t, dir, "rev-parse", "HEAD")
	writeFile(t, dir, "docs/a/meta.json", `{"task_issues": {}}`+"\n")
	git(t, dir, "commit", "-qam", "meta only")
	writeFile(t, dir, "README.md", "y\n")
	git(t, dir, "commit", "-qam", "elsewhere")
	got, err := r.LastChanged("main", "docs/a", "meta.json")
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "after meta.json and README changes", got, spec)

	writeFile(t, dir, "docs/a/answers/01.md", "answer\n")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-qm", "an answer")
	tip := git(t, dir, "rev-parse", "HEAD")
	got, err = r.LastChanged("main", "docs/a", "meta.json")
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "after an answer", got, tip)
}
