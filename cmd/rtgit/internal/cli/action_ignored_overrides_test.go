package cli

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/settings"
	"github.com/rtgit/rtgit/templates"
)

const settingsPath = settings.Path

// Overrides an analysis branch carries are not used (see
// action_overrides_test.go); the run says so in its log and job summary,
// and not on the pull request.

// A template and a step file on the analysis branch that main lacks: the
// log has one notice naming both, the summary one line, and no comment
// mentions them.
func TestActionNotesOverridesOnTheBranch(t *testing.T) {
	h := newHarness(t)
	const step = ".rtgit/steps/00-quick-scan/01-scope-estimation.md"
	const tmpl = ".rtgit/templates/answer-file.md.tmpl"
	h.commitFile("rtgit/"+testSlug, tmpl, answerTemplateWith(t, "_Branch note._"), "answer files carry the branch's note")
	h.commitFile("rtgit/"+testSlug, step, "---\nstep_id: \"00-01\"\n---\n", "a shorter scope step")
	main := gitCmd(t, h.origin, "rev-parse", "main")

	_, out := h.comment(alice, "/rtgit answer change\n"+ansChange)
	log, summary, _ := strings.Cut(out, "\n--- summary\n")
	note := "`" + step + "` and `" + tmpl + "` on this branch are not used: the Action reads its settings, step files, personas and templates from main (" +
		main[:8] + "). Merge the changes to main to use them."
	if n := strings.Count(log, "::notice::"); n != 1 {
		t.Errorf("the log has %d notices, want 1:\n%s", n, log)
	}
	mustContain(t, "the run's log", log, "::notice::"+note)
	mustContain(t, "the job summary", summary, "- ℹ️ "+note)
	for _, r := range h.api.Replies() {
		if strings.Contains(r.Body, ".rtgit/") {
			t.Errorf("a comment on the pull request mentions the overrides:\n%s", r.Body)
		}
	}
	// The comment was applied as ever.
	mustContain(t, "step 00-01's answer file", h.originFile(answerMD), ansChange)
}

// Settings the analysis branch changed are named too: the Action reads
// .rtgit/config.yaml from main as it reads the overrides, so a branch that
// turns the reactions off, say, sees nothing change.
func TestActionNotesSettingsOnTheBranch(t *testing.T) {
	h := newHarness(t)
	h.commitFile("main", settingsPath, "github:\n  reactions: true\n", "react to comments")
	h.commitFile("rtgit/"+testSlug, settingsPath, "github:\n  reactions: false\n", "no reactions")
	main := gitCmd(t, h.origin, "rev-parse", "main")

	_, out := h.comment(alice, "/rtgit answer change\n"+ansChange)
	log, summary, _ := strings.Cut(out, "\n--- summary\n")
	note := "`" + settingsPath + "` on this branch is not used: the Action reads its settings, step files, personas and templates from main (" +
		main[:8] + "). Merge the change to main to use it."
	mustContain(t, "the run's log", log, "::notice::"+note)
	mustContain(t, "the job summary", summary, "- ℹ️ "+note)
	mustContain(t, "step 00-01's answer file", h.originFile(answerMD), ansChange)
}

// Overrides the analysis branch holds exactly as main does, and files
// elsewhere, are nothing to note.
func TestActionNotesNothingWhenTheBranchMatchesMain(t *testing.T) {
	h := newHarness(t)
	const tmpl = ".rtgit/templates/answer-file.md.tmpl"
	house := answerTemplateWith(t, "_House note._")
	h.commitFile("main", tmpl, house, "answer files carry the house note")
	h.commitFile("rtgit/"+testSlug, tmpl, house, "the same note on the branch")
	h.commitFile("rtgit/"+testSlug, "notes/todo.md", "- ask finance\n", "a note beside the analysis")

	_, out := h.comment(alice, "/rtgit answer change\n"+ansChange)
	if strings.Contains(out, "::notice::") || strings.Contains(out, "ℹ️") || strings.Contains(out, "not used") {
		t.Errorf("a branch whose overrides match main's got a notice:\n%s", out)
	}
	mustContain(t, "step 00-01's answer file", h.originFile(answerMD), ansChange)
}

// The default branch gaining a step file after the analysis branch was cut
// leaves the branch without it, but the branch changed nothing: the file
// used is main's, and there is nothing to merge. In a shallow checkout too,
// where the commit the analysis was cut from is fetched to tell.
func TestActionNotesNothingMainChangedAfterTheBranch(t *testing.T) {
	for _, shallow := range []bool{false, true} {
		t.Run(fmt.Sprintf("shallow=%v", shallow), func(t *testing.T) {
			h := newHarness(t)
			h.shallow = shallow
			step, err := templates.FS.ReadFile("steps/00-quick-scan/01-scope-estimation.md")
			if err != nil {
				t.Fatal(err)
			}
			h.commitFile("main", ".rtgit/steps/00-quick-scan/01-scope-estimation.md", string(step), "the scope step, kept in the repository")
			h.moveMain(3)
			_, out := h.comment(alice, "/rtgit answer change\n"+ansChange)
			if strings.Contains(out, "::notice::") || strings.Contains(out, "not used") {
				t.Errorf("a step file main added after the branch was cut was noted:\n%s", out)
			}
			mustContain(t, "step 00-01's answer file", h.originFile(answerMD), ansChange)
		})
	}
}

// What the branch changed is still named when main changed it too.
func TestActionNotesABranchEditMainAlsoMade(t *testing.T) {
	h := newHarness(t)
	h.shallow = true
	const tmpl = ".rtgit/templates/answer-file.md.tmpl"
	h.commitFile("main", tmpl, answerTemplateWith(t, "_House note._"), "answer files carry the house note")
	h.commitFile("main", ".rtgit/personas/extra.yaml", "personas: []\n", "a persona the branch has not seen")
	h.commitFile("rtgit/"+testSlug, tmpl, answerTemplateWith(t, "_Branch note._"), "answer files carry the branch's note")
	_, out := h.comment(alice, "/rtgit answer change\n"+ansChange)
	log, _, _ := strings.Cut(out, "\n--- summary\n")
	mustContain(t, "the run's log", log, "::notice::`"+tmpl+"` on this branch is not used")
	if strings.Contains(out, "extra.yaml") {
		t.Errorf("a persona file only main has was named:\n%s", out)
	}
}
