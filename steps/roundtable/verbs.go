package roundtable

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/internal/repofs"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/library"
)

// SkipMessage is the persona's confirmation of [S] (module-design §7.5).
const SkipMessage = "Skipping remaining steps in this phase. I'll produce draft artifacts based on what we've discussed so far."

// Skip is [S]: draft the phase's artifacts from what was gathered, mark the
// phase complete without recording the skipped steps, and move on.
func (m *Machine) Skip(slug string) (*Reply, error) {
	return m.withVerdict(slug)(m.skipOpen(slug))
}

func (m *Machine) skipOpen(slug string) (*Reply, error) {
	return m.withOpen(slug, func(st *state, cur *steps.Step, ph *library.RoutePhase, f *answers.File) (*Reply, error) {
		// A skip killed before its commit is finished, not repeated on
		// the next phase.
		if r, done, err := st.recoverPending(); done || err != nil {
			return r, err
		}
		if r, done, err := st.applyRevisions(); done || err != nil {
			return r, err
		}
		return st.skip(cur, ph, f)
	})
}

func (st *state) skip(cur *steps.Step, ph *library.RoutePhase, f *answers.File) (*Reply, error) {
	c := st.m.changes()
	r := &Reply{}
	r.say(st.route.PersonaOf(cur).Name, SkipMessage)
	// Whoever skips the rest of a phase answered for it: sign-off counts
	// them among its authors.
	for _, s := range ph.Steps {
		if !st.meta.HasStep(s.ID) {
			st.meta.SetAnsweredBy(s.ID, st.m.changer())
		}
	}
	st.meta.CompletePhase(ph.Phase.Key)
	if st.meta.BaseCommit != "" {
		st.meta.CodebaseHash = shortHash(st.meta.BaseCommit)
	}
	r.say("", phaseBoundary(ph, st.nextPhase(ph), st.it.slug))
	if next := st.nextPhase(ph); next != nil {
		st.finishPhases(next, r)
	}
	// build drafts the phase's artifacts: cur with what f holds, and each
	// later step that would have run with NEEDS CLARIFICATION markers.
	if err := st.trackSkipped(ph); err != nil {
		return nil, err
	}
	if err := st.build(c, st.inQuickScan(cur)); err != nil {
		return nil, err
	}
	if f != nil {
		c.commitAsIs(st.it.answerPath(cur))
	}
	if err := st.openNext(c, r); err != nil {
		return nil, err
	}
	if err := st.stageMeta(c); err != nil {
		return nil, err
	}
	sha, err := c.commit(fmt.Sprintf("rtgit: skip rest of phase %s (%s) from %s", ph.Phase.Number, ph.Phase.Name, cur.ID))
	if err != nil {
		return nil, err
	}
	r.Commit, r.Changed = sha, c.order
	return r, nil
}

// withOpen runs fn on the open step of slug under the item's lock: the
// shape of every verb that acts on the step the user is answering.
func (m *Machine) withOpen(slug string, fn func(*state, *steps.Step, *library.RoutePhase, *answers.File) (*Reply, error)) (*Reply, error) {
	st, unlock, err := m.begin(slug)
	if err != nil {
		return nil, err
	}
	defer unlock()
	cur, ph, f, err := st.open()
	if err != nil {
		return nil, err
	}
	return fn(st, cur, ph, f)
}

// open returns the current step and its parsed answer file.
func (st *state) open() (*steps.Step, *library.RoutePhase, *answers.File, error) {
	cur, ph := st.current()
	if cur == nil {
		return nil, nil, nil, fmt.Errorf("%w: %s has no open step", ErrComplete, st.it.slug)
	}
	f, err := st.answerFile(cur)
	if errors.Is(err, repofs.ErrOutside) {
		return nil, nil, nil, err
	}
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s: %w (run `rtgit next %s` to re-render it)", st.it.answerPath(cur), err, st.it.slug)
	}
	return cur, ph, f, nil
}

// SetDepth is a user depth override (module-design §6.2): persisted,
// announced, and applied by re-rendering the open step. A person's choice
// holds for the current phase and every later one, so it is not undone by
// the quick scan's depth when the next phase opens.
func (m *Machine) SetDepth(slug string, d steps.Depth) (*Reply, error) {
	return m.setDepthOf(slug, d, false)
}

// SetPhaseDepth is SetDepth for the current phase only: later phases keep
// the depth they would have had.
func (m *Machine) SetPhaseDepth(slug string, d steps.Depth) (*Reply, error) {
	return m.setDepthOf(slug, d, true)
}

func (m *Machine) setDepthOf(slug string, d steps.Depth, phaseOnly bool) (*Reply, error) {
	if !d.Valid() {
		return nil, fmt.Errorf("depth %q must be brief, standard or deep", d)
	}
	return m.withOpen(slug, func(st *state, cur *steps.Step, ph *library.RoutePhase, f *answers.File) (*Reply, error) {
		return st.setDepthFor(cur, ph, f, d, phaseOnly)
	})
}

func (st *state) setDepth(cur *steps.Step, ph *library.RoutePhase, f *answers.File, d steps.Depth) (*Reply, error) {
	return st.setDepthFor(cur, ph, f, d, false)
}

func (st *state) setDepthFor(cur *steps.Step, ph *library.RoutePhase, f *answers.File, d steps.Depth, phaseOnly bool) (*Reply, error) {
	r := &Reply{}
	r.say(st.route.PersonaOf(cur).Name, library.OverrideAnnouncement(d))
	scope := fmt.Sprintf("phase %s (%s)", ph.Phase.Number, ph.Phase.Name)
	if phaseOnly {
		st.meta.DepthOverrides[ph.Phase.Key] = string(d)
		r.say("", fmt.Sprintf("Depth %s holds for phase %s (%s) only; later phases keep theirs.", d, ph.Phase.Number, ph.Phase.Name))
	} else {
		for _, later := range st.phasesFrom(ph) {
			st.meta.DepthOverrides[later.Phase.Key] = string(d)
		}
		scope = fmt.Sprintf("phase %s (%s) onwards", ph.Phase.Number, ph.Phase.Name)
		r.say("", fmt.Sprintf("Depth %s holds for the rest of the analysis until you change it; `rtgit depth --phase` changes the current phase only.", d))
	}
	r, err := st.rerender(r, cur, ph, f, d, true, fmt.Sprintf("rtgit: depth %s for %s", d, scope))
	if err != nil {
		return nil, err
	}
	st.keptReply(r, cur, f, st.files[cur.ID], d)
	return r, nil
}

// rerender writes the open step's answer file again at depth d, keeping
// every answer and the feedback: answers to questions d does not ask go
// under "Answered earlier" (kept.go).
func (st *state) rerender(r *Reply, cur *steps.Step, ph *library.RoutePhase, f *answers.File, d steps.Depth, withMeta bool, msg string) (*Reply, error) {
	carry := map[string]string{}
	for _, a := range f.Answers {
		if a.Answered {
			carry[a.ID] = a.Text
		} else if sg, ok := f.Suggested(a.ID); ok && sg.Ticked && sg.Body != "" {
			// A ticked box is an answer: the render may not ask the
			// question again, and must not untick it.
			carry[a.ID] = sg.Body
		}
	}
	intro := st.intro(cur, ph, false)
	data, err := st.renderAnswerFile(cur, ph, d, intro, carry, f.Feedback)
	if err != nil {
		return nil, err
	}
	rel := st.it.answerPath(cur)
	c := st.m.changes()
	c.put(rel, data)
	c.userOwned[rel] = true // the user's edits are carried into the new render
	if withMeta {
		if err := st.stageMeta(c); err != nil {
			return nil, err
		}
	}
	sha, err := c.commit(msg)
	if err != nil {
		return nil, err
	}
	nf, err := st.m.parsed().Parse(rel, data)
	if err != nil {
		return nil, err
	}
	st.files[cur.ID] = nf
	r.Commit, r.Changed = sha, c.order
	r.Step = st.view(cur, ph, d)
	return r, nil
}

// Answer writes text as the answer to question id of the open step. The
// file is left for the step's commit, as if the user had edited it. An id
// "<step>/<question>" names a question of any step: of a finished one, the
// answer is changed and applied at once as a revision (reopen.go).
func (m *Machine) Answer(slug, id, text string) (*Reply, error) {
	if stepID, qid, ok := strings.Cut(id, "/"); ok {
		return m.answerStep(slug, stepID, qid, text)
	}
	return m.withOpen(slug, func(st *state, cur *steps.Step, ph *library.RoutePhase, _ *answers.File) (*Reply, error) {
		return st.answer(cur, ph, id, text)
	})
}

func (st *state) answer(cur *steps.Step, ph *library.RoutePhase, id, text string) (*Reply, error) {
	if strings.TrimSpace(text) == "" {
		return nil, fmt.Errorf("empty answer for %q", id)
	}
	rel := st.it.answerPath(cur)
	data, err := st.m.readFile(rel)
	if err != nil {
		return nil, err
	}
	out, err := st.m.parsed().SetAnswer(rel, data, id, text)
	if err != nil {
		return nil, err
	}
	if err := st.m.writeFile(rel, out); err != nil {
		return nil, err
	}
	nf, err := st.m.parsed().Parse(rel, out)
	if err != nil {
		return nil, err
	}
	st.files[cur.ID] = nf
	r := &Reply{Changed: []string{rel}}
	v := st.view(cur, ph, steps.Depth(nf.Depth))
	open := 0
	for _, q := range v.Questions {
		if q.Required && !q.Answered {
			open++
		}
	}
	r.say("", fmt.Sprintf("Recorded the answer to `%s` in %s; %s still open.", id, rel, plural(open, "required question")))
	r.Step = v
	return r, nil
}
