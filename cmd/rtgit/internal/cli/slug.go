package cli

import (
	"fmt"
	"github.com/rtgit/rtgit/internal/nearest"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// analyses is what the command line knows about the analyses in a
// repository before it asks the step machine anything: the checked-out
// branch and every rtgit/<slug> branch.
type analyses struct {
	ws       *workspace
	head     string          // checked-out branch, "" when detached
	branches []gitops.Branch // rtgit/* branches, by name
}

func loadAnalyses(ws *workspace) (*analyses, error) {
	a := &analyses{ws: ws}
	a.head, _ = ws.repo.HeadBranch()
	bs, err := ws.repo.Branches(roundtable.BranchPrefix)
	if err != nil {
		return nil, err
	}
	a.branches = bs
	return a, nil
}

// current is the slug of the checked-out analysis branch, or "".
func (a *analyses) current() string {
	slug, ok := strings.CutPrefix(a.head, roundtable.BranchPrefix)
	if !ok || roundtable.ValidateSlug(slug) != nil {
		return ""
	}
	return slug
}

func (a *analyses) slugs() []string {
	out := make([]string, 0, len(a.branches))
	for _, b := range a.branches {
		out = append(out, strings.TrimPrefix(b.Name, roundtable.BranchPrefix))
	}
	return out
}

// branch returns the rtgit/<slug> branch, if there is one.
func (a *analyses) branch(slug string) (gitops.Branch, bool) {
	for _, b := range a.branches {
		if b.Name == roundtable.BranchPrefix+slug {
			return b, true
		}
	}
	return gitops.Branch{}, false
}

// exists reports whether slug names an analysis: its branch, or its folder
// in the worktree (an analysis whose branch was renamed or not yet made).
func (a *analyses) exists(slug string) bool {
	if _, ok := a.branch(slug); ok {
		return true
	}
	lay, err := a.ws.analysesLayout()
	if err != nil {
		return false
	}
	_, err = os.Stat(filepath.Join(a.ws.root, filepath.FromSlash(lay.Meta(slug))))
	return err == nil
}

// resolve decides which analysis verb means. An empty given slug is the
// checked-out analysis; outside one it is a usage error listing the
// analyses to choose from. A malformed slug is a usage error, and an
// unknown one names the closest existing slugs.
func (a *analyses) resolve(verb, given string) (string, error) {
	if given == "" {
		if cur := a.current(); cur != "" {
			return cur, nil
		}
		return "", usageErr("%s: which analysis? %s", verb, a.menu())
	}
	if err := roundtable.ValidateSlug(given); err != nil {
		return "", usageErr("%s: %v", verb, err)
	}
	if a.exists(given) {
		return given, nil
	}
	return "", &codedError{code: ExitError, err: fmt.Errorf("%w %q%s", roundtable.ErrNoAnalysis, given, a.hint(given))}
}

// menu lists the analyses for someone who named none, those only on
// origin so far included, marked with the switch that brings them here.
func (a *analyses) menu() string {
	slugs, remote := a.slugs(), a.remoteSlugs()
	if len(slugs)+len(remote) == 0 {
		return `There are no analyses yet; start one with: rtgit new "<description>"`
	}
	var b strings.Builder
	b.WriteString("Not on an analysis branch; name one of:")
	for _, s := range slugs {
		fmt.Fprintf(&b, "\n  %s", s)
	}
	for _, s := range remote {
		fmt.Fprintf(&b, "\n  %s (on origin only; run: git switch %s%s)", s, roundtable.BranchPrefix, s)
	}
	return b.String()
}

// didYouMean starts the suggestion in an unknown-slug error; report
// colours the error from there on a terminal.
const didYouMean = "did you mean "

// hint is the "did you mean" tail of an unknown-slug error.
func (a *analyses) hint(given string) string {
	if a.onOriginOnly(given) {
		// A teammate's analysis in a fresh clone: git makes the local
		// branch, tracking origin's, on the first switch.
		return fmt.Sprintf(": %s%s is only on origin so far; run: git switch %s%s", roundtable.BranchPrefix, given, roundtable.BranchPrefix, given)
	}
	near := suggest(given, append(a.slugs(), a.remoteSlugs()...))
	switch {
	case len(near) == 1:
		return fmt.Sprintf("; %s%s?", didYouMean, near[0])
	case len(near) > 1:
		return fmt.Sprintf("; %sone of: %s?", didYouMean, strings.Join(near, ", "))
	case len(a.branches) == 0 && len(a.remoteSlugs()) == 0:
		return `: there are no analyses yet; start one with: rtgit new "<description>"`
	default:
		return fmt.Sprintf(": no branch %s%s (rtgit status lists the analyses)", roundtable.BranchPrefix, given)
	}
}

// remoteSlugs are the slugs of the analysis branches origin has (as
// remote-tracking origin/rtgit/<slug>) and this clone has no local branch
// for; nil when they cannot be read.
func (a *analyses) remoteSlugs() []string {
	bs, err := a.ws.repo.RemoteBranches(roundtable.OriginRemote, roundtable.BranchPrefix)
	if err != nil {
		return nil
	}
	var out []string
	for _, b := range bs {
		if _, ok := a.branch(strings.TrimPrefix(b.Name, roundtable.BranchPrefix)); !ok {
			out = append(out, strings.TrimPrefix(b.Name, roundtable.BranchPrefix))
		}
	}
	return out
}

// onOriginOnly reports whether origin has the analysis branch of slug
// (as the remote-tracking origin/rtgit/<slug>) while this clone has none.
func (a *analyses) onOriginOnly(slug string) bool {
	_, err := a.ws.repo.ResolveCommit("refs/remotes/origin/" + roundtable.BranchPrefix + slug)
	return err == nil
}

// onBranch makes sure the analysis branch is checked out before a verb
// that edits its files: with doSwitch it switches (refusing, like git, to
// overwrite uncommitted work), otherwise it says which branch to check out.
func (a *analyses) onBranch(slug string, doSwitch bool, s Streams) error {
	b, ok := a.branch(slug)
	if !ok || a.head == b.Name {
		return nil // no branch: the step machine explains
	}
	here := a.head
	if here == "" {
		here = "a detached HEAD"
	}
	if !doSwitch {
		return fmt.Errorf("%w: analysis %s lives on branch %s, but %s is checked out; run: git switch %s (or add --switch)",
			roundtable.ErrWrongBranch, slug, b.Name, here, b.Name)
	}
	if err := a.ws.repo.CheckoutAt(b.Name, b.Hash); err != nil {
		return err
	}
	a.head = b.Name
	fmt.Fprintf(s.Err, "rtgit: switched to branch %s\n", b.Name)
	return nil
}

// suggest returns the slugs within a small edit distance of given, or
// that extend it by whole words, closest first.
func suggest(given string, slugs []string) []string {
	type cand struct {
		slug string
		d    int
	}
	var cs []cand
	limit := max(1, min(3, len(given)/3))
	for _, s := range slugs {
		d := editDistance(given, s)
		if d <= limit || strings.HasPrefix(s, given+"-") || strings.HasSuffix(s, "-"+given) {
			cs = append(cs, cand{s, d})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].d < cs[j].d })
	out := make([]string, 0, min(len(cs), 3))
	for i := 0; i < len(cs) && i < 3; i++ {
		out = append(out, cs[i].slug)
	}
	return out
}

// editDistance is the distance the CLI's suggestions are ranked by.
func editDistance(a, b string) int { return nearest.Distance(a, b) }

// requireSlug resolves a read-only verb's optional slug argument: the
// given one, checked, or the checked-out analysis.
func requireSlug(dir, verb string, args []string) (string, error) {
	given := ""
	if len(args) > 0 {
		given = args[0]
	}
	ws, err := openWorkspace(dir, true)
	if err != nil {
		return "", err
	}
	an, err := loadAnalyses(ws)
	if err != nil {
		return "", err
	}
	return an.resolve(verb, given)
}

// optionalSlug is requireSlug for verbs that do something else without
// one (status lists): "" when no slug was given and, with useCurrent, no
// analysis branch is checked out.
func optionalSlug(dir, verb string, args []string, useCurrent bool) (string, error) {
	if len(args) == 0 {
		if !useCurrent {
			return "", nil
		}
		ws, err := openWorkspace(dir, true)
		if err != nil {
			return "", err
		}
		an, err := loadAnalyses(ws)
		if err != nil {
			return "", err
		}
		return an.current(), nil
	}
	return requireSlug(dir, verb, args)
}
