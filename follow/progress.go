package follow

import "fmt"

// TaskState is how far the base branch has got with one task.
type TaskState struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Issue int    `json:"issue,omitempty"`
	Done  bool   `json:"done"`
	// How, In and Subject say which change did it: the first merged
	// change after the analysis that touched the task's files or named
	// it.
	How     string `json:"how,omitempty"`
	In      string `json:"in,omitempty"`
	Subject string `json:"subject,omitempty"`
	// Closed is true when the task's issue is closed on the tracker, as
	// the caller was told; a closed issue does not make a task done.
	Closed bool `json:"closed,omitempty"`
	// at is the index in Analysis.Changes of In.
	at int
}

// Phantom reports a task whose issue was closed with no merged change
// behind it.
func (t TaskState) Phantom() bool { return t.Closed && !t.Done }

// TaskStates says, for every task, whether a merged change after the
// analysis did it. closed holds the task issues closed on the tracker
// (nil when the tracker was not asked).
func (a *Analysis) TaskStates(closed map[int]bool) []TaskState {
	works := make([]*Work, len(a.Changes))
	for i, c := range a.Changes {
		works[i] = NewWork(c.Touched, []string{c.Message})
	}
	out := make([]TaskState, 0, len(a.Tasks))
	for _, t := range a.Tasks {
		s := TaskState{ID: t.ID, Title: t.Title, Issue: a.Issues[t.ID], at: -1}
		s.Closed = s.Issue > 0 && closed[s.Issue]
		for i, w := range works {
			if how := w.Does(a.Slug, a.Footprint.Files, t, s.Issue); how != "" {
				c := a.Changes[i]
				s.Done, s.How, s.In, s.Subject, s.at = true, how, c.Hash, c.Subject, i
				break
			}
		}
		out = append(out, s)
	}
	return out
}

// Progress is an analysis's build progress.
type Progress struct {
	Slug   string      `json:"slug"`
	Merged string      `json:"merged"`
	Tasks  []TaskState `json:"tasks"`
	Done   int         `json:"tasks_done"`
	// Phantom lists the tasks whose issue is closed with no change
	// behind them.
	Phantom  []string        `json:"phantom"`
	Criteria []CriterionTest `json:"criteria"`
	// Named counts the criteria a test names; Reported those a report
	// given covered, and Passed those whose test passed there.
	Named    int `json:"criteria_named"`
	Reported int `json:"criteria_reported"`
	Passed   int `json:"criteria_passed"`
}

// Progress puts together the tasks' states and the criteria's tests.
func (a *Analysis) Progress(closed map[int]bool, tests Tests) (*Progress, error) {
	p := &Progress{Slug: a.Slug, Merged: a.Merged, Tasks: a.TaskStates(closed), Phantom: []string{}}
	for _, t := range p.Tasks {
		if t.Done {
			p.Done++
		}
		if t.Phantom() {
			p.Phantom = append(p.Phantom, t.ID)
		}
	}
	var err error
	if p.Criteria, err = a.criteria(tests); err != nil {
		return nil, err
	}
	for _, c := range p.Criteria {
		if len(c.Tests) > 0 {
			p.Named++
		}
		if c.Passed != nil {
			p.Reported++
			if *c.Passed {
				p.Passed++
			}
		}
	}
	return p, nil
}

// Lines says the progress in a few lines of plain text, the same in
// status and on the dashboard of the analysis's issue.
func (p *Progress) Lines() []string {
	out := []string{fmt.Sprintf("%d of %d tasks done", p.Done, len(p.Tasks))}
	crit := fmt.Sprintf("%d of %d criteria have a test naming them", p.Named, len(p.Criteria))
	if p.Reported > 0 {
		crit += fmt.Sprintf("; %d of %d reported passed", p.Passed, p.Reported)
	}
	out = append(out, crit)
	for _, id := range p.Phantom {
		out = append(out, id+": its issue is closed, but no merged change touched its files or named it")
	}
	return out
}
