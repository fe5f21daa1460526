package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type handlers struct{ b Backend }

type slugArgs struct {
	Slug string `json:"slug" jsonschema:"the analysis slug, from analyses"`
}

type readyArgs struct {
	Slug  string   `json:"slug" jsonschema:"the analysis slug"`
	Done  []string `json:"done,omitempty" jsonschema:"task ids already built"`
	Limit int      `json:"limit,omitempty" jsonschema:"most tasks to return (default 3, at most 10)"`
}

type getArgs struct {
	Slug string `json:"slug" jsonschema:"the analysis slug"`
	ID   string `json:"id" jsonschema:"FR-001, AC-001-01, US-001, NFR-001, T001, Q-001, ADR-0001, a module name or a file path"`
}

type commentArgs struct {
	Slug string `json:"slug" jsonschema:"the analysis slug"`
	Text string `json:"text" jsonschema:"the comment, as on the pull request"`
}

func readOnly() *mcp.ToolAnnotations {
	return &mcp.ToolAnnotations{ReadOnlyHint: true}
}

func (h *handlers) register(s *mcp.Server, write bool) {
	mcp.AddTool(s, &mcp.Tool{Name: "analyses", Description: "List the analyses and their state.", Annotations: readOnly()}, h.analyses)
	mcp.AddTool(s, &mcp.Tool{Name: "summary", Description: "One analysis: scope, state, sign-off, plan size, readiness.", Annotations: readOnly()}, h.summary)
	mcp.AddTool(s, &mcp.Tool{Name: "ready_tasks", Description: "Build-plan tasks ready to start (dependencies done, nothing blocking), each with its requirements, criteria, modules, files and blocking questions.", Annotations: readOnly()}, h.ready)
	mcp.AddTool(s, &mcp.Tool{Name: "get", Description: "One requirement, criterion, story, NFR, task, question, ADR, module or file by id.", Annotations: readOnly()}, h.get)
	mcp.AddTool(s, &mcp.Tool{Name: "check", Description: "The build-readiness check as findings.", Annotations: readOnly()}, h.check)
	if write {
		f := false
		mcp.AddTool(s, &mcp.Tool{Name: "comment", Description: "Record a comment or answer on the open step, as rtgit comment does; commits.",
			Annotations: &mcp.ToolAnnotations{DestructiveHint: &f}}, h.comment)
	}
}

// reply is a tool's answer: compact JSON as text, which every client
// shows, and the same value as structured content.
func reply(v any) (*mcp.CallToolResult, any, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(data)}}}, v, nil
}

func (h *handlers) load(slug string) (*Analysis, error) {
	if err := checkSlug(slug); err != nil {
		return nil, err
	}
	a, err := h.b.Load(slug)
	if err != nil {
		return nil, badInput("%s", clip(err.Error(), 300))
	}
	return a, nil
}

func (h *handlers) analyses(_ context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	rows, err := h.b.List()
	if err != nil {
		return nil, nil, err
	}
	out := map[string]any{"analyses": rows}
	if len(rows) > maxList {
		out["analyses"] = rows[:maxList]
		out["more"] = fmt.Sprintf("%d more not listed; ask summary with a slug", len(rows)-maxList)
	}
	if rows == nil {
		out["analyses"] = []Row{}
	}
	return reply(out)
}

func (h *handlers) summary(_ context.Context, _ *mcp.CallToolRequest, in slugArgs) (*mcp.CallToolResult, any, error) {
	a, err := h.load(in.Slug)
	if err != nil {
		return nil, nil, err
	}
	kinds := map[string]int{}
	for _, t := range a.Tasks {
		kinds[t.Kind]++
	}
	criteria := 0
	for _, r := range a.Requirements {
		criteria += len(r.Criteria)
	}
	missing := a.Missing
	if len(missing) > 10 {
		missing = append(slices.Clip(missing[:10]), fmt.Sprintf("%d more: call check", len(missing)-10))
	}
	return reply(map[string]any{
		"slug": a.Slug, "description": clip(a.Description, maxText), "library": a.Library,
		"state": a.State, "steps_done": a.Done, "steps_total": a.Total, "scope": a.Scope,
		"signoff": a.SignOff, "ready": a.Ready, "missing": missing,
		"plan":         map[string]any{"tasks": len(a.Tasks), "confirmed": a.TasksConfirmed, "by_kind": kinds},
		"requirements": len(a.Requirements), "criteria": criteria, "open_questions": len(a.Open),
		"artifacts": len(a.Artifacts), "resources": "rtgit://" + a.Slug + "/<file>",
	})
}

func (h *handlers) check(_ context.Context, _ *mcp.CallToolRequest, in slugArgs) (*mcp.CallToolResult, any, error) {
	if err := checkSlug(in.Slug); err != nil {
		return nil, nil, err
	}
	c, err := h.b.Check(in.Slug)
	if err != nil {
		return nil, nil, badInput("%s", clip(err.Error(), 300))
	}
	out := map[string]any{"ready": c.Ready, "findings": c.Findings}
	if c.Findings == nil {
		out["findings"] = []Finding{}
	}
	if len(c.Findings) > maxList {
		out["findings"] = c.Findings[:maxList]
		out["more"] = fmt.Sprintf("%d more findings; run rtgit check", len(c.Findings)-maxList)
	}
	return reply(out)
}

func (h *handlers) comment(_ context.Context, _ *mcp.CallToolRequest, in commentArgs) (*mcp.CallToolResult, any, error) {
	if err := checkSlug(in.Slug); err != nil {
		return nil, nil, err
	}
	if strings.TrimSpace(in.Text) == "" {
		return nil, nil, badInput("text is empty")
	}
	said, err := h.b.Comment(in.Slug, in.Text)
	if err != nil {
		return nil, nil, err
	}
	return reply(map[string]any{"reply": clip(said, 4*maxText)})
}

func (h *handlers) ready(_ context.Context, _ *mcp.CallToolRequest, in readyArgs) (*mcp.CallToolResult, any, error) {
	if len(in.Done) > 1000 {
		return nil, nil, badInput("done lists %d ids; at most 1000", len(in.Done))
	}
	a, err := h.load(in.Slug)
	if err != nil {
		return nil, nil, err
	}
	limit := in.Limit
	if limit <= 0 {
		limit = 3
	}
	limit = min(limit, maxTasks)
	ready := readyTasks(a, in.Done)
	out := map[string]any{"ready_total": len(ready), "confirmed_plan": a.TasksConfirmed}
	var list []taskContext
	for _, t := range ready[:min(limit, len(ready))] {
		list = append(list, contextOf(a, t))
	}
	if list == nil {
		list = []taskContext{}
	}
	out["tasks"] = list
	if len(ready) > limit {
		out["more"] = fmt.Sprintf("%d more ready; raise limit or pass done", len(ready)-limit)
	}
	if !a.TasksConfirmed {
		out["note"] = "the plan is rtgit's draft: nobody has confirmed it yet"
	}
	return reply(out)
}

// readyTasks are the tasks not done whose dependencies are all done and
// that no open question blocks, in plan order.
func readyTasks(a *Analysis, done []string) []Task {
	isDone := map[string]bool{}
	for _, d := range done {
		isDone[d] = true
	}
	open := map[string]bool{}
	for _, q := range a.Open {
		open[q.ID] = true
	}
	var out []Task
	for _, t := range a.Tasks {
		if isDone[t.ID] {
			continue
		}
		ok := true
		for _, d := range t.DependsOn {
			ok = ok && isDone[d]
		}
		for _, q := range t.BlockedBy {
			ok = ok && !open[q]
		}
		if ok {
			out = append(out, t)
		}
	}
	return out
}

func (h *handlers) get(_ context.Context, _ *mcp.CallToolRequest, in getArgs) (*mcp.CallToolResult, any, error) {
	if len(in.ID) > maxArg || !knownID(in.ID) {
		return nil, nil, badInput("id %q is not an id rtgit knows the form of", clip(in.ID, 100))
	}
	a, err := h.load(in.Slug)
	if err != nil {
		return nil, nil, err
	}
	if v := find(a, in.ID); v != nil {
		return reply(v)
	}
	return nil, nil, badInput("%s has no %s", a.Slug, in.ID)
}

// find is the item an id names, or nil.
func find(a *Analysis, id string) any {
	for _, r := range a.Requirements {
		if r.ID == id {
			return clipRequirement(r)
		}
		for _, c := range r.Criteria {
			if c.ID == id {
				return map[string]any{"criterion": c, "requirement": map[string]string{"id": r.ID, "title": r.Title}}
			}
		}
	}
	for _, t := range a.Tasks {
		if t.ID == id {
			return contextOf(a, t)
		}
	}
	for _, s := range a.Stories {
		if s.ID == id {
			return s
		}
	}
	for _, n := range a.NFRs {
		if n.ID == id {
			return n
		}
	}
	for _, q := range a.Open {
		if q.ID == id {
			return q
		}
	}
	for _, d := range a.Decisions {
		if strings.EqualFold(d.ID, id) {
			return d
		}
	}
	for _, m := range a.Modules {
		if m.Name == id {
			return clipModule(m, 40)
		}
	}
	for _, f := range a.Files {
		if f.Path == id {
			var tasks []string
			for _, t := range a.Tasks {
				if slices.Contains(t.Files, id) {
					tasks = append(tasks, t.ID)
				}
			}
			return map[string]any{"file": f, "tasks": tasks}
		}
	}
	return nil
}

// clip cuts s to n characters, saying so.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + " … (cut; the artifact has the rest)"
}

func clipRequirement(r Requirement) Requirement {
	r.Statement = clip(r.Statement, maxText)
	cs := make([]Criterion, len(r.Criteria))
	for i, c := range r.Criteria {
		c.Text = clip(c.Text, maxText/2)
		cs[i] = c
	}
	r.Criteria = cs
	return r
}

func clipModule(m Module, lines int) Module {
	out := Module{Name: m.Name, Sections: map[string][]string{}}
	for k, ls := range m.Sections {
		var kept []string
		for i, l := range ls {
			if i == lines {
				kept = append(kept, fmt.Sprintf("… %d more lines: get %s", len(ls)-lines, m.Name))
				break
			}
			kept = append(kept, clip(l, 300))
		}
		out.Sections[k] = kept
	}
	return out
}
