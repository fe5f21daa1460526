package roundtable

import (
	"bytes"
	"errors"
	"fmt"
	"os"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/critic"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/meta"
)

// Next is [C] Continue and also the resume verb: it completes the open step
// if its answers are complete and valid, and opens the next one. A ticked
// [E] or [S] box in the answer file is honoured instead.
func (m *Machine) Next(slug string) (*Reply, error) {
	return m.withVerdict(slug)(m.next(slug))
}

func (m *Machine) next(slug string) (*Reply, error) {
	st, unlock, err := m.begin(slug)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if r, done, err := st.recoverPending(); done || err != nil {
		return r, err
	}
	if r, done, err := st.applyRevisions(); done || err != nil {
		return r, err
	}
	cur, ph := st.current()
	if cur == nil {
		return st.completeReply(), nil
	}
	f, err := st.answerFile(cur)
	if errors.Is(err, os.ErrNotExist) {
		return st.reopen(cur, ph)
	}
	if err != nil {
		return nil, err
	}
	switch f.Choice {
	case "E":
		return st.elaborate(cur, ph, f)
	case "S":
		return st.skip(cur, ph, f)
	}
	if f, err = st.acceptSuggestions(cur, ph, f); err != nil {
		return nil, err
	}
	rel := st.it.answerPath(cur)
	// Every problem of the step in one pass: the answers' rules, drafts
	// nobody edited, and the critic's errors, in the order of their lines,
	// so fixing one never reveals another that was there all along.
	probs := append(validate(rel, cur, f, st.lookup), st.staleDrafts(rel, cur, f)...)
	probs = append(probs, st.structureProblems(rel, cur, f)...)
	findings, err := st.critique(cur, f)
	if err != nil {
		return nil, err
	}
	for _, e := range critic.Errors(findings) {
		probs = append(probs, st.sayFinding(e))
	}
	planErrs, err := st.planErrors(cur)
	if err != nil {
		return nil, err
	}
	probs = append(probs, planErrs...)
	if len(probs) > 0 {
		// Whoever comes back to a half-done phase hears where we were
		// first, whether the open step is untouched or half answered;
		// then what is still needed.
		r := &Reply{Problems: byLine(probs), Step: st.view(cur, ph, steps.Depth(f.Depth)), Lines: st.intro(cur, ph, true)}
		for _, w := range critic.Warnings(findings) {
			r.Notes = append(r.Notes, st.sayFinding(w))
		}
		r.Notes = byLine(r.Notes)
		return r, fmt.Errorf("%w: %s in %s", ErrIncomplete, plural(len(probs), "problem"), rel)
	}
	st.notes = critic.Warnings(findings)
	return st.complete(cur, ph, f)
}

// begin takes the item lock and loads the analysis on its branch.
func (m *Machine) begin(slug string) (*state, func(), error) {
	if err := ValidateSlug(slug); err != nil {
		return nil, nil, err
	}
	unlock, err := m.Repo.Lock(slug, LockWait)
	if err != nil {
		return nil, nil, err
	}
	st, err := m.load(slug)
	if err == nil {
		err = st.onBranch()
	}
	if err == nil {
		err = m.runnableRoute(st.route)
	}
	if err != nil {
		unlock()
		return nil, nil, err
	}
	return st, unlock, nil
}

// complete records the step, renders every artifact again from the
// answers (build), opens the next step and commits everything as one
// commit.
func (st *state) complete(cur *steps.Step, ph *library.RoutePhase, f *answers.File) (*Reply, error) {
	c := st.m.changes()
	r := &Reply{}
	if err := st.recordDrafts(cur, f); err != nil {
		return nil, err
	}
	st.meta.CompleteStep(cur.ID)
	st.meta.SetAnsweredBy(cur.ID, st.m.changer())
	st.finishPhases(ph, r)
	if err := st.build(c, st.inQuickScan(cur)); err != nil {
		return nil, err
	}
	if err := st.stageAnswerFile(c, cur, r); err != nil {
		return nil, err
	}
	st.review(c, r, cur, ph, f)
	if err := st.openNext(c, r); err != nil {
		return nil, err
	}
	if err := st.stageMeta(c); err != nil {
		return nil, err
	}
	sha, err := c.commit(fmt.Sprintf("rtgit: complete %s %s", cur.ID, cur.Title))
	if err != nil {
		return nil, err
	}
	r.Commit, r.Changed = sha, c.order
	return r, nil
}

// finishPhases marks ph complete once none of its steps remain, along with
// any later phases whose steps were all skipped, and says the boundary line.
func (st *state) finishPhases(ph *library.RoutePhase, r *Reply) {
	for p := ph; p != nil; p = st.nextPhase(p) {
		if st.meta.HasPhase(p.Phase.Key) {
			continue
		}
		for _, s := range p.Steps {
			if st.eligible(s, p, true) {
				return
			}
		}
		st.meta.CompletePhase(p.Phase.Key)
		if st.meta.BaseCommit != "" {
			st.meta.CodebaseHash = shortHash(st.meta.BaseCommit)
		}
		r.say("", phaseBoundary(p, st.nextPhase(p), st.it.slug))
	}
}

func shortHash(sha string) string {
	if len(sha) > 7 {
		return sha[:7]
	}
	return sha
}

// openNext renders the answer file of the step that is now current, with
// its handoff, greeting and announcement, and puts it in the reply.
func (st *state) openNext(c *changeset, r *Reply) error {
	next, ph := st.current()
	if next == nil {
		r.Done = true
		return nil
	}
	intro := st.intro(next, ph, false)
	r.Lines = append(r.Lines, intro...)
	d := st.stepDepth(next, ph)
	data, err := st.renderAnswerFile(next, ph, d, intro, nil, "")
	if err != nil {
		return err
	}
	rel := st.it.answerPath(next)
	c.put(rel, data)
	f, err := st.m.parsed().Parse(rel, data)
	if err != nil {
		return err
	}
	st.files[next.ID] = f
	r.Step = st.view(next, ph, d)
	return nil
}

func (st *state) stageMeta(c *changeset) error {
	if err := st.recordUsage(); err != nil {
		return err
	}
	st.meta.AnalysisStatus = meta.StatusFor(len(st.meta.PhasesCompleted), len(st.route.Phases))
	if st.meta.Slug == "" {
		st.meta.Slug = st.it.slug // analyses begun before meta.json carried it
	}
	if st.m.comment != "" {
		st.meta.MarkProcessed(st.m.comment)
	}
	st.refreshAcceptance()
	data, err := st.meta.Marshal()
	if err != nil {
		return err
	}
	c.put(st.it.metaPath(), data)
	return nil
}

// completeReply is what `next` says once every phase is done.
func (st *state) completeReply() *Reply {
	r := &Reply{Done: true}
	r.say("", "Analysis complete.")
	return r
}

// reopen renders the current step's answer file when it is missing (a
// deleted file, or a step added to the route since the last run).
func (st *state) reopen(cur *steps.Step, ph *library.RoutePhase) (*Reply, error) {
	c := st.m.changes()
	r := &Reply{}
	r.Lines = st.intro(cur, ph, true)
	d := st.stepDepth(cur, ph)
	data, err := st.renderAnswerFile(cur, ph, d, r.Lines, nil, "")
	if err != nil {
		return nil, err
	}
	c.put(st.it.answerPath(cur), data)
	sha, err := c.commit(fmt.Sprintf("rtgit: open %s %s", cur.ID, cur.Title))
	if err != nil {
		return nil, err
	}
	r.Commit, r.Changed = sha, c.order
	r.Step = st.view(cur, ph, d)
	return r, nil
}

// recoverPending finishes a run that wrote meta.json but was stopped
// before its commit: the steps recorded since HEAD get their artifacts
// again (the same bytes), the open step's answer file is rendered if
// missing, and all of it is committed once.
func (st *state) recoverPending() (*Reply, bool, error) {
	wt, err := st.m.readFile(st.it.metaPath())
	if err != nil {
		return nil, false, err
	}
	head, err := st.m.Repo.ReadFileAt("HEAD", st.it.metaPath())
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, false, err
	}
	if bytes.Equal(wt, head) {
		return nil, false, nil
	}
	var headMeta *meta.Meta
	if head != nil {
		if headMeta, err = meta.Parse("HEAD:"+st.it.metaPath(), head); err != nil {
			return nil, false, err
		}
	}
	var pending []*steps.Step
	for _, s := range st.route.Steps() {
		if st.meta.HasStep(s.ID) && (headMeta == nil || !headMeta.HasStep(s.ID)) {
			pending = append(pending, s)
		}
	}
	if headMeta != nil && len(pending) == 0 && len(headMeta.PhasesCompleted) == len(st.meta.PhasesCompleted) {
		return nil, false, nil // a hand edit of meta.json: left for the normal path to refuse
	}
	c := st.m.changes()
	r := &Reply{}
	msg := "rtgit: start analysis " + st.it.slug
	rescan := false
	for _, s := range pending {
		_, ph := st.route.Step(s.ID)
		c.commitAsIs(st.it.answerPath(s))
		st.finishPhases(ph, r)
		rescan = rescan || st.inQuickScan(s)
		msg = fmt.Sprintf("rtgit: complete %s %s", s.ID, s.Title)
	}
	// A phase recorded as complete while some of its steps are not was
	// skipped: build drafts its artifacts again, as the skip drafted them.
	for _, ph := range st.route.Phases {
		if !st.meta.HasPhase(ph.Phase.Key) || (headMeta != nil && headMeta.HasPhase(ph.Phase.Key)) {
			continue
		}
		for _, s := range ph.Steps {
			if st.meta.HasStep(s.ID) || !st.runnable(s, ph, false, st.doneBefore(s)) {
				continue
			}
			if _, err := os.Stat(st.m.abs(st.it.answerPath(s))); err == nil {
				c.commitAsIs(st.it.answerPath(s))
			}
			if err := st.trackSkipped(ph); err != nil {
				return nil, true, err
			}
			rescan = rescan || ph.Phase.Key == library.QuickScanPhase
			msg = fmt.Sprintf("rtgit: skip rest of phase %s (%s) from %s", ph.Phase.Number, ph.Phase.Name, s.ID)
			break
		}
	}
	if err := st.build(c, rescan); err != nil {
		return nil, true, err
	}
	if cur, ph := st.current(); cur != nil {
		rel := st.it.answerPath(cur)
		if _, err := os.Stat(st.m.abs(rel)); err == nil {
			c.commitAsIs(rel)
			r.Step = st.view(cur, ph, st.stepDepth(cur, ph))
		} else if err := st.openNext(c, r); err != nil {
			return nil, true, err
		}
	} else {
		r.Done = true
	}
	if err := st.stageMeta(c); err != nil {
		return nil, true, err
	}
	sha, err := c.commit(msg)
	if err != nil {
		return nil, true, err
	}
	r.Commit, r.Changed = sha, c.order
	r.say("", "Finished an interrupted run: "+msg)
	return r, true, nil
}
