package roundtable

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/meta"
)

// A question asked during a step, resolved after the step is finished,
// shows its answer in that step's answer file: below everything the user
// wrote, which keeps its bytes, in a block the artifacts are not built
// from, so the step is not revised and rebuild changes nothing.
func TestResolveWritesBackToTheOriginatingAnswerFile(t *testing.T) {
	m, repo := newMachine(t)
	r := mustNew(t, m)
	if _, err := m.CommentFrom("csv", "What about PowerShell users on Windows?", Origin{Author: "@dana", Link: "https://github.com/o/r/pull/7#issuecomment-11"}); err != nil {
		t.Fatal(err)
	}
	answerAll(t, m, r)
	if _, err := m.Next("csv"); err != nil {
		t.Fatal(err)
	}
	if !readMeta(t, repo).HasStep("00-01") {
		t.Fatal("00-01 did not finish")
	}
	rel := "docs/requirements/csv/answers/00-01-scope-estimation.md"
	before, err := os.ReadFile(filepath.Join(repo.root, rel))
	if err != nil {
		t.Fatal(err)
	}
	r, err = m.Resolve("csv", "Q-001", "Yes: PowerShell 7 on Windows is supported.", "@erin")
	if err != nil {
		t.Fatal(err)
	}
	var said []string
	for _, l := range r.Lines {
		said = append(said, l.Text)
	}
	if !strings.Contains(strings.Join(said, "\n"), "also recorded in "+rel) {
		t.Errorf("the reply does not name the answer file:\n%s", strings.Join(said, "\n"))
	}
	after, err := repo.ReadFileAt("HEAD", rel)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(after), string(before)) {
		t.Fatalf("the answer file was rewritten, not added to:\n%s", after)
	}
	for _, want := range []string{"<!-- rtgit:resolved -->", "**Q-001** What about PowerShell users on Windows? -- asked by @dana",
		"**Answer** (@erin): Yes: PowerShell 7 on Windows is supported."} {
		if !strings.Contains(string(after), want) {
			t.Errorf("the answer file lacks %q:\n%s", want, after)
		}
	}
	was, _ := answers.Parse(rel, before)
	now, err := answers.Parse(rel, after)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(was.Answers, now.Answers) || was.Feedback != now.Feedback {
		t.Error("the answers or the feedback changed")
	}
	st, err := m.Status("csv")
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Revised) != 0 {
		t.Errorf("resolving revised %v", st.Revised)
	}
	head := repo.head().id
	rb, err := m.Rebuild("csv")
	if err != nil {
		t.Fatal(err)
	}
	if rb.Commit != "" || repo.head().id != head {
		t.Errorf("rebuild after resolve committed %v", rb.Changed)
	}
	// Reopening the step for revision renders its file again; the
	// resolved block is rendered with it.
	if _, err := m.Revise("csv", "00-01"); err != nil {
		t.Fatal(err)
	}
	reopened, _ := os.ReadFile(filepath.Join(repo.root, rel))
	if !strings.Contains(string(reopened), "**Answer** (@erin): Yes: PowerShell 7 on Windows is supported.") {
		t.Errorf("reopening the step lost the resolved block:\n%s", reopened)
	}
}

// A question whose record names no step is resolved in meta.json and the
// specification, and the reply says the answer file is unknown.
func TestResolveSaysWhenTheOriginIsUnknown(t *testing.T) {
	m, repo := newMachine(t)
	mustNew(t, m)
	md := readMeta(t, repo)
	if _, _, err := md.AddQuestion(meta.OpenQuestion{Text: "Which currencies?", Source: "https://github.com/o/r/pull/7#issuecomment-12"}); err != nil {
		t.Fatal(err)
	}
	data, err := md.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	metaRel := "docs/requirements/csv/meta.json"
	if err := os.WriteFile(filepath.Join(repo.root, metaRel), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := repo.Commit([]string{metaRel}, "a question recorded without its step"); err != nil {
		t.Fatal(err)
	}
	r, err := m.Resolve("csv", "Q-001", "Euro only.", "")
	if err != nil {
		t.Fatal(err)
	}
	last := r.Lines[len(r.Lines)-1].Text
	if !strings.Contains(last, "Q-001 does not record the step it was raised at") {
		t.Errorf("reply = %q", last)
	}
	for _, rel := range r.Changed {
		if strings.Contains(rel, "/answers/") {
			t.Errorf("an answer file was written: %s", rel)
		}
	}
}
