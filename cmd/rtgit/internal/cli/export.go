package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/export"
)

type exportOptions struct {
	*globals
	format, out string
	force       bool
}

func newExportCmd(g *globals, s Streams) *cobra.Command {
	o := &exportOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "export [<slug>] --format openspec|spec-kit|kiro|gherkin [--out DIR] [--force]",
		Short: "Write the analysis where a spec-driven tool reads it",
		Long: `Write the analysis in the layout another tool builds from, at the
repository's root (or under --out):

  openspec   openspec/changes/<slug>/: proposal.md, design.md, tasks.md and
             specs/<slug>/spec.md (for openspec validate and archive); a
             bug fix, which changes no spec, .openspec.yaml instead of specs/
  spec-kit   specs/NNN-<slug>/: spec.md, plan.md and tasks.md
  kiro       .kiro/specs/<slug>/: requirements.md, design.md and tasks.md
  gherkin    features/<slug>.feature, one scenario per acceptance criterion

The analysis is read from its branch (from the worktree when the branch is
checked out), so it can be exported onto any branch. Every file starts with
a comment naming the analysis and commit it came from; FR, AC, US and task
ids are kept. A criterion not written as Given/When/Then is exported as
written and flagged, and rtgit says how many were. Exporting again changes
only the files whose text changed; a file edited since rtgit wrote it is
left alone, and named, unless --force. docs/export.md shows each layout.`,
		Example: `  rtgit export invoice-export --format openspec
  rtgit export --format gherkin --out ../tests
  rtgit export invoice-export --format kiro --force`,
		Args:              rangeArgs(0, 1),
		ValidArgsFunction: completeSlugs(g),
		RunE:              func(_ *cobra.Command, args []string) error { return runExport(o, args, s) },
	}
	cmd.Flags().StringVar(&o.format, "format", "", "the layout: "+strings.Join(export.Formats, ", "))
	cmd.Flags().StringVar(&o.out, "out", "", "write under `DIR` instead of the repository's root")
	cmd.Flags().BoolVar(&o.force, "force", false, "replace files edited since rtgit last exported them")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(export.Formats, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func runExport(o *exportOptions, args []string, s Streams) error {
	if o.format == "" {
		return usageErr("export: --format is required: %s", strings.Join(export.Formats, ", "))
	}
	if !slices.Contains(export.Formats, o.format) {
		return usageErr("export: unknown format %q: use %s", o.format, strings.Join(export.Formats, ", "))
	}
	ws, err := openWorkspace(o.dir, true)
	if err != nil {
		return err
	}
	an, err := loadAnalyses(ws)
	if err != nil {
		return err
	}
	given := ""
	if len(args) > 0 {
		given = args[0]
	}
	slug, err := an.resolve("export", given)
	if err != nil {
		return err
	}
	root := ws.root
	if o.out != "" {
		// Relative to -C, as every path is: rtgit runs as if started there.
		out := o.out
		if !filepath.IsAbs(out) {
			out = filepath.Join(o.dir, out)
		}
		if root, err = filepath.Abs(out); err != nil {
			return err
		}
		if err := os.MkdirAll(root, 0o755); err != nil {
			return err
		}
	}
	m, err := machineFor(ws, s)
	if err != nil {
		return err
	}
	src, err := m.Source(slug)
	if err != nil {
		return err
	}
	a := export.New(src)
	r, err := export.Render(a, o.format, export.Options{Templates: ws.templates(), Existing: os.DirFS(root)})
	if err != nil {
		return err
	}
	acts, err := export.Write(root, r.Files, o.force)
	var edited *export.EditedError
	if err != nil && !errors.As(err, &edited) {
		return err
	}
	if edited == nil {
		printExport(s, o, src.Commit, src.Dirty, acts, r)
		return nil
	}
	return fmt.Errorf("export: nothing written: %w", err)
}

func printExport(s Streams, o *exportOptions, commit string, dirty []string, acts []export.Action, r *export.Result) {
	p := s.colors(s.Out)
	rel := func(path string) string {
		if o.out == "" {
			return path
		}
		return filepath.ToSlash(filepath.Join(o.out, path))
	}
	short := commit
	if len(short) > 12 {
		short = short[:12]
	}
	fmt.Fprintf(s.Out, "Exported as %s from commit %s:\n", o.format, short)
	for _, a := range acts {
		fmt.Fprintf(s.Out, "  %-11s %s\n", a.State, rel(a.Path))
	}
	if r.Flagged > 0 {
		fmt.Fprintf(s.Out, "%s %d %s exported as written, flagged: not Given/When/Then (%s).\n",
			p.warn("note:"), r.Flagged, map[bool]string{true: "criterion", false: "criteria"}[r.Flagged == 1], strings.Join(r.FlaggedIDs, "; "))
	}
	for _, n := range r.Notes {
		fmt.Fprintf(s.Out, "%s %s\n", p.warn("note:"), n)
	}
	if len(dirty) > 0 {
		fmt.Fprintf(s.Out, "%s uncommitted changes to %s are exported too; commit %s does not hold them.\n",
			p.warn("note:"), strings.Join(dirty, ", "), short)
	}
}
