package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/stepfile"
)

type convertOptions struct {
	*globals
	write bool
	file  string
}

func newConvertCmd(g *globals, s Streams) *cobra.Command {
	o := &convertOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "convert <file>",
		Short: "Rewrite a step file in rtgit's strict dialect",
		Long: `Read a step file (usually one in the seed's prose dialect: numbered
questions, a prose Brief Mode, prose validation and artifact instructions) and
print it in rtgit's strict dialect: every question under its id, drafts on
Draft: lines, rules, prose criteria under ## Criteria, and one mapping per
answer and section. The converted file runs exactly as the original did.

With --write the file is replaced in place; otherwise it is printed.`,
		Example: "  rtgit steps convert .rtgit/steps/01-requirements/02-user-needs.md\n  rtgit steps convert --write .rtgit/steps/01-requirements/02-user-needs.md",
		Args:    exactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			o.file = args[0]
			return runConvert(o, s)
		},
	}
	cmd.Flags().BoolVarP(&o.write, "write", "w", false, "replace the file instead of printing the result")
	return cmd
}

func runConvert(o *convertOptions, s Streams) error {
	path := o.file
	if !filepath.IsAbs(path) {
		path = filepath.Join(o.dir, path)
	}
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("steps convert: %s: no such file", o.file)
	case err != nil && isDir(path):
		return fmt.Errorf("steps convert: %s is a directory; name one step file in it", o.file)
	case err != nil:
		return fmt.Errorf("steps convert: %s: %w", o.file, err)
	}
	st, probs := stepfile.Parse(o.file, data)
	if st == nil || probs.HasErrors() {
		for _, p := range probs {
			if p.Severity == steps.Error {
				fmt.Fprintf(s.Err, "rtgit: %s\n", p)
			}
		}
		return silent(ExitError, fmt.Errorf("%s does not parse", o.file))
	}
	persona := ""
	if ws, err := openWorkspace(o.dir, false); err == nil {
		if route, err := ws.route(); err == nil {
			if key, ok := steps.MatchPersona(route.Personas, st.Persona); ok {
				persona = key
			}
		}
	}
	out := stepfile.Convert(st, persona)
	if check, probs := stepfile.Parse(o.file, out); check == nil || probs.HasErrors() {
		// Never write a file that would stop the next run.
		return fmt.Errorf("%s: the converted file does not parse: %v", o.file, probs)
	}
	if !o.write {
		_, err := s.Out.Write(out)
		return err
	}
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, out, info.Mode().Perm()); err != nil {
		return err
	}
	fmt.Fprintf(s.Err, "rtgit: %s rewritten in rtgit's dialect (was %s)\n", o.file, st.Dialect)
	return nil
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}
