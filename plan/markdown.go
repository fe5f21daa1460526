package plan

import (
	"fmt"
	"slices"
	"strings"
)

// phases are the sections of tasks.md, one per kind, in order.
var phases = []struct{ kind, heading string }{
	{KindTest, "Tests"},
	{KindCode, "Implementation"},
	{KindVerify, "Verification"},
	{KindDocs, "Documentation"},
}

// Markdown renders tasks.md: a checklist grouped by phase, one task per
// line with its id, [P] when it may run in parallel, its title, the ids it
// traces, the files it touches, what it waits for and the questions that
// block it, then a Mermaid graph of the dependencies. status is the
// sentence that says where the plan came from.
func Markdown(slug, status string, p Plan) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Build Plan: %s\n\n%s\n\n", slug, status)
	if len(p.Tasks) == 0 {
		b.WriteString("_No tasks: the answers name no requirement with criteria, module, measurable NFR or affected file yet._\n")
		return b.String()
	}
	fmt.Fprintf(&b, "%s. `[P]` marks a task that can run beside the other `[P]` tasks of its phase.\n", Summary(p))
	for _, ph := range phases {
		first := true
		for _, t := range workOrder(p, ph.kind) {
			if first {
				fmt.Fprintf(&b, "\n## %s\n\n", ph.heading)
				first = false
			}
			b.WriteString(checklistLine(t) + "\n")
		}
	}
	b.WriteString("\n## Dependencies\n\n")
	b.WriteString(mermaid(p))
	return b.String()
}

// Summary counts a plan's tasks by phase: "21 tasks: 10 tests, 4
// implementation, 6 verification, 1 documentation".
func Summary(p Plan) string {
	var parts []string
	for _, ph := range phases {
		n := 0
		for _, t := range p.Tasks {
			if t.Kind == ph.kind {
				n++
			}
		}
		name := strings.ToLower(ph.heading)
		if n == 1 && name == "tests" {
			name = "test"
		}
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, name))
		}
	}
	s := fmt.Sprintf("%d tasks", len(p.Tasks))
	if len(p.Tasks) == 1 {
		s = "1 task"
	}
	if len(parts) > 0 {
		s += ": " + strings.Join(parts, ", ")
	}
	return s
}

// checklistLine is a task as a checklist item. It is the task's line in
// the line format with "- [ ] " in front and its files in backticks, so a
// line copied from tasks.md into the tasks answer reads as the same task.
func checklistLine(t Task) string {
	return "- [ ] " + markdownSafe(formatTask(t, true))
}

// markdownSafe keeps a line's text from being read as markup it is not:
// an HTML tag, or emphasis from a stray underscore or asterisk pair.
func markdownSafe(s string) string {
	return strings.NewReplacer("<", "&lt;", ">", "&gt;").Replace(s)
}

// mermaid draws the tasks as nodes and each dependency as an arrow from
// the task done first.
func mermaid(p Plan) string {
	var b strings.Builder
	b.WriteString("```mermaid\nflowchart TD\n")
	for _, t := range p.Tasks {
		fmt.Fprintf(&b, "  %s[\"%s %s\"]\n", t.ID, t.ID, mermaidLabel(t.Title))
	}
	for _, t := range p.Tasks {
		for _, dep := range t.DependsOn {
			if _, ok := p.Task(dep); ok {
				fmt.Fprintf(&b, "  %s --> %s\n", dep, t.ID)
			}
		}
	}
	b.WriteString("```\n")
	return b.String()
}

// mermaidLabel shortens a title for a graph node and writes the
// characters Mermaid would read as syntax as entity codes.
func mermaidLabel(s string) string {
	if r := []rune(s); len(r) > 60 {
		s = strings.TrimSpace(string(r[:59])) + "…"
	}
	return strings.NewReplacer(`"`, "#quot;", "<", "#lt;", ">", "#gt;", "`", "#96;").Replace(s)
}

// workOrder lists the tasks of one kind so that each comes after those of
// its kind it waits for, otherwise in id order: a list one can work
// through from the top.
func workOrder(p Plan, kind string) []Task {
	var todo []Task
	for _, t := range p.Tasks {
		if t.Kind == kind {
			todo = append(todo, t)
		}
	}
	out := make([]Task, 0, len(todo))
	done := map[string]bool{}
	for len(todo) > 0 {
		i := slices.IndexFunc(todo, func(t Task) bool {
			return !slices.ContainsFunc(t.DependsOn, func(dep string) bool {
				return !done[dep] && slices.ContainsFunc(todo, func(o Task) bool { return o.ID == dep })
			})
		})
		if i < 0 { // a cycle: check reports it; list the rest as they are
			i = 0
		}
		done[todo[i].ID] = true
		out = append(out, todo[i])
		todo = slices.Delete(todo, i, i+1)
	}
	return out
}
