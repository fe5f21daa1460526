package roundtable

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps/critic"
)

// RuleFilesUpstream is the review item for an edited files list that no
// longer holds a file the answers now name as changing.
const RuleFilesUpstream = "files-upstream-change"

// filesFindings lists, once a person has edited the files answer, each
// file the answers name as changing (the rows rtgit would draft now) that
// the edited list does not hold: an answer given or revised after the
// edit. The edit stands, as an edited plan does; a person adds the file,
// or says it stays as it is.
func (st *state) filesFindings() []critic.Finding {
	s := st.filesStep()
	if s == nil {
		return nil
	}
	text, ok := st.filesAnswer(stepAnswers{})
	if !ok {
		return nil
	}
	var tree model.Tree
	if t := st.tree(); t != nil {
		tree = t
	}
	edited, _ := model.ReadFilesAnswer(text, tree)
	have := map[string]bool{}
	for _, r := range edited {
		have[r.Path] = true
	}
	rel := st.it.answerPath(s)
	line := 1
	if f, err := st.answerFile(s); err == nil {
		if a, ok := answerOf(f, model.FilesQuestion); ok {
			if data, err := st.read(rel); err == nil {
				line = firstTextLine(bytes.Split(data, []byte("\n")), a.Line)
			}
		}
	}
	var out []critic.Finding
	for _, r := range st.derivedRows(stepAnswers{}) {
		if r.Change == model.ChangeReadOnly || have[r.Path] {
			continue
		}
		out = append(out, critic.Finding{Path: rel, Line: line, Rule: RuleFilesUpstream, Severity: critic.Warning, Persona: architectKey,
			Message: fmt.Sprintf("%s is named as changing in %s, but the edited files list does not have it; add it, or say it stays as it is",
				r.Path, strings.Join(r.From, ", "))})
	}
	return out
}

// filesStatus adds the edited files list's review items to a Status's
// Dangling, as "path:line: …".
func (st *state) filesStatus(s *Status) {
	for _, f := range st.filesFindings() {
		s.Dangling = append(s.Dangling, fmt.Sprintf("%s:%d: %s", f.Path, f.Line, f.Message))
	}
}
