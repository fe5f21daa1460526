package roundtable

import (
	"fmt"
	"strings"
	"time"

	"github.com/rtgit/rtgit/steps/meta"
)

// Abandon records in meta.json, committed on the analysis branch, that the
// analysis will not be built, and why. The branch and its history stay, so
// the decision and the work before it can be found again; `check` refuses
// an abandoned analysis.
func (m *Machine) Abandon(slug, reason string) (*Reply, error) {
	return m.setAside(slug, meta.Abandoned, reason)
}

// Defer records that the analysis is waiting, and why; Resume picks it up.
func (m *Machine) Defer(slug, reason string) (*Reply, error) {
	return m.setAside(slug, meta.Deferred, reason)
}

// Resume removes an abandoned or deferred analysis's record, so it can
// go on where it stopped.
func (m *Machine) Resume(slug string) (*Reply, error) {
	st, unlock, err := m.begin(slug)
	if err != nil {
		return nil, err
	}
	defer unlock()
	prev, err := st.meta.ClosedRecord(st.it.metaPath())
	if err != nil {
		return nil, err
	}
	r := &Reply{}
	if prev == nil {
		r.say("", fmt.Sprintf("%s is neither abandoned nor deferred; nothing to resume.", slug))
		return r, nil
	}
	st.meta.SetClosed(nil)
	c := m.changes()
	if err := st.stageMeta(c); err != nil {
		return nil, err
	}
	if r.Commit, err = c.commit(fmt.Sprintf("rtgit: resume %s (was %s)", slug, prev.As)); err != nil {
		return nil, err
	}
	r.Changed = c.order
	r.say("", fmt.Sprintf("Resumed %s; it was %s (%s).", slug, prev.As, prev.Reason))
	return r, nil
}

// Reviewed marks the review items of steps (all of them with none given)
// as dealt with: a person checked those answers against the changed code
// and they still hold.
func (m *Machine) Reviewed(slug string, stepIDs []string) (*Reply, error) {
	st, unlock, err := m.begin(slug)
	if err != nil {
		return nil, err
	}
	defer unlock()
	r := &Reply{}
	n := st.meta.DropReviewItems(stepIDs...)
	if n == 0 {
		r.say("", fmt.Sprintf("%s has no review item for %s.", slug, orAll(stepIDs)))
		return r, nil
	}
	c := m.changes()
	if err := st.stageMeta(c); err != nil {
		return nil, err
	}
	if r.Commit, err = c.commit(fmt.Sprintf("rtgit: reviewed %s of %s", orAll(stepIDs), slug)); err != nil {
		return nil, err
	}
	r.Changed = c.order
	r.say("", fmt.Sprintf("Marked %d review item(s) of %s as reviewed.", n, orAll(stepIDs)))
	return r, nil
}

func orAll(ids []string) string {
	if len(ids) == 0 {
		return "every step"
	}
	return strings.Join(ids, ", ")
}

func (m *Machine) setAside(slug, as, reason string) (*Reply, error) {
	reason = strings.Join(strings.Fields(reason), " ")
	if reason == "" {
		return nil, fmt.Errorf("say why (`--reason`, or the text after `/rtgit %s`): it is what a later reader of %s%s needs", map[string]string{meta.Abandoned: "abandon", meta.Deferred: "defer"}[as], BranchPrefix, slug)
	}
	st, unlock, err := m.begin(slug)
	if err != nil {
		return nil, err
	}
	defer unlock()
	st.meta.SetClosed(&meta.Closed{As: as, Reason: reason, At: m.now().UTC().Format(time.RFC3339), By: m.changer()})
	c := m.changes()
	if err := st.stageMeta(c); err != nil {
		return nil, err
	}
	r := &Reply{}
	if r.Commit, err = c.commit(fmt.Sprintf("rtgit: %s %s\n\n%s\n", map[string]string{meta.Abandoned: "abandon", meta.Deferred: "defer"}[as], slug, reason)); err != nil {
		return nil, err
	}
	r.Changed = c.order
	r.say("", fmt.Sprintf("%s is %s: %s. The branch %s%s keeps its history; `rtgit resume %s` picks it up again.", slug, as, reason, BranchPrefix, slug, slug))
	return r, nil
}
