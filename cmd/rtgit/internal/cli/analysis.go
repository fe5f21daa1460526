package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/roundtable"
)

type newOptions struct {
	*globals
	slug, source, sourceID, from string
	kind                         string
	kindSet                      bool
	// issue is --issue: a GitHub issue's number or address.
	issue string
	githubTarget
}

func newNewCmd(g *globals, s Streams) *cobra.Command {
	o := &newOptions{globals: g, githubTarget: githubTarget{getenv: os.Getenv}}
	cmd := &cobra.Command{
		Use:   "new [--type feature|bug] [--slug S] [--from REV] [--source github|jira|manual] [--source-id ID] <description> | --issue N|URL",
		Short: "Start an analysis on a new branch rtgit/<slug>",
		Long: `Start an analysis: create the branch rtgit/<slug>, switch to it, write
docs/requirements/<slug>/meta.json (or under the analyses root the default
branch's .rtgit/config.yaml names) and the first step's answer file, and commit
them. The branch starts at the default branch's tip (origin/HEAD, else main,
else master), not at whatever is checked out, unless --from names another
commit; rtgit says which, and says so when the checked-out commit is another,
since staleness is measured from the start. Without --slug, the slug is derived from the
description: its words without filler such as "let", "as" or "the", at most 40
characters.

--type picks the step library: feature (the default: quick scan,
requirements, impact analysis, architecture, design) or bug (quick scan, bug
report, root cause, fix strategy), or a library the repository adds under
.rtgit/libraries/<name>/. meta.json records it.

--issue starts from a GitHub issue, read through the API (the repository,
token and API URL as rtgit pr finds them, or the repository the issue's
address names): its title is the description, its body the draft of the
first answer, and meta.json records source github, source_id GH-<number>
and the issue's address. An issue labelled bug (issues.bug_label in
.rtgit/config.yaml) is analysed with the bug library unless --type says
otherwise. Without a token, or when the issue cannot be read, nothing is
created.`,
		Example: `  rtgit new "Let customers export invoices as CSV"    # rtgit/export-invoices-csv
  rtgit new --from HEAD "Round invoice totals per line"
  rtgit new --slug gh-42-csv-export --source github --source-id GH-42 "CSV export"
  rtgit new --issue 42
  rtgit new --issue https://github.com/acme/invoices/issues/42`,
		Args: rangeArgs(0, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.kindSet = cmd.Flags().Changed("type")
			if o.issue != "" {
				if len(args) > 0 || cmd.Flags().Changed("source") || cmd.Flags().Changed("source-id") {
					return usageErr("new: --issue takes the description, source and source id from the issue; give none of them")
				}
				return runNewIssue(cmd.Context(), o, s)
			}
			if len(args) == 0 {
				return usageErr("new: missing arguments; usage: %s", strings.TrimSuffix(cmd.UseLine(), " [flags]"))
			}
			return runNew(o, args[0], s)
		},
	}
	cmd.Flags().StringVar(&o.issue, "issue", "", "start from the GitHub issue with this number or address")
	o.githubTarget.flags(cmd)
	cmd.Flags().StringVar(&o.slug, "slug", "", "the item's slug: lowercase a-z, 0-9 and dashes, at most 64 characters")
	cmd.Flags().StringVar(&o.source, "source", "manual", "where the item came from: github, jira or manual")
	cmd.Flags().StringVar(&o.sourceID, "source-id", "", "the item's id at its source, e.g. GH-42")
	cmd.Flags().StringVar(&o.kind, "type", "feature", "what is analysed: feature, bug, or a library under .rtgit/libraries/")
	cmd.Flags().StringVar(&o.from, "from", "", "start the branch at `REV` (a branch, tag or commit) instead of the default branch's tip")
	textAfterArgs(cmd)
	return cmd
}

func runNew(o *newOptions, desc string, s Streams) error {
	if strings.TrimSpace(desc) == "" {
		return usageErr("new: the description is empty")
	}
	if o.slug != "" {
		if err := roundtable.ValidateSlug(o.slug); err != nil {
			return usageErr("new: %v", err)
		}
	}
	switch o.source {
	case "", "github", "jira", "manual":
	default:
		return usageErr("new: source %q must be github, jira or manual", o.source)
	}
	return startAnalysis(o, roundtable.NewOptions{Description: desc, Slug: o.slug, Source: o.source, SourceID: o.sourceID, Library: o.kind}, s)
}

// startAnalysis starts the analysis on its branch.
func startAnalysis(o *newOptions, opts roundtable.NewOptions, s Streams) error {
	ws, err := openWorkspace(o.dir, true)
	if err != nil {
		return err
	}
	base, err := newBase(ws, o.from)
	if err != nil {
		return err
	}
	checkedOut := checkedOutElsewhere(ws, base)
	m, err := machineWithAI(ws, s, nil)
	if err != nil {
		return err
	}
	sp := s.spin("starting the analysis: the quick scan searches the repository")
	opts.Base = base.sha
	r, err := m.New(opts)
	sp.Stop()
	var unknown *library.UnknownLibraryError
	if errors.As(err, &unknown) {
		return usageErr("new: %v", err)
	}
	if err != nil {
		return err
	}
	// The slug is where the analysis was written: the open step's answer
	// file, or meta.json when no step is left to open (every step of the
	// library skipped by its conditions).
	written := r.Changed
	if r.Step != nil {
		written = []string{r.Step.AnswerFile}
	}
	slug := o.slug
	for _, p := range written {
		if s := m.Layout.SlugOf(p); s != "" {
			slug = s
			break
		}
	}
	fmt.Fprintf(s.Out, "Started %s on branch %s%s, from %s.\n", slug, roundtable.BranchPrefix, slug, base.describe())
	if checkedOut != "" {
		fmt.Fprintln(s.Out, checkedOut)
	}
	fmt.Fprintln(s.Out)
	printReply(s.Out, s.colors(s.Out), slug, r)
	return nil
}

// slugVerb builds the commands that work on one analysis and print a
// reply. Their slug is optional on an analysis branch: with fewer than
// nargs+1 arguments, the slug is the checked-out rtgit/<slug>, and the
// arguments are the rest. A verb annotated annotOptional may also leave
// out its last argument.
func slugVerb(g *globals, s Streams, use, short, long, example string, nargs int, call func(m *roundtable.Machine, args []string, in io.Reader) (*roundtable.Reply, error)) *cobra.Command {
	var doSwitch bool
	cmd := &cobra.Command{
		Use:     use,
		Short:   short,
		Long:    long,
		Example: example,
		Args: func(cmd *cobra.Command, args []string) error {
			least := nargs - 1
			if cmd.Annotations[annotOptional] == "1" {
				least--
			}
			return rangeArgs(least, nargs)(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			ws, err := openWorkspace(g.dir, true)
			if err != nil {
				return err
			}
			an, err := loadAnalyses(ws)
			if err != nil {
				return err
			}
			args, err = splitSlug(an, cmd.Name(), args, nargs, cmd.Annotations[annotOptional] == "1")
			if err != nil {
				return err
			}
			if err := an.onBranch(args[0], doSwitch, s); err != nil {
				return err
			}
			m, err := machineWithAI(ws, s, nil)
			if err != nil {
				return err
			}
			sp := &progress{}
			if !slices.Contains(args, "-") { // a person may be typing on stdin
				sp = s.spin("working on " + args[0])
			}
			r, err := call(m, args, s.In)
			sp.Stop()
			if r != nil {
				// The full menu comes with the commands that open a step;
				// after answer, comment or elaborate the step is the one
				// being worked on, and its last line names `rtgit next`.
				printReplyMenu(s.Out, s.colors(s.Out), args[0], r, menuAfter[cmd.Name()])
				if err == nil && r.Done {
					printReadyNote(s.Out, s.colors(s.Out), m, args[0], r)
				}
			}
			return codeFor(err)
		},
		ValidArgsFunction: completeSlugVerb(g, nargs),
	}
	cmd.Flags().BoolVar(&doSwitch, "switch", false, "check out the analysis branch first when another branch is checked out")
	return cmd
}

// menuAfter names the verbs whose reply ends with the step menu: those
// that move to a step. `rtgit status` prints it too.
var menuAfter = map[string]bool{"next": true, "skip": true}

// annotOptional marks a verb whose last argument may be left out
// (elaborate's text), so one argument may be the slug or the text.
const annotOptional = "rtgit-last-arg-optional"

// openQuestionRe matches an open question's id, which is never a slug.
var openQuestionRe = lazyre.New(`^Q-[0-9]+$`)

// splitSlug returns args with the slug first, taking it from the
// checked-out branch when the user left it out, and checks it. An
// optional last argument left out comes back as "".
func splitSlug(an *analyses, verb string, args []string, nargs int, lastOptional bool) ([]string, error) {
	given, rest := "", args
	switch {
	case len(args) >= nargs && an.current() != "" && openQuestionRe.MatchString(args[0]):
		// "resolve Q-001 <answer in words>": the slug left out.
	case len(args) >= nargs:
		given, rest = args[0], args[1:]
	case lastOptional && len(args) == nargs-1 && len(args) > 0 && an.exists(args[0]):
		// "elaborate invoice-export": the slug, and no text.
		given, rest = args[0], args[1:]
	case len(args) > 0 && args[0] == an.current():
		// "comment invoice-export" on that branch: the text is missing,
		// not "invoice-export".
		return nil, usageErr("%s: %s names the analysis; the next argument is missing", verb, args[0])
	}
	slug, err := an.resolve(verb, given)
	if err != nil {
		return nil, err
	}
	out := append([]string{slug}, rest...)
	for len(out) < nargs {
		out = append(out, "")
	}
	return out, nil
}

func newNextCmd(g *globals, s Streams) *cobra.Command {
	return slugVerb(g, s, "next [<slug>]", "Continue: complete the current step and open the next one",
		`[C] Continue, and the way to resume. If the current step's answers are complete
and valid, rtgit writes its artifacts, records it in meta.json, renders the next
step's answer file and commits, one commit per step. Otherwise it lists each
unanswered or invalid question as path:line and exits 3, changing nothing.
A ticked [E] or [S] box in the answer file is honoured instead.`,
		"  rtgit next invoice-export", 1,
		func(m *roundtable.Machine, a []string, _ io.Reader) (*roundtable.Reply, error) { return m.Next(a[0]) })
}

func newSkipCmd(g *globals, s Streams) *cobra.Command {
	return slugVerb(g, s, "skip [<slug>]", "Skip the rest of the current phase, drafting its artifacts",
		`[S] Skip remaining steps in this phase. Artifacts are drafted from what was
gathered; anything unanswered appears as [NEEDS CLARIFICATION: <question>].`,
		"  rtgit skip invoice-export", 1,
		func(m *roundtable.Machine, a []string, _ io.Reader) (*roundtable.Reply, error) { return m.Skip(a[0]) })
}

func newElaborateCmd(g *globals, s Streams) *cobra.Command {
	cmd := slugVerb(g, s, "elaborate [<slug>] [<text> | -]", "Discuss the current step with the whole roundtable",
		`[E] Elaboration Mode: Maya, Alex and Jordan discuss the current step with you.
Without text, it opens the discussion: the lead persona frames the topic and
asks a first question. With text, it is your next turn: address a persona by
name ("Alex, ...") or let the next in turn answer. Say "done", "exit", "wrap up"
or "back" to end it; the insights are then added to the step's artifacts and
recorded in meta.json. Each turn is a commit. Comments on the step's pull
request (or rtgit comment) take part the same way.`,
		"  rtgit elaborate invoice-export\n  rtgit elaborate invoice-export \"Alex, what breaks if the export runs during month-end?\"\n  rtgit elaborate invoice-export done", 2,
		func(m *roundtable.Machine, a []string, in io.Reader) (*roundtable.Reply, error) {
			text, err := textOrStdin(a[1], in)
			if err != nil {
				return nil, err
			}
			return m.Elaborate(a[0], text)
		})
	cmd.Annotations = map[string]string{annotOptional: "1"}
	textAfterArgs(cmd)
	return cmd
}

func newDepthCmd(g *globals, s Streams) *cobra.Command {
	var phaseOnly bool
	cmd := slugVerb(g, s, "depth [<slug>] [--phase] brief|standard|deep", "Choose the depth for the rest of the analysis",
		`Set the depth from the current step on: it holds for this phase and every
later one until you change it again, whatever the quick scan suggested.
--phase sets it for the current phase only. The choice is kept in meta.json
(depth_overrides) and the open step is re-rendered with every answer: those to
questions the new depth does not ask stay in the file under "Answered
earlier", still count, and are back under their questions at a depth that
asks them.`,
		"  rtgit depth invoice-export standard\n  rtgit depth invoice-export --phase deep", 2,
		func(m *roundtable.Machine, a []string, _ io.Reader) (*roundtable.Reply, error) {
			if d := steps.Depth(a[1]); !d.Valid() {
				return nil, usageErr("depth %q must be brief, standard or deep", a[1])
			}
			if phaseOnly {
				return m.SetPhaseDepth(a[0], steps.Depth(a[1]))
			}
			return m.SetDepth(a[0], steps.Depth(a[1]))
		})
	cmd.Flags().BoolVar(&phaseOnly, "phase", false, "set the depth for the current phase only")
	return cmd
}

func newAnswerCmd(g *globals, s Streams) *cobra.Command {
	return textAfterArgs(slugVerb(g, s, "answer [<slug>] <question-id> (<text> | -)", "Answer a question of the current step",
		`Write an answer into the current step's answer file, leaving everything else
in the file as it was. Use - to read the answer from standard input. The answer
is committed with its step by rtgit next. Flags go before the arguments: what
follows them is the answer, even when it starts with a dash.`,
		"  rtgit answer invoice-export users \"Finance clerks closing the month\"\n  rtgit answer invoice-export stories \"- As a clerk, I want one file per month\"\n  rtgit answer invoice-export stories - < stories.md", 3,
		func(m *roundtable.Machine, a []string, in io.Reader) (*roundtable.Reply, error) {
			text, err := textOrStdin(a[2], in)
			if err != nil {
				return nil, err
			}
			return m.Answer(a[0], a[1], text)
		}))
}

func newCommentCmd(g *globals, s Streams) *cobra.Command {
	return textAfterArgs(slugVerb(g, s, "comment [<slug>] (<text> | -)", "Handle text exactly as a pull-request comment",
		`Process text the way the GitHub Action processes a PR comment: /rtgit commands
(continue, skip, elaborate, deep, brief, status, help, answer <id>,
resolve <Q-NNN>), the single letters C, E and S, and a depth phrase said on its
own ("let's dig in", "keep it short"). Anything else is triaged: thanks and
approval ("ok", "LGTM", 👍) are acknowledged and not recorded; a question becomes
a tracked open question (Q-001, ...); the rest is feedback, kept verbatim in the
answer file and quoted back by the persona.`,
		"  rtgit comment invoice-export \"/rtgit answer users\nFinance clerks\"\n  rtgit comment invoice-export C\n  rtgit comment invoice-export \"What about refunds?\"", 2,
		func(m *roundtable.Machine, a []string, in io.Reader) (*roundtable.Reply, error) {
			text, err := textOrStdin(a[1], in)
			if err != nil {
				return nil, err
			}
			return m.Comment(a[0], text)
		}))
}

// textOrStdin is a verb's text argument, read from in when it is "-";
// more than a comment may hold is left unread, so the verb reports the
// text as too long instead of holding an unbounded input.
func textOrStdin(arg string, in io.Reader) (string, error) {
	if arg != "-" {
		return arg, nil
	}
	b, err := io.ReadAll(io.LimitReader(in, roundtable.MaxCommentBytes+1))
	return string(b), err
}
