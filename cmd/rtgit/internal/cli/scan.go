package cli

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/steps/quickscan"
)

type scanOptions struct {
	*globals
	json bool
	rev  string
	top  int
}

func newScanCmd(g *globals, s Streams) *cobra.Command {
	o := &scanOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "scan <keywords or description>",
		Short: "Search the repository the way the quick scan does, and size the change",
		Long: `Search every file tracked at a revision for keywords taken from the text
(identifiers are split at camelCase and snake_case, stop words dropped), rank
the files by their hits, and suggest the change's scope and complexity -- the
same search Phase 00 of an analysis runs. Binary files and files over 1 MiB
are skipped; vendored and generated code is searched but ranked low.`,
		Example: "  rtgit scan \"Let customers export invoices as CSV\"\n  rtgit scan \"InvoiceStore, list_invoices\" --rev main --json",
		Args:    exactArgs(1),
		RunE:    func(_ *cobra.Command, args []string) error { return runScan(o, s, args[0]) },
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print the result as JSON")
	cmd.Flags().StringVar(&o.rev, "rev", "HEAD", "search the files tracked at `REV`")
	cmd.Flags().IntVar(&o.top, "top", 15, "list at most `N` files (0 lists all)")
	return cmd
}

// scanOutput is the JSON shape of `rtgit scan --json`.
type scanOutput struct {
	Commit string `json:"commit"`
	quickscan.Result
	Candidates []string `json:"candidate_files"`
	Binary     int      `json:"skipped_binary"`
	Large      int      `json:"skipped_large"`
}

func runScan(o *scanOptions, s Streams, text string) error {
	kw := quickscan.ParseList(text)
	if len(kw) < 2 || len(kw[0]) > 40 {
		// Not a keyword list: a description to draw keywords from.
		kw = quickscan.Keywords(text)
	}
	if len(kw) == 0 {
		return usageErr("scan: no keywords in %q once stop words are dropped", text)
	}
	ws, err := openWorkspace(o.dir, true)
	if err != nil {
		return err
	}
	res, err := ws.repo.Grep(gitops.GrepOptions{Rev: o.rev, Terms: kw, Decl: quickscan.IsDeclaration})
	if err != nil {
		return err
	}
	hits := make([]quickscan.Hit, len(res.Files))
	for i, f := range res.Files {
		hits[i] = quickscan.Hit{Path: f.Path, Counts: f.Counts, Decls: f.Decls, Generated: f.Generated, Size: f.Size}
	}
	r := quickscan.Analyze(kw, hits, res.Searched)
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
		enc := json.NewEncoder(s.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(scanOutput{Commit: res.Commit, Result: r, Candidates: cands, Binary: res.Binary, Large: res.Large})
	}
	fmt.Fprintf(s.Out, "Keywords: %s\n", joinComma(kw))
	fmt.Fprintf(s.Out, "Searched %d files at %s (%s)", res.Searched, o.rev, gitops.ShortHash(res.Commit))
	if res.Binary+res.Large > 0 {
		fmt.Fprintf(s.Out, "; skipped %d binary, %d over 1 MiB", res.Binary, res.Large)
	}
	fmt.Fprintln(s.Out)
	fmt.Fprintln(s.Out)
	if len(r.Files) == 0 {
		fmt.Fprintln(s.Out, "No file mentions any keyword.")
	} else {
		counted := map[string]bool{}
		for _, c := range cands {
			counted[c] = true
		}
		fmt.Fprintf(s.Out, "%6s  %-8s  %s\n", "hits", "keywords", "file")
		for _, f := range r.Files {
			mark := " "
			if counted[f.Path] {
				mark = "*"
			}
			kind := ""
			if f.Kind != quickscan.KindSource {
				kind = "  (" + f.Kind + ")"
			}
			fmt.Fprintf(s.Out, "%6d  %-8s %s %s%s\n", f.Hits, fmt.Sprintf("%d/%d", f.Terms, len(kw)), mark, f.Path, kind)
		}
		fmt.Fprintln(s.Out, "\n* counted in the estimate")
	}
	fmt.Fprintln(s.Out)
	fmt.Fprintf(s.Out, "Estimated files: %d\n", r.FileCount)
	fmt.Fprintf(s.Out, "Scope:           %s\n", r.Scope)
	fmt.Fprintf(s.Out, "Complexity:      %s (%s)\n", r.Complexity, r.Signals.Describe())
	fmt.Fprintf(s.Out, "Confidence:      %s (%d of %d keywords found)\n", r.Confidence, r.Signals.Matched, r.Signals.Keywords)
	return nil
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
