package review

import (
	"context"
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/steps/roundtable"
)

// AnalysesFetcher is a Workspace that can bring the other analysis
// branches of origin in as remote-tracking branches, so the dashboard can
// say which of them plan to change the same code.
type AnalysesFetcher interface {
	FetchAnalyses(ctx context.Context) error
}

// NeighbourFinder is a Machine that looks across analyses.
type NeighbourFinder interface {
	Neighbours(slug string) (*roundtable.Neighbours, error)
}

// neighbours fetches the other analysis branches and compares them with
// this one. Failing either is a warning: the dashboard then says nothing
// of other analyses, and the comment is still applied.
func (r *run) neighbours() *roundtable.Neighbours {
	nf, ok := r.Machine.(NeighbourFinder)
	if !ok {
		return nil
	}
	if af, ok := r.Git.(AnalysesFetcher); ok {
		if err := af.FetchAnalyses(r.ctx); err != nil {
			r.warn(r.res, fmt.Errorf("fetch the other analyses: %w", err))
			return nil
		}
	}
	n, err := nf.Neighbours(r.slug)
	if err != nil {
		r.warn(r.res, fmt.Errorf("compare with the other analyses: %w", err))
		return nil
	}
	return n
}

// neighboursMarkdown is the dashboard's account of the other analyses:
// the open ones that plan to change the same code, and what merged ones
// decided about it, each exactly as those analyses recorded it.
func neighboursMarkdown(n *roundtable.Neighbours) string {
	if n == nil || len(n.Overlaps)+len(n.Prior) == 0 {
		return ""
	}
	var b strings.Builder
	if len(n.Overlaps) > 0 {
		b.WriteString("### Overlapping analyses\n\n")
		for _, o := range n.Overlaps {
			who := defang(oneLine(o.State))
			if o.Owner != "" {
				who += ", started by " + quiet(defang(oneLine(o.Owner)))
			}
			fmt.Fprintf(&b, "- ⚠️ `%s` (`%s`, %s)", codeSafe(o.Slug), codeSafe(o.Branch), who)
			if len(o.Files) > 0 {
				fmt.Fprintf(&b, ": files %s", codeList(o.Files))
			}
			if len(o.Operations) > 0 {
				fmt.Fprintf(&b, "; operations %s", codeList(o.Operations))
			}
			b.WriteString("\n")
		}
		b.WriteString("\nAgree with their owners who changes what first; `rtgit check --strict` fails while an overlap stands.\n\n")
	}
	if len(n.Prior) > 0 {
		b.WriteString("### Earlier decisions about these files\n\n")
		for _, p := range n.Prior {
			shared := append(append([]string{}, p.Files...), p.Modules...)
			fmt.Fprintf(&b, "- `%s` (merged in `%s`) named %s\n", codeSafe(p.Slug), codeSafe(p.Commit[:min(7, len(p.Commit))]), codeList(shared))
			for _, d := range p.Decisions {
				line := d.ID + " " + d.Title
				if d.Date != "" {
					line += " (" + d.Date + ")"
				}
				if d.Decision != "" {
					line += ": " + d.Decision
				}
				fmt.Fprintf(&b, "  - %s\n", quiet(defang(oneLine(line))))
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// codeSafe keeps a name inside an inline code span.
func codeSafe(s string) string { return strings.ReplaceAll(oneLine(s), "`", "'") }

func codeList(list []string) string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = "`" + codeSafe(s) + "`"
	}
	return strings.Join(out, ", ")
}
