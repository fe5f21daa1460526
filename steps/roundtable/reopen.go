package roundtable

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/library"
)

// RevisionSuffix ends the header of an answer file reopened for revision.
const RevisionSuffix = " (revision)"

// finished returns the finished step id names, or an error saying why it
// cannot be revised.
func (st *state) finished(id string) (*steps.Step, *library.RoutePhase, error) {
	s, ph := st.route.Step(id)
	if s == nil {
		return nil, nil, fmt.Errorf("there is no step %q in the plan (see `rtgit steps`)", id)
	}
	if !st.meta.HasStep(s.ID) {
		if cur, _ := st.current(); cur == s {
			return nil, nil, fmt.Errorf("step %s %s is the open step: answer it in %s; only finished steps are revised", s.ID, s.Title, st.it.answerPath(s))
		}
		return nil, nil, fmt.Errorf("step %s %s is not finished, so there is nothing to revise", s.ID, s.Title)
	}
	return s, ph, nil
}

// Revise reopens a finished step's answer file for editing: it is rendered
// again with its answers and feedback under a header saying it is a
// revision, and left for the caller to commit, like an answer. Nothing is
// applied until its answers change and `next` runs; the step stays
// finished, and so do the steps after it.
func (m *Machine) Revise(slug, stepID string) (*Reply, error) {
	st, unlock, err := m.begin(slug)
	if err != nil {
		return nil, err
	}
	defer unlock()
	s, ph, err := st.finished(stepID)
	if err != nil {
		return nil, err
	}
	f, err := st.answerFile(s)
	if err != nil {
		return nil, err
	}
	carry := map[string]string{}
	for _, a := range f.Answers {
		if a.Answered {
			carry[a.ID] = a.Text
		}
	}
	d := steps.Depth(f.Depth)
	p := st.route.PersonaOf(s)
	intro := fmt.Sprintf("Step %s is finished, and you are revising it. Change any answer or the feedback below, then run `rtgit next %s` or comment `/rtgit continue`: "+
		"every artifact is rebuilt from the new answers, and the steps after this one stay finished.", s.ID, st.it.slug)
	av := st.answerView(s, ph, d, []Line{{p.Name, intro}}, carry, f.Feedback)
	av.Header += RevisionSuffix
	av.Menu = []answers.MenuItem{{Key: "C", Label: "Apply the revision -- rebuild the artifacts from these answers"}}
	for i := range av.Questions {
		// Only what was said comes back: a question left unanswered gets
		// no draft, which would read as an answer nobody gave.
		av.Questions[i].Prefill = ""
	}
	data, err := st.renderView(av)
	if err != nil {
		return nil, err
	}
	rel := st.it.answerPath(s)
	if err := st.m.writeFile(rel, data); err != nil {
		return nil, err
	}
	nf, err := m.parsed().Parse(rel, data)
	if err != nil {
		return nil, err
	}
	st.files[s.ID] = nf
	r := &Reply{Changed: []string{rel}}
	r.say(p.Name, fmt.Sprintf("Step %s %s is open for revision in %s. Change what needs changing there, then run `rtgit next %s` or comment `/rtgit continue`.",
		s.ID, s.Title, rel, st.it.slug))
	v := st.view(s, ph, d)
	v.Header += RevisionSuffix
	v.Menu = av.Menu
	r.Step = v
	return r, nil
}

// answerStep writes an answer to question qid of step stepID: for the open
// step, as Answer does; for a finished step, the change is applied at
// once as a revision and committed. If it cannot be applied, the answer
// file is put back as it was.
func (m *Machine) answerStep(slug, stepID, qid, text string) (*Reply, error) {
	st, unlock, err := m.begin(slug)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if cur, ph := st.current(); cur != nil && cur.ID == stepID {
		return st.answer(cur, ph, qid, text)
	}
	s, _, err := st.finished(stepID)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(text) == "" {
		return nil, fmt.Errorf("empty answer for %q", stepID+"/"+qid)
	}
	rel := st.it.answerPath(s)
	data, err := st.m.readFile(rel)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s: step %s is finished but its answer file is missing; restore it with git (git checkout HEAD -- %[1]s)", rel, s.ID)
	}
	if err != nil {
		return nil, err
	}
	out, err := m.parsed().SetAnswer(rel, data, qid, text)
	if err != nil {
		return nil, err
	}
	if err := st.m.writeFile(rel, out); err != nil {
		return nil, err
	}
	delete(st.files, s.ID)
	putBack := func(err error) error {
		if werr := st.m.writeFile(rel, data); werr != nil {
			return fmt.Errorf("%w; and %s could not be put back: %v", err, rel, werr)
		}
		return err
	}
	revised, err := st.revisedSteps(true)
	if err != nil {
		return nil, putBack(err)
	}
	if len(revised) == 0 {
		r := &Reply{}
		r.say("", fmt.Sprintf("`%s/%s` already says that; nothing changed.", stepID, qid))
		return r, nil
	}
	r, err := st.revise(revised, false, "")
	if err != nil {
		return r, putBack(err)
	}
	r.Lines = append([]Line{{Text: fmt.Sprintf("Recorded the answer to `%s/%s` in %s.", stepID, qid, rel)}}, r.Lines...)
	return r, nil
}
