package roundtable

import (
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
)

// The Directly Affected Files are an answer where the steps ask for them
// (model.FilesQuestion, 02-04 in the default library): rtgit drafts the
// list from the quick scan and the answers ({{affected_files}}), the person edits
// it, and the edited list is the table every later reader uses
// (staleness, overlaps, verify, exports, the plan). Steps that do not ask
// keep the derived table.

// filesStep is the step that asks the files question at some depth, nil
// when none does.
func (st *state) filesStep() *steps.Step {
	for _, s := range st.plan.Steps() {
		for _, d := range steps.Depths {
			for _, q := range s.Questions(d) {
				if q.ID == model.FilesQuestion {
					return s
				}
			}
		}
	}
	return nil
}

// filesAnswer is the files answer that counts: the step being completed's
// (sa), or the finished step's answer file. ok is false when there is
// none yet, and the table is derived.
func (st *state) filesAnswer(sa stepAnswers) (text string, ok bool) {
	s := st.filesStep()
	if s == nil {
		return "", false
	}
	if sa.step != nil && sa.step.ID == s.ID {
		text = sa.answer[model.FilesQuestion]
		return text, strings.TrimSpace(text) != "" && strings.TrimSpace(text) != notKnownYet
	}
	if !st.meta.HasStep(s.ID) {
		return "", false
	}
	f, err := st.answerFile(s)
	if err != nil {
		return "", false
	}
	a, ok := answerOf(f, model.FilesQuestion)
	if !ok || strings.TrimSpace(a.Text) == notKnownYet {
		return "", false
	}
	return a.Text, true
}

// filesDraft is the {{affected_files}} placeholder: the rows derived from the
// answers given so far, in the files answer's line format.
func (st *state) filesDraft() (string, bool) {
	text := model.FormatFiles(st.derivedRows(stepAnswers{}))
	return text, text != ""
}

// filesProblems checks the files answer of step s as its answer file f
// holds it, against the analysis's base commit: one "path:line: reason"
// per row the base cannot hold.
func (st *state) filesProblems(rel string, s *steps.Step, f *answers.File) []string {
	a, ok := answerOf(f, model.FilesQuestion)
	if !ok || s.ID != st.filesStepID() {
		return nil
	}
	var tree model.Tree
	if t := st.tree(); t != nil {
		tree = t
	}
	_, probs := model.ReadFilesAnswer(a.Text, tree)
	var out []string
	for _, p := range probs {
		line := a.Line
		if a.TextLine > 0 {
			line = a.TextLine + p.Line - 1
		}
		out = append(out, fmt.Sprintf("%s:%d: `%s`: %s (docs/artifacts.md has the line format)", rel, line, model.FilesQuestion, p.Msg))
	}
	return out
}

func (st *state) filesStepID() string {
	if s := st.filesStep(); s != nil {
		return s.ID
	}
	return ""
}
