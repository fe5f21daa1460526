package roundtable

import (
	"errors"
	"fmt"
	"os"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/artifacts"
	"github.com/rtgit/rtgit/steps/library"
)

// build is rtgit's one renderer: it stages every artifact of the analysis
// from the answer files of the steps that are done, meta.json and the
// templates. Completing a step, skipping a phase, revising a finished step,
// finishing an interrupted run and `rtgit rebuild` all call it, so an
// artifact cannot depend on which of them ran last.
//
// It replays the analysis from the start: each step is applied in route
// order and sees only the answers of the steps before it, exactly as when
// it was first completed. Later steps that refresh a shared block (the
// priorities re-rendering the stories, say) therefore win as they always
// did, and a rebuild of an untouched analysis writes the bytes it already
// has. Marker blocks are replaced where they stand, so text a person wrote
// around them stays; blocks of a replayed step that the replay no longer
// writes are taken out, and whole files (JSON, CSV, YAML) are written from
// nothing.
//
// The quick scan's part of quick-scan.md and meta.quick_scan also depend
// on a search of the whole repository at base_commit. Searching a large
// repository costs more than the rest of a step put together, so Phase
// 00's steps are replayed only when rescan is set: when one of them is
// being completed or revised, or on `rtgit rebuild`. Otherwise their
// output stands as the last replay of them left it.
func (st *state) build(c *changeset, rescan bool) error {
	sets, err := st.renderSet()
	if err != nil {
		return err
	}
	replayed := map[string]bool{}
	for _, sa := range sets {
		if !rescan && st.inQuickScan(sa.step) {
			continue
		}
		replayed[sa.step.ID] = true
		for _, mp := range sa.step.Mappings {
			if mp.Transform == "" || mp.Section != "" || strings.Contains(mp.Output, "*") {
				continue
			}
			if p := st.it.outputPath(mp.Output); strings.HasPrefix(p, st.it.dir()+"/") {
				c.blank[p] = true
			}
		}
	}
	kept := st.meta.QuickScan
	if rescan {
		st.meta.QuickScan, st.scanned = nil, nil
	}
	st.visible = map[string]bool{}
	defer func() { st.visible, st.replaying = nil, "" }()
	for _, sa := range sets {
		if replayed[sa.step.ID] {
			st.replaying = sa.step.ID
			if err := st.applyArtifacts(c, sa); err != nil {
				return err
			}
			if err := st.retire(c, sa.step); err != nil {
				return err
			}
			if err := st.handoffStep(c, sa); err != nil {
				return err
			}
			if rescan {
				if err := st.quickScanStep(c, sa); err != nil {
					return err
				}
			}
		}
		st.visible[sa.step.ID] = true
	}
	var applied []stepAnswers
	for _, sa := range sets {
		if replayed[sa.step.ID] {
			applied = append(applied, sa)
		}
	}
	st.recordDigests(applied)
	if rescan && st.meta.QuickScan == nil {
		// No search ran this time (no searcher, or it failed and warned):
		// the estimate recorded earlier still stands.
		st.meta.QuickScan = kept
	}
	if err := st.dropStale(c, replayed); err != nil {
		return err
	}
	if err := st.stageTasks(c); err != nil {
		return err
	}
	// The open questions are meta.json's record; their section is written
	// again only where there is a record to write.
	if qs, err := st.meta.Questions(); err != nil || len(qs) == 0 {
		return err
	}
	return st.stageQuestions(c)
}

// trackSkipped records, as open questions, the required questions that
// the steps a skip of ph drafts leave unanswered.
func (st *state) trackSkipped(ph *library.RoutePhase) error {
	sets, err := st.renderSet()
	if err != nil {
		return err
	}
	for _, sa := range sets {
		if _, p := st.route.Step(sa.step.ID); p == ph && !st.meta.HasStep(sa.step.ID) {
			if err := st.trackUnanswered(sa); err != nil {
				return err
			}
		}
	}
	return nil
}

// renderSet lists, in route order, the steps whose answers the artifacts
// hold: every completed step, and in a phase closed by [S] the step it was
// skipped from (with what its answer file says) and every later step of
// the phase that would have run, drafted without answers, as the skip
// drafted them.
func (st *state) renderSet() ([]stepAnswers, error) {
	var out []stepAnswers
	for _, ph := range st.route.Phases {
		from := false
		for _, s := range ph.Steps {
			switch {
			case st.meta.HasStep(s.ID):
				f, err := st.answerFile(s)
				if errors.Is(err, os.ErrNotExist) {
					return nil, fmt.Errorf("%s: step %s is finished but its answer file is missing; restore it with git (git checkout HEAD -- %[1]s)", st.it.answerPath(s), s.ID)
				}
				if err != nil {
					return nil, err
				}
				out = append(out, collect(s, f, steps.Depth(f.Depth)))
			case !st.meta.HasPhase(ph.Phase.Key):
			case !from && st.runnable(s, ph, false, st.meta.HasStep):
				from = true
				f, err := st.answerFile(s)
				if err != nil && !errors.Is(err, os.ErrNotExist) {
					return nil, err
				}
				d := st.stepDepth(s, ph)
				if f != nil {
					d = steps.Depth(f.Depth)
				}
				out = append(out, collect(s, f, d))
			case from && st.runnable(s, ph, false, st.doneBefore(s)):
				out = append(out, collect(s, nil, st.stepDepth(s, ph)))
			}
		}
	}
	return out, nil
}

// dropStale takes out of the markdown files the replay filled the marker
// blocks a replayed step wrote before and no longer writes: a section its
// depth no longer asks for, say. Blocks keyed to no step (the quick
// scan's, the ADR index) belong to their writers.
func (st *state) dropStale(c *changeset, replayed map[string]bool) error {
	paths := map[string]bool{}
	for p := range c.filled {
		paths[p] = true
	}
	for _, p := range sortedKeys(paths) {
		if path.Ext(p) != ".md" {
			continue
		}
		doc, err := c.base(p)
		if err != nil || doc == nil {
			continue
		}
		out := doc
		for _, key := range artifacts.BlockKeys(doc) {
			owner, _, _ := strings.Cut(key, " ")
			if !replayed[owner] || c.filled[p][key] {
				continue
			}
			if out, err = artifacts.RemoveBlock(out, key); err != nil {
				return fmt.Errorf("%s:%w", p, err)
			}
		}
		if string(out) != string(doc) {
			c.put(p, out)
		}
	}
	return nil
}

// retire handles the files of a step's wildcard outputs (one design file
// per module) that the step wrote before and no longer fills: a module
// deleted from its answers. The step's blocks are taken out, and a file
// left holding nothing a person wrote is removed. ADRs are not retired
// this way: their transform keeps them, deprecated, as MADR wants.
func (st *state) retire(c *changeset, s *steps.Step) error {
	var pats []string
	for _, mp := range s.Mappings {
		if strings.Contains(mp.Output, "*") && mp.Transform != "adr" && !slices.Contains(pats, mp.Output) {
			pats = append(pats, mp.Output)
		}
	}
	if len(pats) == 0 {
		return nil
	}
	names, err := st.listStaged(c, st.it.dir())
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, n := range names {
		p := st.it.dir() + "/" + n
		if !matchesAny(pats, n) || ownsAny(c.filled[p], s.ID) {
			continue
		}
		doc, err := c.base(p)
		if err != nil || doc == nil {
			continue
		}
		out, dropped := doc, false
		for _, key := range artifacts.BlockKeys(doc) {
			if owner, _, _ := strings.Cut(key, " "); owner != s.ID {
				continue
			}
			if out, err = artifacts.RemoveBlock(out, key); err != nil {
				return fmt.Errorf("%s:%w", p, err)
			}
			dropped = true
		}
		switch {
		case !dropped:
		case len(artifacts.BlockKeys(out)) == 0 && onlyTemplate(out):
			c.remove(p)
		default:
			c.put(p, out)
		}
	}
	return nil
}

func matchesAny(pats []string, name string) bool {
	for _, pat := range pats {
		if ok, _ := path.Match(pat, name); ok {
			return true
		}
	}
	return false
}

func ownsAny(keys map[string]bool, stepID string) bool {
	for k := range keys {
		if owner, _, _ := strings.Cut(k, " "); owner == stepID {
			return true
		}
	}
	return false
}

var templateLineRe = lazyre.New(`^(#{1,6}\s|\*\*[^*]+\*\*:)`)

// onlyTemplate reports whether every line of doc is a heading or one of
// the "**Field**: value" lines artifact templates start with: nothing a
// person wrote.
func onlyTemplate(doc []byte) bool {
	for _, l := range strings.Split(string(doc), "\n") {
		if t := strings.TrimSpace(l); t != "" && !templateLineRe.MatchString(t) {
			return false
		}
	}
	return true
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
