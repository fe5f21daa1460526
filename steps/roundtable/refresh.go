package roundtable

import (
	"errors"
	"fmt"
	"github.com/rtgit/rtgit/steps/meta"
	"slices"
	"strings"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/artifacts"
	"github.com/rtgit/rtgit/steps/quickscan"
)

// RefreshSection is the quick-scan.md section each refresh adds a block to.
const RefreshSection = "Refreshes"

// Refresh moves an analysis onto the current tip of its base branch: it
// runs the quick scan again there, records in quick-scan.md which candidate
// files are new and which vanished, sets codebase_hash, and lists the
// finished steps whose answers name files that changed as review items.
// Those steps stay finished: whether a change matters is for a person to
// judge, and `rtgit revise` style corrections reopen nothing by surprise.
func (m *Machine) Refresh(slug string) (*Reply, error) {
	tr, ok := m.Repo.(Tracker)
	if !ok {
		return nil, errors.New("refresh: this repository cannot be compared with a base branch")
	}
	st, unlock, err := m.begin(slug)
	if err != nil {
		return nil, err
	}
	defer unlock()
	return st.refresh(tr)
}

func (st *state) refresh(tr Tracker) (*Reply, error) {
	r := &Reply{}
	name, tip, err := tr.BaseTip()
	if err != nil {
		return nil, fmt.Errorf("refresh: %w", err)
	}
	recorded := st.analysisCommit()
	if recorded == "" {
		return nil, fmt.Errorf("refresh: %s records no codebase_hash to refresh from", st.it.metaPath())
	}
	from, err := tr.ResolveCommit(recorded)
	if err != nil {
		return nil, fmt.Errorf("refresh: the analysis commit %s: %w", shortHash(recorded), err)
	}
	if from == tip {
		r.say("", fmt.Sprintf("%s is already at %s (%s); nothing to refresh.", st.it.slug, shortHash(tip), name))
		return r, nil
	}
	// A refresh renders every artifact again; an edited answer not applied
	// yet would be built into them without being recorded as a revision.
	if revised, err := st.revisedSteps(false); err == nil && len(revised) > 0 {
		var ids []string
		for _, s := range revised {
			ids = append(ids, s.ID)
		}
		return nil, fmt.Errorf("refresh: the answers of %s were edited and not applied yet; run `rtgit next %s` first", steps.JoinAnd(ids), st.it.slug)
	}
	// Every file a finished step names, to learn which of them changed.
	// An answer file that does not read fails the rendering below with
	// this same error; it is said before anything is looked up.
	a, err := st.readModel(nil, nil)
	if err != nil {
		return nil, err
	}
	titles := map[string]string{}
	for _, s := range st.route.Steps() {
		if st.meta.HasStep(s.ID) {
			titles[s.ID] = s.Title
		}
	}
	var known []string
	if qs := st.meta.QuickScan; qs != nil {
		known = qs.CandidateFiles
	}
	mentioned := a.FilesNamed(known)
	var paths []string
	for _, mn := range mentioned {
		if !slices.Contains(paths, mn.Path) {
			paths = append(paths, mn.Path)
		}
	}
	d, err := tr.Drift(from, tip, paths)
	if err != nil {
		return nil, err
	}
	changed := map[string]StaleFile{}
	for _, f := range d.Files {
		changed[f.Path] = f
	}
	var review []string
	var items []meta.ReviewItem
	for _, s := range st.route.Steps() {
		var names []string
		for _, mn := range mentioned {
			if f, ok := changed[mn.Path]; ok && mn.StepID == s.ID {
				names = append(names, fmt.Sprintf("%s (%s)", artifacts.Code(f.Path), describeChange(f)))
			}
		}
		if len(names) > 0 {
			review = append(review, fmt.Sprintf("%s %s names %s", s.ID, titles[s.ID], strings.Join(names, ", ")))
			items = append(items, meta.ReviewItem{StepID: s.ID, Text: strings.ReplaceAll(review[len(review)-1], "`", ""), Refresh: shortHash(tip)})
		}
	}

	newFiles, gone, scanned, err := st.rescan(from, tip)
	if err != nil {
		return nil, err
	}
	// The artifacts are rendered again at the new commit by the one
	// renderer, exactly as rtgit rebuild renders them there: the quick
	// scan's sections, its estimate and candidate files in meta.json, and
	// whatever the later steps draw from them. The answers stay as they
	// are.
	st.meta.BaseCommit = tip
	st.meta.CodebaseHash = shortHash(tip)
	st.meta.AddReviewItems(items)
	c := st.m.changes()
	if err := st.build(c, true); err != nil {
		return nil, err
	}
	code, _ := d.codeChanged(st.m.Layout)
	moved := plural(code, "file") + " changed"
	if d.Commits >= 0 {
		moved = fmt.Sprintf("%s, %s", plural(d.Commits, "commit"), moved)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Refreshed from `%s` to `%s` (%s): %s.\n\n", shortHash(from), shortHash(tip), name, moved)
	if scanned {
		fmt.Fprintf(&b, "- New candidate files: %s\n- Vanished candidate files: %s\n", codeListOrNone(newFiles), codeListOrNone(gone))
	} else {
		b.WriteString("- The quick scan could not run again: no keywords are recorded.\n")
	}
	if len(review) == 0 {
		b.WriteString("- To review: nothing; no finished step names a file that changed.\n")
	} else {
		b.WriteString("- To review (still finished; check their answers against the new code):\n")
		for _, l := range review {
			fmt.Fprintf(&b, "  - %s\n", l)
		}
	}
	rel := st.it.outputPath(quickScanArtifact)
	doc, err := c.base(rel)
	if err != nil {
		return nil, err
	}
	if doc == nil {
		if doc, err = st.artifactSkeleton(quickScanArtifact); err != nil {
			return nil, err
		}
	}
	if doc, err = artifacts.FillSection(doc, RefreshSection, "refresh "+shortHash(tip), strings.TrimRight(b.String(), "\n")); err != nil {
		return nil, fmt.Errorf("%s:%w", rel, err)
	}
	c.put(rel, doc)
	if err := st.stageMeta(c); err != nil {
		return nil, err
	}
	c.dropUnchanged()
	sha, err := c.commit(fmt.Sprintf("rtgit: refresh %s at %s (%s)", st.it.slug, shortHash(tip), name))
	if err != nil {
		return nil, err
	}
	r.Commit, r.Changed = sha, c.order
	r.say("", fmt.Sprintf("Refreshed %s from %s to %s on %s: %s. codebase_hash is now %s.",
		st.it.slug, shortHash(from), shortHash(tip), name, moved, shortHash(tip)))
	if scanned {
		r.say("", fmt.Sprintf("Quick scan at %s: new candidate files %s; vanished %s.", shortHash(tip), plainListOrNone(newFiles), plainListOrNone(gone)))
	}
	if len(review) == 0 {
		r.say("", "No finished step names a file that changed.")
	}
	for _, l := range review {
		r.say("", "Review: "+strings.ReplaceAll(l, "`", ""))
	}
	if len(review) > 0 {
		r.say("", fmt.Sprintf("These stay in status and check until you revise the step or run `rtgit reviewed %s <step>`.", st.it.slug))
	}
	return r, nil
}

func describeChange(f StaleFile) string {
	if f.RenamedTo != "" {
		return "renamed to " + f.RenamedTo
	}
	return f.Change
}

// rescan runs the quick scan with the recorded keywords at both commits and
// returns the files relevant now but not before, and before but not now.
func (st *state) rescan(from, tip string) (added, gone []string, ok bool, err error) {
	search, can := st.m.Repo.(Searcher)
	kw := st.scanKeywords()
	if !can || len(kw) == 0 {
		return nil, nil, false, nil
	}
	before, err := st.scanAt(search, from, kw)
	if err != nil {
		return nil, nil, false, err
	}
	now, err := st.scanAt(search, tip, kw)
	if err != nil {
		return nil, nil, false, err
	}
	was, is := relevantPaths(before), relevantPaths(now)
	for _, p := range is {
		if !slices.Contains(was, p) {
			added = append(added, p)
		}
	}
	for _, p := range was {
		if !slices.Contains(is, p) {
			gone = append(gone, p)
		}
	}
	return added, gone, true, nil
}

func relevantPaths(r *quickscan.Result) []string {
	var out []string
	for _, f := range quickscan.Relevant(r.Files) {
		out = append(out, f.Path)
	}
	return out
}

func codeListOrNone(items []string) string {
	if len(items) == 0 {
		return "none"
	}
	return codeList(items)
}

func plainListOrNone(items []string) string {
	if len(items) == 0 {
		return "none"
	}
	return strings.Join(items, ", ")
}
