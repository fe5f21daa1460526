package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/plan"
)

type tasksOptions struct {
	*globals
	json bool
}

// tasksJSON is what `rtgit tasks --json` prints.
type tasksJSON struct {
	Slug string `json:"slug"`
	// Confirmed is true for the tasks answer of a finished step, false
	// for the plan derived from the answers.
	Confirmed bool `json:"confirmed"`
	// Editing is true for the open step's tasks answer as a person is
	// editing it in the working tree.
	Editing bool `json:"editing"`
	// Source is "path:line" of the tasks answer, "" for a derived plan.
	Source   string         `json:"source"`
	Tasks    []plan.Task    `json:"tasks"`
	Problems []tasksProblem `json:"problems"`
}

type tasksProblem struct {
	Path     string `json:"path"`
	Line     int    `json:"line"`
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

func newTasksCmd(g *globals, s Streams) *cobra.Command {
	o := &tasksOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "tasks [<slug>]",
		Short: "Print the analysis's build plan",
		Long: `Print the build plan: one task per line with its id, [P] when it can run in
parallel, its kind and title, the requirement, criterion, story and NFR ids it
traces, the files it touches, the tasks it comes after and the questions that
block it (docs/tasks.md has the format).

Once the step that asks for the plan (04-05 in the default steps) is finished,
the plan is its tasks answer, confirmed. While that step is open and its tasks
answer is edited, the plan is the edit as the working tree has it (as check
reads it), not confirmed yet. Otherwise, or in steps that ask for no plan, it
is the plan rtgit derives from the answers, not confirmed. The
problems the critic finds in it follow, each with its file and line.`,
		Example:           "  rtgit tasks invoice-export\n  rtgit tasks --json invoice-export | jq '.tasks[].id'",
		Args:              rangeArgs(0, 1),
		ValidArgsFunction: completeSlugs(g),
		RunE: func(_ *cobra.Command, args []string) error {
			slug, err := requireSlug(o.dir, "tasks", args)
			if err != nil {
				return err
			}
			return runTasks(o, slug, s)
		},
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print JSON")
	return cmd
}

func runTasks(o *tasksOptions, slug string, s Streams) error {
	m, err := machine(o.dir, s)
	if err != nil {
		return err
	}
	ps, err := m.Plan(slug)
	if err != nil {
		return err
	}
	out := tasksJSON{Slug: slug, Confirmed: ps.Plan.Confirmed, Editing: ps.Pending, Tasks: ps.Plan.Tasks, Problems: []tasksProblem{}}
	if out.Tasks == nil {
		out.Tasks = []plan.Task{}
	}
	if ps.Path != "" {
		out.Source = fmt.Sprintf("%s:%d", ps.Path, ps.Line)
	}
	path := ps.Path
	if path == "" {
		path = m.Layout.Dir(slug) + "/tasks.md"
	}
	for _, p := range ps.Problems {
		out.Problems = append(out.Problems, tasksProblem{Path: path, Line: max(p.Line, 1), Rule: p.Rule, Severity: p.Severity, Message: p.Msg})
	}
	if o.json {
		return writeJSON(s, out)
	}
	c := s.colors(s.Out)
	switch {
	case ps.Pending:
		fmt.Fprintf(s.Out, "Build plan of %s, as you are editing it in %s, not confirmed until `rtgit next %s` (%s):\n\n", slug, out.Source, slug, plan.Summary(ps.Plan))
	case ps.Path != "" && ps.Edited:
		// status calls this plan edited, and keeps "confirmed" for the
		// answer left as rtgit derived it.
		fmt.Fprintf(s.Out, "Build plan of %s, as a person edited it in %s (%s):\n\n", slug, out.Source, plan.Summary(ps.Plan))
	case ps.Path != "":
		fmt.Fprintf(s.Out, "Build plan of %s, confirmed in %s (%s):\n\n", slug, out.Source, plan.Summary(ps.Plan))
	case ps.Asked:
		fmt.Fprintf(s.Out, "Build plan of %s, derived from the answers so far and not confirmed yet (%s):\n\n", slug, plan.Summary(ps.Plan))
	default:
		fmt.Fprintf(s.Out, "Build plan of %s, derived from the answers; its steps ask no tasks question, so nobody confirms it (%s):\n\n", slug, plan.Summary(ps.Plan))
	}
	fmt.Fprint(s.Out, plan.Format(ps.Plan))
	if len(out.Problems) > 0 {
		fmt.Fprintln(s.Out)
	}
	for _, p := range out.Problems {
		line := fmt.Sprintf("%s: %s:%d: %s [%s]", p.Severity, p.Path, p.Line, p.Message, p.Rule)
		if p.Severity == plan.Error {
			line = c.bad(line)
		} else {
			line = c.warn(line)
		}
		fmt.Fprintln(s.Out, line)
	}
	return nil
}
