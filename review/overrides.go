package review

import (
	"fmt"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// The Action reads its settings, step files, personas and templates from
// the default branch's commit, never from the analysis branch. Someone who edits one on
// the analysis branch would otherwise see nothing change and not know why,
// so the run says so in its log and job summary, not on the pull request.

// IgnoredOverrides is what a commit of the analysis branch changes in the
// repository's overrides, which the run reads from the default branch
// instead.
type IgnoredOverrides struct {
	Paths  []string // added, changed or removed on the analysis branch, sorted
	Branch string   // the default branch
	Commit string   // its commit the overrides come from
}

// OverridesChecker is a Workspace that can compare a commit's overrides
// with the ones the run uses.
type OverridesChecker interface {
	IgnoredOverrides(sha string) (*IgnoredOverrides, error)
}

// namedOverrides is how many paths a note names before it counts the rest.
const namedOverrides = 3

// Note says, in one line of markdown, which files are not used and where
// the ones used come from; "" when no file differs.
func (o *IgnoredOverrides) Note() string {
	if o == nil || len(o.Paths) == 0 {
		return ""
	}
	var named []string
	for _, p := range o.Paths[:min(len(o.Paths), namedOverrides)] {
		named = append(named, roundtable.CodeSpan(p))
	}
	if rest := len(o.Paths) - len(named); rest > 0 {
		named = append(named, steps.Count(rest, "more file", "more files"))
	}
	list := steps.JoinAnd(named)
	verb, change, it := "is", "change", "it"
	if len(o.Paths) > 1 {
		verb, change, it = "are", "changes", "them"
	}
	return fmt.Sprintf("%s on this branch %s not used: the Action reads its settings, step files, personas and templates from %s (%.8s). Merge the %s to %s to use %s.",
		list, verb, o.Branch, o.Commit, change, o.Branch, it)
}

// noteIgnoredOverrides compares the analysis branch's commit sha, just
// checked out, with the overrides the run uses. It never stops the run: a
// comparison that fails is a warning.
func (r *run) noteIgnoredOverrides(sha string) {
	oc, ok := r.Git.(OverridesChecker)
	if !ok {
		return
	}
	ign, err := oc.IgnoredOverrides(sha)
	if err != nil {
		r.warn(r.res, fmt.Errorf("compare %s's settings, step files, personas and templates with the ones used: %w", r.branch(), err))
		return
	}
	if note := ign.Note(); note != "" {
		r.res.Notices = append(r.res.Notices, note)
		r.logf("::notice::%s", escapeData(note))
	}
}
