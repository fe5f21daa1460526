package mcpserver

import (
	"encoding/json"
	"path"
	"slices"
	"strings"
)

// taskContext is one task with exactly what building it needs: the
// requirements and criteria it traces, the stories and NFRs it names,
// the module designs of its files, and the open questions blocking it.
type taskContext struct {
	Task         Task          `json:"task"`
	Requirements []Requirement `json:"requirements,omitempty"`
	Stories      []Story       `json:"stories,omitempty"`
	NFRs         []NFR         `json:"nfrs,omitempty"`
	Modules      []Module      `json:"modules,omitempty"`
	Files        []File        `json:"files,omitempty"`
	Blocking     []Question    `json:"blocking,omitempty"`
	Cut          string        `json:"cut,omitempty"`
}

func contextOf(a *Analysis, t Task) taskContext {
	c := taskContext{Task: t}
	traced := map[string]bool{}
	for _, id := range t.Traces {
		traced[id] = true
	}
	for _, r := range a.Requirements {
		var crit []Criterion
		for _, cr := range r.Criteria {
			if traced[cr.ID] {
				crit = append(crit, cr)
			}
		}
		if !traced[r.ID] && crit == nil {
			continue
		}
		if crit == nil { // the requirement as a whole: all its criteria
			crit = r.Criteria
		}
		r.Criteria = crit
		c.Requirements = append(c.Requirements, clipRequirement(r))
	}
	for _, s := range a.Stories {
		if traced[s.ID] {
			s.Text = clip(s.Text, maxText/2)
			c.Stories = append(c.Stories, s)
		}
	}
	for _, n := range a.NFRs {
		if traced[n.ID] {
			c.NFRs = append(c.NFRs, n)
		}
	}
	for _, m := range a.Modules {
		if touches(m.Name, t) {
			c.Modules = append(c.Modules, clipModule(m, 8))
		}
	}
	for _, f := range a.Files {
		if slices.Contains(t.Files, f.Path) {
			c.Files = append(c.Files, f)
		}
	}
	blocked := map[string]bool{}
	for _, q := range t.BlockedBy {
		blocked[q] = true
	}
	for _, q := range a.Open {
		if blocked[q.ID] {
			q.Text = clip(q.Text, maxText/2)
			c.Blocking = append(c.Blocking, q)
		}
	}
	return bound(c)
}

// touches tells whether a module's design concerns a task: the task's
// title names the module, or one of its files is the module's file or
// lies in its folder (invoices.export is invoices/export.py).
func touches(module string, t Task) bool {
	if module == "" {
		return false
	}
	if strings.Contains(strings.ToLower(t.Title), strings.ToLower(module)) {
		return true
	}
	m := strings.Trim(strings.ReplaceAll(strings.ReplaceAll(module, "::", "/"), ".", "/"), "/")
	for _, f := range t.Files {
		stem := strings.TrimSuffix(f, path.Ext(f))
		if stem == m || strings.HasPrefix(f, m+"/") || strings.HasSuffix(stem, "/"+m) || path.Dir(f) == m {
			return true
		}
	}
	return false
}

// bound keeps a task's context under maxPayload bytes: it drops module
// detail first, then criteria text, then the modules, then the stories,
// each time saying what to fetch for the rest.
func bound(c taskContext) taskContext {
	size := func() int { b, _ := json.Marshal(c); return len(b) }
	if size() <= maxPayload {
		return c
	}
	c.Cut = "context cut to stay under 8 KB; get an id for its whole text"
	for i := range c.Modules {
		c.Modules[i] = clipModule(c.Modules[i], 2)
	}
	if size() <= maxPayload {
		return c
	}
	for i := range c.Requirements {
		c.Requirements[i].Statement = clip(c.Requirements[i].Statement, 200)
		for j := range c.Requirements[i].Criteria {
			c.Requirements[i].Criteria[j].Text = clip(c.Requirements[i].Criteria[j].Text, 160)
			c.Requirements[i].Criteria[j].Steps = nil
		}
	}
	for size() > maxPayload && len(c.Modules) > 0 {
		c.Modules = c.Modules[:len(c.Modules)-1]
	}
	for size() > maxPayload && len(c.Stories) > 0 {
		c.Stories = c.Stories[:len(c.Stories)-1]
	}
	for size() > maxPayload && len(c.Requirements) > 1 {
		c.Requirements = c.Requirements[:len(c.Requirements)-1]
	}
	for size() > maxPayload && len(c.Requirements) == 1 && len(c.Requirements[0].Criteria) > 1 {
		r := &c.Requirements[0]
		r.Criteria = r.Criteria[:len(r.Criteria)-1]
	}
	if size() > maxPayload && len(c.Task.Files) > 20 {
		c.Task.Files = c.Task.Files[:20]
		c.Files = nil
	}
	return c
}
