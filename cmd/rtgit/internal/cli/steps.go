package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/templates"
)

type stepsOptions struct {
	*globals
	json bool
	kind string
}

func newStepsCmd(g *globals, s Streams) *cobra.Command {
	o := &stepsOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "steps",
		Short: "Print the resolved plan: phases, steps, personas and depths",
		Long: `Print the plan rtgit will follow: the embedded default steps merged with
any step files under .rtgit/steps/<phase>/ in this repository.`,
		Example: "  rtgit steps\n  rtgit steps --json | jq '.[].step_id'",
		Args:    exactArgs(0),
		RunE:    func(*cobra.Command, []string) error { return runSteps(o, s) },
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print the plan as a JSON array")
	cmd.Flags().StringVar(&o.kind, "type", "feature", "the step library to print: feature, bug, or one under .rtgit/libraries/")
	cmd.AddCommand(newConvertCmd(g, s))
	return cmd
}

// planEntry is the JSON shape of one step in `rtgit steps --json`.
type planEntry struct {
	Phase   string   `json:"phase"`
	StepID  string   `json:"step_id"`
	Title   string   `json:"title"`
	Persona string   `json:"persona"`
	Depth   string   `json:"depth"`
	Outputs []string `json:"outputs"`
	Source  string   `json:"source"`
}

func runSteps(o *stepsOptions, s Streams) error {
	ws, err := openWorkspace(o.dir, false)
	if err != nil {
		return err
	}
	route, err := library.LoadLibrary(templates.FS, ws.fsys, o.kind)
	var unknown *library.UnknownLibraryError
	if errors.As(err, &unknown) {
		return usageErr("steps: %v", err)
	}
	if err != nil {
		return err
	}
	for _, p := range route.Problems {
		fmt.Fprintln(s.Err, p)
	}
	if o.json {
		entries := []planEntry{}
		for _, ph := range route.Phases {
			for _, st := range ph.Steps {
				entries = append(entries, planEntry{ph.Phase.Key, st.ID, st.Title, st.Persona, string(st.Depth), st.Outputs, st.Source})
			}
		}
		enc := json.NewEncoder(s.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(entries)
	}
	tw := tabwriter.NewWriter(s.Out, 0, 4, 2, ' ', 0)
	total := 0
	for _, ph := range route.Phases {
		fmt.Fprintf(tw, "Phase %s (%s) -- led by %s (%s)\n", ph.Phase.Number, ph.Phase.Name, ph.Persona.Name, ph.Persona.Role)
		for _, st := range ph.Steps {
			who := ""
			if st.Persona != ph.Persona.Key {
				who = "  [" + route.PersonaOf(st).Name + "]"
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s%s\n", st.ID, st.Title, depthShown(ph, st), strings.Join(st.Outputs, ", "), who)
			total++
		}
	}
	tw.Flush()
	fmt.Fprintf(s.Out, "%d steps in %d phases\n", total, len(route.Phases))
	fmt.Fprintln(s.Out, depthNote)
	return nil
}

// depthNote says how the depths in the table are chosen, since a step's
// own default is what a person gets only when the quick scan found no
// scope; showing it bare misled people into overriding depths they never
// got.
const depthNote = "Depth: the quick scan's steps run at the depth shown. After it, the scope it found sets every step of a phase " +
	"(brief for a small change, standard for a medium one, deep for a large one); \"else\" is the step's own default, used when no scope is known. " +
	"A depth chosen with `rtgit depth` holds for the rest of the analysis."

// depthShown is the depth a step opens at by default: its own for the
// quick scan, the scan's scope's for the rest.
func depthShown(ph *library.RoutePhase, st *steps.Step) string {
	if ph.Phase.Key == library.QuickScanPhase {
		return string(st.Depth)
	}
	return "scan, else " + string(st.Depth)
}
