package cli

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/templates"
)

type personasOptions struct {
	*globals
	json bool
}

func newPersonasCmd(g *globals, s Streams) *cobra.Command {
	o := &personasOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "personas",
		Short: "List who is at the table: the leads and the contributing personas",
		Long: `List every persona rtgit knows: the three leads and any the repository adds
in .rtgit/personas.yaml or .rtgit/personas/*.yaml. Leads name the phases they
lead; contributing personas (contributes: true) name the topics that bring
them into a step, and never lead a phase.`,
		Example: "  rtgit personas\n  rtgit personas --json",
		Args:    exactArgs(0),
		RunE:    func(*cobra.Command, []string) error { return runPersonas(o, s) },
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print the personas as a JSON array")
	return cmd
}

func runPersonas(o *personasOptions, s Streams) error {
	ws, err := openWorkspace(o.dir, false)
	if err != nil {
		return err
	}
	personas, err := library.LoadPersonas(templates.FS, ws.fsys)
	if err != nil {
		return err
	}
	if o.json {
		return writeJSON(s, personas)
	}
	tw := tabwriter.NewWriter(s.Out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "KEY\tNAME\tROLE\tAT THE TABLE")
	for _, p := range personas {
		part := "leads " + strings.Join(p.Phases, ", ")
		switch {
		case p.Contributes:
			part = "contributes on " + strings.Join(p.Topics, ", ")
		case len(p.Phases) == 0:
			part = "joins elaborations"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", p.Key, p.Name, p.Role, part)
	}
	return tw.Flush()
}
