package follow

import (
	"fmt"
	"slices"

	"github.com/rtgit/rtgit/plan"
)

// What a drift report counts from.
const (
	SinceMerged   = "merged"     // the analysis's merge: no task was done yet, or it has no tasks
	SinceDone     = "tasks done" // the change that did the last task done
	SinceAccepted = "accepted"   // the commit a person accepted
)

// DriftReport lists the changes to an analysis's files after its build.
type DriftReport struct {
	Slug string `json:"slug"`
	// Since is the commit changes are counted after, Why which of the
	// Since* it is.
	Since string `json:"since"`
	Why   string `json:"why"`
	// Pending are the tasks not done yet: changes to their files are the
	// build's, not drift, and are left out until they are done.
	Pending []string `json:"pending"`
	Files   []File   `json:"files"`
	// Note says why a recorded baseline was not used.
	Note string `json:"note,omitempty"`
}

// Drifted reports whether any owned file changed after the baseline.
func (d *DriftReport) Drifted() bool { return len(d.Files) > 0 }

// Baseline is the commit drift counts from, and why: the later of the
// merge, the change that did the last task done, and the accepted
// commit. note is set when the accepted commit is not on the base
// branch's history since the merge (a rewritten history).
func (a *Analysis) Baseline(states []TaskState) (since, why, note string) {
	at, since, why := -1, a.Merged, SinceMerged
	for _, s := range states {
		if s.Done && s.at > at {
			at, since, why = s.at, s.In, SinceDone
		}
	}
	if b := a.Accepted; b != nil {
		i := a.index(b.Commit)
		switch {
		case i == -2:
			note = fmt.Sprintf("the accepted commit %s is not on the base branch since the merge of %s; it was left out", short(b.Commit), a.Slug)
		case i >= at:
			at, since, why = i, b.Commit, SinceAccepted
		}
	}
	return since, why, note
}

// index is the position of hash in Changes, -1 for the merge itself and
// -2 when it is neither.
func (a *Analysis) index(hash string) int {
	if hash == a.Merged {
		return -1
	}
	if i := slices.IndexFunc(a.Changes, func(c Change) bool { return c.Hash == hash }); i >= 0 {
		return i
	}
	return -2
}

// OnHistory reports whether hash is the analysis's merge or a change
// after it, the only commits a baseline may name.
func (a *Analysis) OnHistory(hash string) bool { return a.index(hash) != -2 }

// Drift lists the changes to the files the analysis owns after its
// baseline, leaving out the files of tasks not done yet.
func (a *Analysis) Drift(r Repo) (*DriftReport, error) {
	states := a.TaskStates(nil)
	d := &DriftReport{Slug: a.Slug, Pending: []string{}, Files: []File{}}
	d.Since, d.Why, d.Note = a.Baseline(states)
	building := map[string]bool{}
	for i, s := range states {
		if s.Done {
			continue
		}
		d.Pending = append(d.Pending, s.ID)
		for _, f := range a.Tasks[i].Files {
			building[f] = true
		}
	}
	var owned []string
	for _, f := range a.paths() {
		if !building[f] && !plan.IsChangelog(f) {
			owned = append(owned, f)
		}
	}
	if d.Since == a.Tip || len(owned) == 0 {
		return d, nil
	}
	files, err := r.Drift(d.Since, a.Tip, owned)
	if err != nil {
		return nil, err
	}
	d.Files = append(d.Files, files...)
	return d, nil
}

func short(h string) string {
	if len(h) > 7 {
		return h[:7]
	}
	return h
}
