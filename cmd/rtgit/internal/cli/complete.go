package cli

import (
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/steps/roundtable"
)

// Shell completion (`rtgit completion bash|zsh|fish|powershell`, from
// cobra) offers the analyses' slugs where a slug goes (with those only on
// origin so far, described as such), the open step's
// question ids after `answer`, the open questions after `resolve`,
// and the depths after `depth`. Completion
// runs on every key press, so a repository it cannot read just completes
// nothing.

// completeSlugs completes the first argument with the analyses' slugs.
func completeSlugs(g *globals) cobra.CompletionFunc {
	return func(_ *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		an := completionAnalyses(g)
		if an == nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return append(an.slugs(), an.remoteCompletions()...), cobra.ShellCompDirectiveNoFileComp
	}
}

// completeSlugVerb completes a verb of slugVerb: the slug (optional on an
// analysis branch, so what follows it is offered too), then the verb's own
// words.
func completeSlugVerb(g *globals, nargs int) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
		an := completionAnalyses(g)
		if an == nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		slug, pos := an.current(), len(args) // pos: index after the slug
		if len(args) > 0 && an.exists(args[0]) {
			slug, pos = args[0], len(args)-1
		}
		var out []string
		if len(args) == 0 {
			out = append(an.slugs(), an.remoteCompletions()...)
		}
		if slug == "" || pos >= nargs-1 {
			return out, cobra.ShellCompDirectiveNoFileComp
		}
		switch {
		case cmd.Name() == "answer" && pos == 0:
			out = append(out, questionIDs(an, slug)...)
		case cmd.Name() == "resolve" && pos == 0:
			out = append(out, openQuestionIDs(an, slug)...)
		case cmd.Name() == "depth" && pos == 0:
			out = append(out, "brief", "standard", "deep")
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// remoteCompletions are the slugs of the analyses only on origin so far,
// each described with the switch that brings it here.
func (a *analyses) remoteCompletions() []cobra.Completion {
	var out []cobra.Completion
	for _, slug := range a.remoteSlugs() {
		out = append(out, cobra.CompletionWithDesc(slug, "on origin only; git switch "+roundtable.BranchPrefix+slug))
	}
	return out
}

func completionAnalyses(g *globals) *analyses {
	ws, err := openWorkspace(g.dir, true)
	if err != nil {
		return nil
	}
	an, err := loadAnalyses(ws)
	if err != nil {
		return nil
	}
	return an
}

// questionIDs are the open step's question ids, the unanswered first.
func questionIDs(an *analyses, slug string) []string {
	m, err := machineFor(an.ws, Streams{Out: io.Discard, Err: io.Discard})
	if err != nil {
		return nil
	}
	st, err := m.Status(slug)
	if err != nil || st.Step == nil {
		return nil
	}
	var open, done []string
	for _, q := range st.Step.Questions {
		if q.Answered {
			done = append(done, q.ID)
		} else {
			open = append(open, q.ID)
		}
	}
	return append(open, done...)
}

// openQuestionIDs are the analysis's unresolved open questions, Q-001 on;
// they outlive the steps that raised them, so a finished analysis has them
// too.
func openQuestionIDs(an *analyses, slug string) []string {
	m, err := machineFor(an.ws, Streams{Out: io.Discard, Err: io.Discard})
	if err != nil {
		return nil
	}
	st, err := m.Status(slug)
	if err != nil {
		return nil
	}
	var out []string
	for _, q := range st.OpenQuestions {
		out = append(out, q.ID)
	}
	return out
}

// completionExamples load each shell's completions into it.
var completionExamples = map[string]string{
	"bash":       "source <(rtgit completion bash)",
	"zsh":        `rtgit completion zsh > "${fpath[1]}/_rtgit"`,
	"fish":       "rtgit completion fish | source",
	"powershell": "rtgit completion powershell | Out-String | Invoke-Expression",
}

// strictCompletion makes `rtgit completion` without a shell, or with one
// cobra cannot write for, a usage error (exit 2) instead of cobra's help
// and exit 0, so `rtgit completion tcsh > file` does not pass for success.
func strictCompletion(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		var shells []string
		for _, sc := range c.Commands() {
			shells = append(shells, sc.Name())
			sc.Example = "  " + completionExamples[sc.Name()]
		}
		c.Example = "  " + completionExamples["bash"] + "\n  " + completionExamples["zsh"]
		known := strings.Join(shells, ", ")
		c.Args = cobra.ArbitraryArgs // the shell is checked below, as a usage error
		c.RunE = func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr("completion: which shell? Name one of: %s", known)
			}
			return usageErr("completion: no completions for shell %q (known: %s)", args[0], known)
		}
	}
}
