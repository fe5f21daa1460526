// Package cli is rtgit's command line: one thin command per verb, each an
// options struct and a run function, with exit codes decided in exit.go.
package cli

import (
	"io"
	"os"
	"slices"
	"strings"

	"github.com/mattn/go-colorable"
	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// Streams are the command's standard streams, swapped out in tests.
type Streams struct {
	In       io.Reader
	Out, Err io.Writer
	// Terminal reports whether w is a terminal a person is watching; nil
	// asks the operating system. Tests set it to see what a person sees.
	Terminal func(w io.Writer) bool

	noColor *bool     // --no-color, read once the command line is parsed
	live    *liveLine // the spinner on Err, shared by every copy of these Streams
}

// globals are the flags every command accepts.
type globals struct {
	dir     string
	noColor bool
}

// Main runs rtgit with args and returns the process exit code.
func Main(args []string) int {
	// A Windows console reads colour codes only once asked to; elsewhere
	// this does nothing.
	defer colorable.EnableColorsStdout(nil)()
	return Run(args, Streams{In: os.Stdin, Out: os.Stdout, Err: os.Stderr})
}

// Run is Main with explicit streams.
func Run(args []string, s Streams) int {
	root := newRoot(s)
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	noColor, _ := root.PersistentFlags().GetBool("no-color")
	s.noColor = &noColor
	return report(usageFromCobra(root, args, err), s, wantsJSON(cmd))
}

func newRoot(s Streams) *cobra.Command {
	g := &globals{}
	s.noColor = &g.noColor
	s.live = &liveLine{}
	root := &cobra.Command{
		Use:   "rtgit",
		Short: "Run a roundtable feature analysis on a git branch",
		Long: `rtgit walks a feature through quick scan, requirements, impact analysis,
architecture and design with three personas: Maya Chen (Business Analyst),
Alex Rivera (Solutions Architect) and Jordan Park (System Designer).

Each step is a markdown answer file committed on the branch rtgit/<slug>.

On a terminal, rtgit colours what needs attention (errors red, warnings
yellow, what is done green) and shows a spinner on long work. Output to a
pipe, a file or a CI log is plain text; NO_COLOR (any non-empty value), TERM=dumb
or --no-color make a terminal plain too.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(s.In)
	root.SetOut(s.Out)
	root.SetErr(s.Err)
	root.PersistentFlags().StringVarP(&g.dir, "directory", "C", ".", "run as if rtgit was started in `DIR`")
	root.PersistentFlags().BoolVar(&g.noColor, "no-color", false, "no colour or spinner, even on a terminal (as NO_COLOR does)")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		if m := dashTextRe.FindStringSubmatch(err.Error()); m != nil {
			return usageErr("%v; text that starts with a dash goes after the other arguments, or after --", err)
		}
		return usageErr("%v", err)
	})
	root.AddCommand(
		newDemoCmd(g, s),
		newNewCmd(g, s),
		newNextCmd(g, s),
		newRebuildCmd(g, s),
		newAnswerCmd(g, s),
		newSkipCmd(g, s),
		newDepthCmd(g, s),
		newElaborateCmd(g, s),
		newCommentCmd(g, s),
		newResolveCmd(g, s),
		newAbandonCmd(g, s),
		newDeferCmd(g, s),
		newResumeCmd(g, s),
		newRenameCmd(g, s),
		newReviewedCmd(g, s),
		newApproveCmd(g, s),
		newStatusCmd(g, s),
		newCheckCmd(g, s),
		newExportCmd(g, s),
		newTasksCmd(g, s),
		newRefreshCmd(g, s),
		newDriftCmd(g, s),
		newScanCmd(g, s),
		newStepsCmd(g, s),
		newPersonasCmd(g, s),
		newLintCmd(g, s),
		newActionCmd(g, s),
		newInitCmd(g, s),
		newPRCmd(g, s),
		newPublishCmd(g, s),
		newVerifyCmd(g, s),
		newMCPCmd(g, s),
		newVersionCmd(s),
	)
	strictCompletion(root)
	return root
}

// exactArgs is cobra.ExactArgs reporting a usage error.
func exactArgs(n int) cobra.PositionalArgs {
	return rangeArgs(n, n)
}

// rangeArgs checks the number of arguments, and says what is wrong in the
// command's own terms, with its usage line: cobra's "accepts between 2 and
// 64 arg(s)" speaks of how the command is built, not of how to call it.
func rangeArgs(min, max int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		what := ""
		switch {
		case len(args) < min:
			what = "missing arguments"
		case len(args) > max:
			what = "too many arguments"
		default:
			return nil
		}
		// A subcommand is named with its parent: "steps convert", not "convert".
		name := strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" ")
		return usageErr("%s: %s; usage: %s", name, what, strings.TrimSuffix(cmd.UseLine(), " [flags]"))
	}
}

// dashTextRe matches pflag's error for an argument that begins with a
// dash but holds a space, which no flag does: it is text, given where a
// flag may still stand.
var dashTextRe = lazyre.New(`^unknown shorthand flag: '.' in -.*\s`)

// textAfterArgs makes a verb that takes free text read its flags only
// before its first argument: from there on every word is an argument, so
// an answer that starts with a dash ("- As a clerk, I want ...") is text,
// not a flag. --help, flags before the arguments and -- work as before;
// a -- among the arguments still only says that flags have ended.
func textAfterArgs(cmd *cobra.Command) *cobra.Command {
	cmd.Flags().SetInterspersed(false)
	check, run := cmd.Args, cmd.RunE
	cmd.Args = func(c *cobra.Command, args []string) error { return check(c, withoutDashes(c, args)) }
	cmd.RunE = func(c *cobra.Command, args []string) error { return run(c, withoutDashes(c, args)) }
	return cmd
}

// withoutDashes drops the -- that ends the flags when it came after the
// first argument, where the flag parser no longer looks for it.
func withoutDashes(c *cobra.Command, args []string) []string {
	if c.ArgsLenAtDash() >= 0 {
		return args
	}
	if i := slices.Index(args, "--"); i >= 0 {
		return slices.Delete(slices.Clone(args), i, i+1)
	}
	return args
}
