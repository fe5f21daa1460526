package roundtable

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps/meta"
)

func readMeta(t *testing.T, repo *fakeRepo) *meta.Meta {
	t.Helper()
	md, err := meta.Read(filepath.Join(repo.root, "docs/requirements/csv/meta.json"))
	if err != nil {
		t.Fatal(err)
	}
	return md
}

func TestQuestionCommentBecomesOpenQuestion(t *testing.T) {
	m, repo := newMachine(t)
	mustNew(t, m)
	r, err := m.CommentFrom("csv", "What about PowerShell users on Windows?", Origin{Author: "@dana", Link: "https://github.com/o/r/pull/7#issuecomment-11"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Commit == "" || !strings.Contains(r.Lines[0].Text, "open question Q-001") {
		t.Fatalf("reply = %+v", r)
	}
	qs, err := readMeta(t, repo).OpenQuestions()
	if err != nil || len(qs) != 1 {
		t.Fatalf("open questions = %+v, %v", qs, err)
	}
	want := meta.OpenQuestion{ID: "Q-001", Text: "What about PowerShell users on Windows?", Author: "@dana",
		Source: "https://github.com/o/r/pull/7#issuecomment-11", StepID: "00-01", Status: "open"}
	if qs[0] != want {
		t.Errorf("question = %+v, want %+v", qs[0], want)
	}
	spec, _ := os.ReadFile(filepath.Join(repo.root, "docs/requirements/csv/requirements-spec.md"))
	if !strings.Contains(string(spec), "- **Q-001** What about PowerShell users on Windows? -- asked by @dana") {
		t.Errorf("spec does not list Q-001:\n%s", spec)
	}
	// Nothing about it lands in the step's feedback.
	data, _ := os.ReadFile(filepath.Join(repo.root, "docs/requirements/csv/answers/00-01-scope-estimation.md"))
	if strings.Contains(string(data), "PowerShell") {
		t.Errorf("a question was recorded as feedback")
	}
	st, _ := m.Status("csv")
	if len(st.OpenQuestions) != 1 {
		t.Errorf("status lists %d open questions", len(st.OpenQuestions))
	}

	r, err = m.Comment("csv", "/rtgit resolve Q-001 Yes: PowerShell 7 on Windows is supported.")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Lines[0].Text, "Resolved Q-001") || !strings.Contains(r.Lines[0].Text, "No open questions remain.") {
		t.Errorf("resolve reply = %+v", r.Lines)
	}
	// The answer ends with its own full stop: it is not doubled.
	if want := ": Yes: PowerShell 7 on Windows is supported. No open questions remain."; !strings.HasSuffix(r.Lines[0].Text, want) {
		t.Errorf("resolve reply = %q, want it to end %q", r.Lines[0].Text, want)
	}
	qs, _ = readMeta(t, repo).Questions()
	if qs[0].Status != "resolved" || qs[0].Answer != "Yes: PowerShell 7 on Windows is supported." {
		t.Errorf("after resolve: %+v", qs[0])
	}
	spec, _ = os.ReadFile(filepath.Join(repo.root, "docs/requirements/csv/requirements-spec.md"))
	if !strings.Contains(string(spec), "**Answer**: Yes: PowerShell 7 on Windows is supported.") {
		t.Errorf("spec does not show the answer:\n%s", spec)
	}
	if _, err := m.Resolve("csv", "Q-001", "again", ""); err == nil || !strings.Contains(err.Error(), "already resolved") {
		t.Errorf("resolving twice: %v", err)
	}
	if _, err := m.Resolve("csv", "Q-009", "x", ""); err == nil || !strings.Contains(err.Error(), "no question Q-009") {
		t.Errorf("resolving an unknown id: %v", err)
	}
}

func TestAcknowledgementRecordsNothing(t *testing.T) {
	m, repo := newMachine(t)
	mustNew(t, m)
	before, _ := os.ReadFile(filepath.Join(repo.root, "docs/requirements/csv/answers/00-01-scope-estimation.md"))
	for _, text := range []string{"ok", "thanks!", "LGTM 👍", "👍"} {
		r, err := m.Comment("csv", text)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Acknowledged || r.Commit != "" || len(r.Changed) != 0 || len(r.Lines) != 1 {
			t.Errorf("%q: reply = %+v", text, r)
		}
	}
	after, _ := os.ReadFile(filepath.Join(repo.root, "docs/requirements/csv/answers/00-01-scope-estimation.md"))
	if string(before) != string(after) {
		t.Errorf("an acknowledgement changed the answer file")
	}
}

func TestFeedbackKeptVerbatimAndDepthWordsStayFeedback(t *testing.T) {
	m, repo := newMachine(t)
	mustNew(t, m)
	const text = "Exports must be fast for our biggest customers."
	r, err := m.Comment("csv", text)
	if err != nil {
		t.Fatal(err)
	}
	if want := "> " + text + "\n\nThat's important -- so exports must be fast for our biggest customers. Let me capture that."; !strings.HasPrefix(r.Lines[0].Text, want) {
		t.Errorf("reflection = %q", r.Lines[0].Text)
	}
	data, _ := os.ReadFile(filepath.Join(repo.root, "docs/requirements/csv/answers/00-01-scope-estimation.md"))
	if !strings.Contains(string(data), text) {
		t.Errorf("feedback not kept verbatim")
	}
	if readMeta(t, repo).DepthOverrides["00-quick-scan"] != "" {
		t.Errorf("feedback mentioning 'fast' changed the depth")
	}
}

func TestSentenceEndsOnce(t *testing.T) {
	for in, want := range map[string]string{
		"No, only paid invoices.": "No, only paid invoices.",
		"No, only paid invoices":  "No, only paid invoices.",
		"Is that right?":          "Is that right?",
		"Yes!":                    "Yes!",
		"  trailing space  ":      "trailing space.",
		"see docs/export.md":      "see docs/export.md.",
	} {
		if got := sentence(in); got != want {
			t.Errorf("sentence(%q) = %q, want %q", in, got, want)
		}
	}
}
