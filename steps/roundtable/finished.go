package roundtable

import (
	"fmt"

	"github.com/rtgit/rtgit/steps/meta"
)

// finishedQuestion tracks a question asked after the last step, when there
// is no open step to ask it on: reviewers keep reading an analysis for days
// after it is complete, and open questions outlive the steps anyway. The
// question is recorded against the last step, the spec lists it, and
// `rtgit check` fails until someone resolves it. handled is false while a
// step is still open: the open step takes the question as usual.
func (m *Machine) finishedQuestion(slug, text string, from Origin) (r *Reply, handled bool, err error) {
	st, unlock, err := m.begin(slug)
	if err != nil {
		return nil, true, err
	}
	defer unlock()
	if cur, _ := st.current(); cur != nil {
		return nil, false, nil
	}
	all := st.route.Steps()
	if len(all) == 0 {
		return nil, false, nil
	}
	last := all[len(all)-1]
	p := st.route.PersonaOf(last)
	id, added, err := st.meta.AddQuestion(meta.OpenQuestion{Text: text, Author: from.Author, Source: from.Link, StepID: last.ID})
	if err != nil {
		return nil, true, err
	}
	r = &Reply{Done: true}
	if !added {
		r.say(p.Name, fmt.Sprintf("That one is already tracked as %s.", id))
		return r, true, nil
	}
	c := m.changes()
	if err := st.stageQuestions(c); err != nil {
		return nil, true, err
	}
	if err := st.stageMeta(c); err != nil {
		return nil, true, err
	}
	sha, err := c.commit(fmt.Sprintf("rtgit: track open question %s", id))
	if err != nil {
		return nil, true, err
	}
	r.Commit, r.Changed = sha, c.order
	r.say(p.Name, fmt.Sprintf("Good question -- the analysis is complete, so I'm tracking it as open question %s. "+
		"Anyone can settle it with `/rtgit resolve %s <answer>`; until then `rtgit check` lists it and the analysis is not ready to build.", id, id))
	return r, true, nil
}
