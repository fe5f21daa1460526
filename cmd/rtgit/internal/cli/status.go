package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/internal/termsafe"
	"github.com/rtgit/rtgit/review"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/critic"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/roundtable"
)

type statusOptions struct {
	*globals
	json, all bool
	base      string
	junit     []string
}

func newStatusCmd(g *globals, s Streams) *cobra.Command {
	o := &statusOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "status [<slug>] [--all]",
		Short: "Show every analysis, or one in detail",
		Long: `With a slug, or on an analysis branch without one, show where that analysis
stands and which questions are open. Otherwise, or with --all, list every
analysis branch (rtgit/*) with its progress.`,
		Example:           "  rtgit status\n  rtgit status --all\n  rtgit status invoice-export --json",
		Args:              rangeArgs(0, 1),
		ValidArgsFunction: completeSlugs(g),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.all && len(args) > 0 {
				return usageErr("status: --all lists every analysis; leave out the slug")
			}
			slug, err := optionalSlug(o.dir, "status", args, !o.all)
			if err != nil || slug == "" {
				if err == nil {
					err = runStatusList(o, s)
				}
				return err
			}
			return runStatus(o, slug, s)
		},
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print JSON")
	cmd.Flags().StringVar(&o.base, "base", "", "compare with `BRANCH` instead of the default branch")
	cmd.Flags().BoolVar(&o.all, "all", false, "list every analysis, even on an analysis branch")
	cmd.Flags().StringArrayVar(&o.junit, "junit", nil, "a merged analysis: count its criteria whose tests passed in this JUnit XML `FILE` (repeatable)")
	return cmd
}

func runStatus(o *statusOptions, slug string, s Streams) error {
	m, err := machine(o.dir, s)
	if err != nil {
		return err
	}
	// Before Status: the base branch is also where a merged analysis is
	// found.
	setBase(m, o.base)
	if err := policyReadable(m); err != nil {
		return err
	}
	st, err := m.Status(slug)
	if err != nil {
		return err
	}
	if st.Staleness, err = m.Staleness(slug); err != nil {
		return err
	}
	if st.Neighbours, err = m.Neighbours(slug); err != nil {
		return err
	}
	build, err := readBuild(o, st)
	if err != nil {
		return err
	}
	if o.json {
		return writeJSON(s, struct {
			*roundtable.Status
			Build *buildStatus `json:"build,omitempty"`
		}{st, build})
	}
	p := s.colors(s.Out)
	name := st.Slug
	if st.Library != "" && st.Library != library.DefaultLibrary {
		name += " (" + st.Library + ")"
	}
	fmt.Fprintf(s.Out, "%s  %s  %s\n", p.head(name), p.state(st.AnalysisStatus), progressBar(len(st.StepsCompleted), st.StepsTotal))
	fmt.Fprintf(s.Out, "  %s\n", termsafe.String(st.Description))
	fmt.Fprintf(s.Out, "  %s; phases done: %s\n", readFrom(st), orNone(st.PhasesCompleted))
	if c := st.Closed; c != nil {
		fmt.Fprintf(s.Out, "  %s %s (%s, %s); `rtgit resume %s` picks it up again\n", p.warn(c.As+":"), c.Reason, c.At, c.By, slug)
	}
	if len(st.Revised) > 0 {
		fmt.Fprintf(s.Out, "  %s %s (run `rtgit next %s` to apply)\n", p.warn("revised:"), orNone(st.Revised), slug)
	}
	for _, it := range st.ReviewItems {
		fmt.Fprintf(s.Out, "  %s %s, since refresh %s (revise it, or `rtgit reviewed %s %s`)\n", p.warn("review:"), it.Text, it.Refresh, slug, it.StepID)
	}
	if t := st.Tasks; t != nil {
		fmt.Fprintf(s.Out, "  plan: %s, %s; coverage %s (rtgit tasks %s)\n", t.State, termsafe.String(t.Summary), t.Coverage, slug)
	}
	for _, d := range st.Dangling {
		fmt.Fprintf(s.Out, "  %s %s\n", p.warn("dangling:"), termsafe.String(d))
	}
	for i, l := range st.Staleness.Lines() {
		l = termsafe.String(l)
		if i == 0 {
			l = p.staleness(st.Staleness.Level, l)
		}
		fmt.Fprintf(s.Out, "  %s\n", l)
	}
	printBuild(s, p, slug, build)
	printNeighbours(s, st.Neighbours, "  ")
	printSignOff(s.Out, p, st.SignOff)
	if st.Step == nil {
		fmt.Fprintf(s.Out, "  %s run `rtgit check %s` before building\n", p.good("complete:"), slug)
		return nil
	}
	fmt.Fprintf(s.Out, "  %s %s %s (%s, %s depth) in %s\n", p.head("open step"), st.Step.ID, termsafe.String(st.Step.Title), termsafe.String(st.Step.Persona), st.Step.Depth, st.Step.AnswerFile)
	if st.Step.DepthWhy != "" {
		fmt.Fprintf(s.Out, "    depth: %s\n", termsafe.String(st.Step.DepthWhy))
	}
	for _, q := range st.Step.Questions {
		opt := ""
		if !q.Required {
			opt = p.faint(" (optional)")
		}
		fmt.Fprintf(s.Out, "    %s %s%s\n", p.box(q.Answered), q.ID, opt)
	}
	// Answers a depth change kept are still answers; listing them says
	// where they went.
	for _, q := range st.Step.Kept {
		fmt.Fprintf(s.Out, "    %s %s%s\n", p.box(true), q.ID, p.faint(` (kept under "Answered earlier"; this depth does not ask it)`))
	}
	if st.Branch != "" { // the menu's commands work on the analysis branch
		printStepMenu(s.Out, p, slug, st.Step.Menu)
	}
	return nil
}

// readFrom says where the analysis was read: its branch, or, once that
// branch is gone, the base branch it was merged into (as the list marks
// it) and the checked-out branch when that is another.
func readFrom(st *roundtable.Status) string {
	if st.Branch != "" {
		return "branch " + st.Branch
	}
	var where string
	if st.Merged {
		where = fmt.Sprintf("merged into %s in %s", st.Base, gitops.ShortHash(st.MergedIn))
		if st.Worktree == st.Base {
			return where
		}
		where += ", "
	} else {
		where = "no branch " + roundtable.BranchPrefix + st.Slug + ", "
	}
	return where + "read from the worktree on " + st.Worktree
}

func runStatusList(o *statusOptions, s Streams) error {
	ws, err := openWorkspace(o.dir, true)
	if err != nil {
		return err
	}
	m, err := machineWithAI(ws, s, nil)
	if err != nil {
		return err
	}
	sp := s.spin("reading the analyses")
	m.Progress = func(done, total int) { sp.Label(fmt.Sprintf("reading the analyses: %d of %d", done, total)) }
	rows, err := m.List()
	sp.Stop()
	if err != nil {
		return err
	}
	if o.json {
		type row struct {
			Slug         string            `json:"slug"`
			Status       string            `json:"analysis_status"`
			Phase        string            `json:"phase"`
			State        string            `json:"state"`
			Done         int               `json:"steps_done"`
			Total        int               `json:"steps_total"`
			Library      string            `json:"library,omitempty"`
			Staleness    string            `json:"staleness,omitempty"`
			SignOff      map[string]string `json:"signoff"`
			Tasks        int               `json:"tasks"`
			Overlaps     []string          `json:"overlaps"`
			Owner        string            `json:"owner,omitempty"`
			LastActivity string            `json:"last_activity,omitempty"`
			Branch       string            `json:"branch,omitempty"`
			Merged       bool              `json:"merged,omitempty"`
			Error        string            `json:"error,omitempty"`
			// Remote is "origin" for an analysis with no local branch
			// yet, only the remote-tracking origin/rtgit/<slug>.
			Remote string `json:"remote,omitempty"`
		}
		out := []row{}
		for _, r := range rows {
			e := ""
			if r.Err != nil {
				e = r.Err.Error()
			}
			last := ""
			if !r.LastActivity.IsZero() {
				last = r.LastActivity.UTC().Format("2006-01-02T15:04:05Z")
			}
			out = append(out, row{Slug: r.Slug, Status: r.Status, Phase: r.Phase, State: r.State, Done: r.Done, Total: r.Total,
				Library: r.Library, Staleness: r.Staleness, SignOff: orEmptyMap(r.SignOff), Tasks: r.Tasks, Overlaps: orEmpty(r.Overlaps), Owner: r.Owner,
				LastActivity: last, Branch: r.Branch, Merged: r.Merged, Error: e, Remote: r.Remote})
		}
		return writeJSON(s, out)
	}
	if len(rows) == 0 {
		lay, err := ws.analysesLayout()
		if err != nil {
			return err
		}
		if names := foreignAnalyses(ws.root, lay.Root()); len(names) > 0 {
			fmt.Fprintf(s.Out, "No rtgit analyses yet. %s/ holds %s with a meta.json and no %s<slug> branch (%s), written by another tool or by hand: rtgit leaves them as they are.\n",
				lay.Root(), steps.Count(len(names), "folder", "folders"), roundtable.BranchPrefix, listSome(names, 3))
			fmt.Fprintln(s.Out, `Start one with: rtgit new "<description>"`)
			return nil
		}
		fmt.Fprintln(s.Out, `No analyses yet. Start one with: rtgit new "<description>"`)
		return nil
	}
	// The table is laid out in plain text, then painted: tabwriter would
	// count escape codes as width.
	var table bytes.Buffer
	states := []string{}
	tw := tabwriter.NewWriter(&table, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "SLUG\tSTATUS\tSTEP\tPROGRESS\tSTALE\tSIGN-OFF\tTASKS\tOVERLAPS\tOWNER\tLAST ACTIVITY")
	var remote []string
	for _, r := range rows {
		mark := ""
		switch {
		case r.Remote != "":
			mark = " (on " + r.Remote + " only)"
			remote = append(remote, r.Slug)
		case r.Merged && r.Branch == "":
			mark = " (merged)"
		}
		if r.Err != nil {
			states = append(states, "error")
			fmt.Fprintf(tw, "%s%s\terror\t\t\t%s\n", r.Slug, mark, termsafe.String(fmt.Sprint(r.Err)))
			continue
		}
		states = append(states, r.Status)
		slug := r.Slug
		if r.Library != "" && r.Library != library.DefaultLibrary {
			slug += " (" + r.Library + ")"
		}
		slug += mark
		last := "-"
		if !r.LastActivity.IsZero() {
			last = r.LastActivity.Local().Format("2006-01-02 15:04")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", slug, r.Status, dash(r.State), progressBar(r.Done, r.Total),
			dash(r.Staleness), dash(termsafe.String(roundtable.SignOffSummary(r.SignOff))), dashN(r.Tasks), dash(strings.Join(r.Overlaps, ",")),
			dash(termsafe.String(r.Owner)), last)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if _, err = io.WriteString(s.Out, paintColumn(s.colors(s.Out), table.String(), "STATUS", states)); err != nil {
		return err
	}
	// git makes the local branch, tracking origin's, on the first switch.
	switch len(remote) {
	case 0:
	case 1:
		_, err = fmt.Fprintf(s.Out, "%s is only on origin so far; to work on it, run: %s\n", remote[0], s.colors(s.Out).hint("git switch "+roundtable.BranchPrefix+remote[0]))
	default:
		_, err = fmt.Fprintf(s.Out, "%d analyses are only on origin so far; to work on one, run: %s\n", len(remote), s.colors(s.Out).hint("git switch "+roundtable.BranchPrefix+"<slug>"))
	}
	return err
}

// paintColumn colours a laid-out table: the header line bold, and in each
// following line the cell under heading, which holds that row's state.
func paintColumn(p palette, table, heading string, states []string) string {
	if !p.on {
		return table
	}
	lines := strings.SplitAfter(table, "\n")
	col := strings.Index(lines[0], heading)
	if col < 0 {
		return table
	}
	lines[0] = p.head(strings.TrimSuffix(lines[0], "\n")) + "\n"
	for i, st := range states {
		l := lines[i+1]
		if strings.HasPrefix(l[min(col, len(l)):], st) {
			lines[i+1] = l[:col] + p.state(st) + l[col+len(st):]
		}
	}
	return strings.Join(lines, "")
}

// progressBar draws done/total as ten cells and a count.
func progressBar(done, total int) string {
	cells := 0
	if total > 0 {
		cells = done * 10 / total
	}
	return fmt.Sprintf("[%s%s] %d/%d", strings.Repeat("#", cells), strings.Repeat(".", 10-cells), done, total)
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func dashN(n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprint(n)
}

func orEmptyMap(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

func orEmpty(list []string) []string {
	if list == nil {
		return []string{}
	}
	return list
}

func orNone(list []string) string {
	if len(list) == 0 {
		return "none"
	}
	return strings.Join(list, ", ")
}

func writeJSON(s Streams, v any) error {
	enc := json.NewEncoder(s.Out)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

type checkOptions struct {
	*globals
	json       bool
	allowStale bool
	base       string
	strict     bool
}

func newCheckCmd(g *globals, s Streams) *cobra.Command {
	o := &checkOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "check [<slug>]",
		Short: "Gate: is the analysis ready to build?",
		Long: `Exit 0 only when the analysis is analyzed, every phase's expected artifacts
exist, no artifact contains [NEEDS CLARIFICATION, no open question (Q-NNN)
is unresolved, the requirements critic finds no error in the answers, and the
base branch has not changed a file the impact analysis names since the
analysis was written (staleness warning; --allow-stale lets that pass).
Otherwise list what is wrong and exit 3. The critic's warnings are listed
too; with --strict they also make check exit 3 (docs/critic.md).

A mistake in .rtgit/config.yaml (an unknown key, or a value of the wrong
kind, in any of its sections) is an error naming the file and line, exit 1.

With --json it prints the handoff a build tool reads: every artifact with its
path and kind, the requirement, story and decision ids, the open questions and
the staleness level with the changed files and their commits.`,
		Example:           "  rtgit check invoice-export && echo ready",
		Args:              rangeArgs(0, 1),
		ValidArgsFunction: completeSlugs(g),
		RunE: func(_ *cobra.Command, args []string) error {
			slug, err := requireSlug(o.dir, "check", args)
			if err != nil {
				return err
			}
			return runCheck(o, slug, s)
		},
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print JSON")
	cmd.Flags().BoolVar(&o.allowStale, "allow-stale", false, "pass even when files the impact analysis names changed on the base branch")
	cmd.Flags().StringVar(&o.base, "base", "", "compare with `BRANCH` instead of the default branch")
	cmd.Flags().BoolVar(&o.strict, "strict", false, "also fail on the requirements critic's warnings")
	return cmd
}

func runCheck(o *checkOptions, slug string, s Streams) error {
	m, err := machine(o.dir, s)
	if err != nil {
		return err
	}
	// The github: and issues: settings are read only by the Action, new
	// --issue and publish; check is where a mistake in them, or a section
	// rtgit does not know, is found before those trip on it. The other
	// sections are checked by their readers (the critic, sign-off, the
	// model layer).
	if _, err := review.LoadConfig(m.Repo.Root()); err != nil {
		return err
	}
	setBase(m, o.base)
	if err := policyReadable(m); err != nil {
		return err
	}
	r, err := m.Check(slug)
	if err != nil {
		return err
	}
	stale := r.Staleness.Stale() && !o.allowStale
	if o.json {
		// A build tool reads `ready` instead of the exit code: it is the
		// gate's verdict, so a stale analysis (or review notes under
		// --strict) is not ready here either.
		out := *r
		out.Ready = r.Ready && !stale && !(o.strict && warnings(r) > 0)
		if err := writeJSON(s, &out); err != nil {
			return err
		}
	} else {
		p := s.colors(s.Out)
		if r.AnalysisStatus != "analyzed" {
			fmt.Fprintln(s.Out, p.bad(fmt.Sprintf("analysis_status is %s, not analyzed", r.AnalysisStatus)))
		}
		for _, path := range r.Missing {
			fmt.Fprintln(s.Out, p.bad("missing artifact: "+path))
		}
		for _, c := range r.Clarifications {
			fmt.Fprintln(s.Out, p.bad(c))
		}
		for _, b := range r.Outline {
			fmt.Fprintln(s.Out, p.bad("broken outline: "+b))
		}
		for _, e := range r.HandEdits {
			fmt.Fprintln(s.Out, p.bad("hand edit: "+termsafe.String(e)))
		}
		for _, q := range r.OpenQuestions {
			fmt.Fprintln(s.Out, p.bad(fmt.Sprintf("open question %s: %s", q.ID, termsafe.String(strings.Join(strings.Fields(q.Text), " ")))))
		}
		if len(r.OpenQuestions) > 0 {
			fmt.Fprintf(s.Out, "settle each with: %s\n", p.hint(fmt.Sprintf("rtgit resolve %s <Q-NNN> <answer>", slug)))
		}
		if r.Staleness != nil && r.Staleness.Level != roundtable.StaleNone {
			for i, l := range r.Staleness.Lines() {
				if i == 0 {
					l = p.staleness(r.Staleness.Level, l)
				}
				fmt.Fprintln(s.Out, l)
			}
		}
		if stale {
			fmt.Fprintln(s.Out, p.warn(fmt.Sprintf("files the impact analysis names changed on %s: review them and run `rtgit refresh %s`, or pass --allow-stale", r.Staleness.Base, slug)))
		}
		printNeighbours(s, r.Neighbours, "")
		for _, it := range r.ReviewItems {
			fmt.Fprintln(s.Out, p.bad(fmt.Sprintf("review: %s, since refresh %s; revise the step, or run `rtgit reviewed %s %s`", it.Text, it.Refresh, slug, it.StepID)))
		}
		for _, miss := range r.SignOffMissing {
			fmt.Fprintln(s.Out, p.bad("sign-off: "+termsafe.String(miss.String())))
		}
		for _, n := range r.Review {
			line := fmt.Sprintf("%s: %s", n.Severity, n.Text)
			if n.Severity == critic.Error {
				line = p.bad(line)
			} else {
				line = p.warn(line)
			}
			fmt.Fprintln(s.Out, line)
		}
		switch {
		case r.Closed != nil:
			fmt.Fprintln(s.Out, p.bad(fmt.Sprintf("%s is %s (%s): not to be built; `rtgit resume %s` picks it up again.", slug, r.Closed.As, r.Closed.Reason, slug)))
		case !r.Ready || stale:
			fmt.Fprintln(s.Out, p.bad(slug+" is not ready yet."))
		case !(o.strict && warnings(r) > 0):
			fmt.Fprintln(s.Out, p.good(slug+" is ready to build."))
		}
	}
	if !r.Ready {
		return silent(ExitIncomplete, fmt.Errorf("%s is not ready", slug))
	}
	if stale {
		return silent(ExitIncomplete, fmt.Errorf("%s is stale", slug))
	}
	if o.strict && warnings(r) > 0 {
		if !o.json {
			var what []string
			if len(r.Review) > 0 {
				what = append(what, steps.Count(len(r.Review), "review note", "review notes"))
			}
			if r.Neighbours != nil && len(r.Overlaps) > 0 {
				what = append(what, steps.Count(len(r.Overlaps), "overlapping analysis", "overlapping analyses"))
			}
			fmt.Fprintln(s.Out, s.colors(s.Out).warn(fmt.Sprintf("--strict: %s to settle first.", steps.JoinAnd(what))))
		}
		return silent(ExitIncomplete, fmt.Errorf("%s has review notes or overlaps", slug))
	}
	return nil
}

// warnings counts what fails check only under --strict: the critic's
// notes and the open analyses that plan to change the same code.
func warnings(r *roundtable.Readiness) int {
	n := len(r.Review)
	if r.Neighbours != nil {
		n += len(r.Overlaps)
	}
	return n
}
