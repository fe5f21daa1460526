package review

import (
	"context"
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/steps/artifacts"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// BaseFetcher is a Workspace that can bring the pull request's base branch
// up to date, so staleness compares with the remote-tracking branch as it
// is now rather than with whatever the checkout happened to hold.
type BaseFetcher interface {
	FetchBase(ctx context.Context, branch string) error
}

// StalenessChecker is a Machine that compares an analysis with its base.
type StalenessChecker interface {
	Staleness(slug string) (*roundtable.Staleness, error)
}

// fetchBase updates the base branch before any comment is applied, so a
// `/rtgit refresh` and the dashboard see the same tip. A failure is a
// warning: staleness then reads as unknown, and the analysis goes on.
func (r *run) fetchBase() {
	bf, ok := r.Git.(BaseFetcher)
	if !ok || r.pr.BaseRef == "" {
		return
	}
	if err := bf.FetchBase(r.ctx, r.pr.BaseRef); err != nil {
		r.warn(r.res, fmt.Errorf("fetch the base branch %s: %w", r.pr.BaseRef, err))
	}
}

// staleness is the analysis compared with the base branch, or nil when the
// machine cannot tell.
func (r *run) staleness() *roundtable.Staleness {
	sc, ok := r.Machine.(StalenessChecker)
	if !ok {
		return nil
	}
	s, err := sc.Staleness(r.slug)
	if err != nil {
		r.warn(r.res, fmt.Errorf("staleness: %w", err))
		return nil
	}
	r.res.Staleness = s
	return s
}

// stalenessMarkdown is the dashboard's and the job summary's account of
// the staleness: the level and message, then each changed file with the
// commits that changed it.
func stalenessMarkdown(s *roundtable.Staleness) string {
	if s == nil {
		return ""
	}
	icon := map[string]string{roundtable.StaleNone: "✅", roundtable.StaleInfo: "ℹ️", roundtable.StaleWarning: "⚠️", roundtable.StaleUnknown: "❔"}[s.Level]
	var b strings.Builder
	fmt.Fprintf(&b, "**Staleness:** %s %s: %s\n", icon, s.Level, defang(s.Message))
	if len(s.Files) > 0 {
		b.WriteString("\n")
		for _, f := range s.Files {
			what := f.Change
			if f.RenamedTo != "" {
				what = "renamed to `" + defang(f.RenamedTo) + "`"
			}
			fmt.Fprintf(&b, "- %s (%s)", defang(artifacts.Code(f.Path)), what)
			var cs []string
			for _, c := range f.Commits {
				cs = append(cs, fmt.Sprintf("`%s` %s", c.Hash[:min(7, len(c.Hash))], defang(oneLine(c.Subject))))
			}
			if len(cs) > 0 {
				b.WriteString(": " + strings.Join(cs, "; "))
			}
			b.WriteString("\n")
		}
		b.WriteString("\nReview the files, then comment `/rtgit refresh` to move the analysis to the new base.\n")
	}
	return b.String()
}
