package cli

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/templates"
)

type lintOptions struct {
	*globals
	json bool
}

func newLintCmd(g *globals, s Streams) *cobra.Command {
	o := &lintOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "lint",
		Short: "Check the default step files and this repository's overrides",
		Long: `Check every step file rtgit would run: frontmatter, sections, question ids,
validation rules, artifact mappings, outputs, personas, skip_if expressions
and placeholders. Each problem prints as path:line: message.

Exit status is 1 when any error is found, 0 when clean (warnings allowed).`,
		Example: "  rtgit lint\n  rtgit lint --json",
		Args:    exactArgs(0),
		RunE:    func(*cobra.Command, []string) error { return runLint(o, s) },
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print problems as a JSON array")
	return cmd
}

type lintEntry struct {
	Path     string `json:"path"`
	Line     int    `json:"line"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

func runLint(o *lintOptions, s Streams) error {
	ws, err := openWorkspace(o.dir, false)
	if err != nil {
		return err
	}
	libs, err := library.Libraries(templates.FS, ws.fsys)
	if err != nil {
		return err
	}
	// Every library is checked: a broken bug step must not wait for the
	// first bug analysis to be found.
	var probs steps.Problems
	counts := map[string]int{}
	for _, lib := range libs {
		route, err := library.LoadLibrary(templates.FS, ws.fsys, lib)
		if err != nil {
			return err
		}
		probs = append(probs, library.Lint(route)...)
		counts[lib] = len(route.Steps())
	}
	probs = probs.Unique()
	if o.json {
		out := []lintEntry{}
		for _, p := range probs {
			out = append(out, lintEntry{p.Path, p.Line, p.Severity.String(), p.Msg})
		}
		enc := json.NewEncoder(s.Out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return err
		}
	} else {
		pal := s.colors(s.Out)
		for _, p := range probs {
			fmt.Fprintln(s.Out, lintLine(pal, p))
		}
	}
	if probs.HasErrors() {
		return silent(ExitError, fmt.Errorf("lint found errors"))
	}
	if !o.json {
		pal := s.colors(s.Out)
		fmt.Fprintln(s.Out, pal.good(fmt.Sprintf("%d steps checked, no errors", counts[library.DefaultLibrary])))
		for _, lib := range libs[1:] {
			fmt.Fprintln(s.Out, pal.good(fmt.Sprintf("%s library: %d steps checked, no errors", lib, counts[lib])))
		}
	}
	return nil
}

// lintLine is p as "path:line: message", its place bold and its message
// coloured by severity.
func lintLine(pal palette, p steps.Problem) string {
	text := p.String()
	if !pal.on {
		return text
	}
	msg := p.Msg
	if p.Severity != steps.Error {
		msg = p.Severity.String() + ": " + msg
	}
	place, ok := strings.CutSuffix(text, msg)
	if !ok {
		return text
	}
	switch p.Severity {
	case steps.Error:
		msg = pal.bad(msg)
	case steps.Warning:
		msg = pal.warn(msg)
	default:
		msg = pal.faint(msg)
	}
	return pal.head(place) + msg
}
