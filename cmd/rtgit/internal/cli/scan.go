package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/layout"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/quickscan"
)

type scanOptions struct {
	*globals
	json     bool
	rev      string
	top      int
	keywords bool
	explain  bool
}

func newScanCmd(g *globals, s Streams) *cobra.Command {
	o := &scanOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "scan <description or keywords>",
		Short: "Search the repository the way the quick scan does, and size the change",
		Long: `Search every file tracked at a revision for keywords taken from the text
(identifiers are kept whole and split at camelCase, snake_case, dots and $;
stop words are dropped), rank the files by their hits and by the names they
define, and suggest the change's scope and complexity -- the same search
Phase 00 of an analysis runs.

The text is a description unless --keywords is given or every comma-separated
item is a single word. Keywords match whole words and identifier parts: copy
finds deepCopy and copy_file, not Copyright. Binary files, files over 1 MiB
and files a partial clone has not fetched are skipped; licences, changelogs,
CI and release configuration, vendored and generated code are searched but
ranked low, and rtgit's own analyses and settings (docs/requirements/,
docs/common/ or the folders .rtgit/config.yaml names, and .rtgit/) are never
searched.`,
		Example: "  rtgit scan \"Let customers export invoices as CSV\"\n  rtgit scan \"InvoiceStore, list_invoices\" --rev main --json\n  rtgit scan --keywords \"retry policy, backoff\" --explain",
		Args:    exactArgs(1),
		RunE:    func(_ *cobra.Command, args []string) error { return runScan(o, s, args[0]) },
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print the result as JSON")
	cmd.Flags().StringVar(&o.rev, "rev", "HEAD", "search the files tracked at `REV`")
	cmd.Flags().IntVar(&o.top, "top", 15, "list at most `N` files (0 lists all)")
	cmd.Flags().BoolVar(&o.keywords, "keywords", false, "read the text as a comma-separated keyword list, not a description")
	cmd.Flags().BoolVar(&o.explain, "explain", false, "say for each file why it ranked: its kind, the keywords its path spells, defines and matches")
	return cmd
}

// scanOutput is the JSON shape of `rtgit scan --json`.
type scanOutput struct {
	Commit string `json:"commit"`
	quickscan.Result
	Candidates []string `json:"candidate_files"`
	Binary     int      `json:"skipped_binary"`
	Large      int      `json:"skipped_large"`
	Missing    int      `json:"skipped_missing,omitempty"`
}

func runScan(o *scanOptions, s Streams, text string) error {
	if o.top < 0 {
		return usageErr("scan: --top takes 0 (all files) or more, not %d", o.top)
	}
	kw := quickscan.Terms(text, o.keywords)
	if len(kw) == 0 {
		return usageErr("scan: no keywords in %q once stop words are dropped", text)
	}
	ws, err := openWorkspace(o.dir, true)
	if err != nil {
		return err
	}
	lay, err := ws.analysesLayout()
	if err != nil {
		return err
	}
	hist := recentHistory(ws.repo, o.rev)
	sp := s.spin("scanning the tracked files")
	grep := scanGrepOptions(lay, o.rev, kw)
	grep.Progress = func(n int) { sp.Label(fmt.Sprintf("scanning the tracked files: %d read", n)) }
	res, err := ws.repo.Grep(grep)
	sp.Stop()
	if err != nil {
		return err
	}
	r := quickscan.AnalyzeWith(kw, scanHits(res), res.Searched, func(p string) ([]byte, error) {
		return ws.repo.ReadFileAt(res.Commit, p)
	})
	if h, ok := <-hist; ok {
		r = r.WithHistory(h)
	}
	r = r.Titled(text)
	if o.top > 0 && len(r.Files) > o.top {
		r.Files = r.Files[:o.top]
	}
	var cands []string
	for _, f := range quickscan.Relevant(r.Files) {
		cands = append(cands, f.Path)
	}
	if o.json {
		if r.Files == nil {
			r.Files = []quickscan.File{}
		}
		if cands == nil {
			cands = []string{}
		}
		if r.Companions == nil {
			r.Companions = []quickscan.Companion{}
		}
		enc := json.NewEncoder(s.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(scanOutput{Commit: res.Commit, Result: r, Candidates: cands, Binary: res.Binary, Large: res.Large, Missing: res.Missing})
	}
	p := s.colors(s.Out)
	fmt.Fprintf(s.Out, "%s %s\n", p.head("Keywords:"), joinComma(kw))
	fmt.Fprintf(s.Out, "Searched %d files at %s (%s)", res.Searched, o.rev, gitops.ShortHash(res.Commit))
	if res.Binary+res.Large > 0 {
		fmt.Fprintf(s.Out, "; skipped %d binary, %d over 1 MiB", res.Binary, res.Large)
	}
	if res.Missing > 0 {
		fmt.Fprintf(s.Out, "; %s not in this clone", steps.Count(res.Missing, "file", "files"))
	}
	fmt.Fprintln(s.Out)
	fmt.Fprintln(s.Out)
	if len(r.Files) == 0 {
		fmt.Fprintln(s.Out, p.warn("No file mentions any keyword."))
	} else {
		counted := map[string]bool{}
		for _, c := range cands {
			counted[c] = true
		}
		fmt.Fprintln(s.Out, p.head(fmt.Sprintf("%6s  %-8s  %s", "hits", "keywords", "file")))
		for _, f := range r.Files {
			mark := " "
			if counted[f.Path] {
				mark = p.good("*")
			}
			kind := ""
			if f.Kind != quickscan.KindSource {
				kind = p.faint("  (" + f.Kind + ")")
			}
			fmt.Fprintf(s.Out, "%6d  %-8s %s %s%s\n", f.Hits, fmt.Sprintf("%d/%d", f.Terms, len(kw)), mark, f.Path, kind)
			if o.explain {
				explainFile(s.Out, p, f)
			}
		}
		fmt.Fprintf(s.Out, "\n%s counted in the estimate\n", p.good("*"))
	}
	if len(r.Companions) > 0 {
		fmt.Fprintf(s.Out, "\n%s\n", p.head("Likely to change with the code:"))
		for _, c := range r.Companions {
			fmt.Fprintf(s.Out, "  %s %s\n", c.Path, p.faint("("+c.Why+")"))
		}
	}
	fmt.Fprintln(s.Out)
	fmt.Fprintf(s.Out, "%s %d, likely %d to %d\n", p.head("Estimated files:"), r.FileCount, r.Range[0], r.Range[1])
	fmt.Fprintf(s.Out, "%s           %s\n", p.head("Scope:"), r.Scope)
	fmt.Fprintf(s.Out, "%s      %s (%s)\n", p.head("Complexity:"), r.Complexity, r.Signals.Describe())
	fmt.Fprintf(s.Out, "%s      %s (%s)\n", p.head("Confidence:"), r.Confidence, r.ConfidenceWhy())
	if o.explain {
		fmt.Fprintf(s.Out, "%s        %s\n", p.head("Estimate:"), r.Basis.Describe())
	}
	return nil
}

// recentHistory reads the repository's recent changes at rev while the
// search runs (quickscan.ReadHistory); the walk reads its own objects, so
// the two share no state.
func recentHistory(repo *gitops.Repo, rev string) <-chan quickscan.History {
	return quickscan.ReadHistory(func(n int) ([][]string, error) {
		commit, err := repo.ResolveCommit(rev)
		if err != nil {
			return nil, err
		}
		return repo.RecentChanges(commit, n)
	})
}

// explainFile prints why a file ranked: its kind, score, the keywords its
// path spells, the ones it defines and the ones it only mentions.
func explainFile(w io.Writer, p palette, f quickscan.File) {
	var used []string
	for _, m := range f.Matched {
		if !slices.Contains(f.Defines, m) {
			used = append(used, m)
		}
	}
	fmt.Fprintf(w, "%18s score %.2f, %s", "", f.Score, p.hint(f.Kind))
	if len(f.Named) > 0 {
		fmt.Fprintf(w, "; path matches %s", joinComma(f.Named))
	}
	if len(f.Defines) > 0 {
		fmt.Fprintf(w, "; defines %s", joinComma(f.Defines))
	}
	if len(used) > 0 {
		fmt.Fprintf(w, "; mentions %s", joinComma(used))
	}
	if f.Reexports != "" {
		fmt.Fprintf(w, "; re-exports %s", f.Reexports)
	}
	fmt.Fprintln(w)
}

// scanGrepOptions is the search every scan runs: whole words and
// identifier parts, rtgit's own analyses and settings left out.
func scanGrepOptions(lay layout.Layout, rev string, terms []string) gitops.GrepOptions {
	return gitops.GrepOptions{Rev: rev, Terms: terms, Decl: quickscan.IsDeclaration, Words: true, Exclude: lay.Excluded()}
}

func scanHits(res *gitops.GrepResult) []quickscan.Hit {
	hits := make([]quickscan.Hit, len(res.Files))
	for i, f := range res.Files {
		hits[i] = quickscan.Hit{Path: f.Path, Counts: f.Counts, Decls: f.Decls, Generated: f.Generated, Size: f.Size}
	}
	return hits
}

func joinComma(items []string) string {
	out := ""
	for i, s := range items {
		if i > 0 {
			out += ", "
		}
		out += s
	}
	return out
}
