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
func (st *state) filesStep() *steps.Step { return st.stepAsking(model.FilesQuestion) }

// filesAnswer is the person's files answer: the step being completed's
// (sa), or the finished step's answer file, when it is not the draft rtgit
// last wrote there (meta.json's files_draft). ok is false when there is
// none, or it is still rtgit's draft: then the table follows the answers.
func (st *state) filesAnswer(sa stepAnswers) (text string, ok bool) {
	s := st.filesStep()
	if s == nil {
		return "", false
	}
	switch {
	case sa.step != nil && sa.step.ID == s.ID:
		text = sa.answer[model.FilesQuestion]
	case !st.meta.HasStep(s.ID):
		return "", false
	default:
		f, err := st.answerFile(s)
		if err != nil {
			return "", false
		}
		a, ok := answerOf(f, model.FilesQuestion)
		if !ok {
			return "", false
		}
		text = a.Text
	}
	if strings.TrimSpace(text) == "" || strings.TrimSpace(text) == notKnownYet {
		return "", false
	}
	if prev, err := st.meta.FilesDraft(); err == nil && prev == planDigest(text) {
		return "", false
	}
	return text, true
}

// stageFiles is part of every render: where the files answer of a
// finished step is still the draft rtgit last wrote (nobody edited it) and
// the answers now derive another list, the answer becomes the new list, as
// an unedited tasks answer does; then the draft's digest is recorded.
func (st *state) stageFiles(c *changeset) error {
	s := st.filesStep()
	if s == nil {
		return nil
	}
	// Until the step is open nobody has seen a draft, and none is
	// recorded: the analysis's early steps derive no list for it.
	if cur, _ := st.current(); cur != s && !st.meta.HasStep(s.ID) {
		return nil
	}
	text := strings.TrimSpace(model.FormatFiles(st.derivedRows(stepAnswers{})))
	st.draftFiles = &text
	if st.meta.HasStep(s.ID) {
		f, err := st.answerFile(s)
		if err != nil {
			return err
		}
		a, ok := answerOf(f, model.FilesQuestion)
		prev, err := st.meta.FilesDraft()
		if err != nil {
			return err
		}
		if ok && prev == planDigest(a.Text) && strings.TrimSpace(a.Text) != text && text != "" {
			if err := st.setAnswer(c, s, model.FilesQuestion, text); err != nil {
				return err
			}
		}
	}
	if text == "" {
		st.meta.SetFilesDraft("")
	} else {
		st.meta.SetFilesDraft(planDigest(text))
	}
	return nil
}

// filesDraft is the {{affected_files}} placeholder: the rows derived from the
// answers given so far, in the files answer's line format.
func (st *state) filesDraft() (string, bool) {
	if st.draftFiles == nil {
		text := strings.TrimSpace(model.FormatFiles(st.derivedRows(stepAnswers{})))
		st.draftFiles = &text
	}
	return *st.draftFiles, *st.draftFiles != ""
}

// filesProblems checks the files answer of step s as its answer file f
// holds it, against the analysis's base commit: one "path:line: reason"
// per row the base cannot hold.
func (st *state) filesProblems(rel string, s *steps.Step, f *answers.File) []string {
	a, ok := answerOf(f, model.FilesQuestion)
	if fs := st.filesStep(); !ok || fs == nil || s.ID != fs.ID {
		return nil
	}
	var tree model.Tree
	if t := st.tree(); t != nil {
		tree = t
	}
	_, probs := model.ReadFilesAnswer(a.Text, tree)
	var out []string
	for _, p := range probs {
		out = append(out, fmt.Sprintf("%s:%d: `%s`: %s (docs/artifacts.md has the line format)", rel, fileLine(a, p.Line), model.FilesQuestion, p.Msg))
	}
	return out
}

// structureProblems are the problems of the answers the build reads as
// structure, as step s's answer file f holds them: the files answer's
// rows against the base commit, and a fenced interface contract that
// does not parse.
func (st *state) structureProblems(rel string, s *steps.Step, f *answers.File) []string {
	out := st.filesProblems(rel, s, f)
	for _, mp := range s.Mappings {
		if mp.Transform != "interface-spec" {
			continue
		}
		a, ok := answerOf(f, mp.Question)
		if !ok {
			continue
		}
		if line, msg, bad := model.ContractProblem(a.Text); bad {
			out = append(out, fmt.Sprintf("%s:%d: `%s`: %s", rel, fileLine(a, line), mp.Question, msg))
		}
	}
	return out
}
