package roundtable

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/rtgit/rtgit/steps"
)

// digest fingerprints what build reads from one step's answer file: the
// depth, the answer to each question asked at it, and the feedback.
//
// A finished step counts as revised when this differs from the digest
// meta.json recorded when its artifacts were last rendered. The other
// candidate, comparing the file with its version at the step's completion
// commit, needs that commit found again, and commits do not survive a
// rebase or a squash merge; nor does it notice an edit already committed
// by hand or on GitHub unless history is walked. The digest is recomputed
// from the file alone, wherever the branch has been, and an edit that
// changes nothing build reads (whitespace outside answers, a ticked box)
// is not a revision.
func digest(sa stepAnswers) string {
	h := sha256.New()
	fmt.Fprintf(h, "depth %s\n", sa.depth)
	for _, q := range sa.asked {
		fmt.Fprintf(h, "answer %s %q\n", q.ID, strings.TrimSpace(sa.answer[q.ID]))
	}
	fmt.Fprintf(h, "feedback %q\n", sa.feedback)
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// revisedSteps lists, in route order, the finished steps whose answers
// differ from those their artifacts were rendered from. In an analysis
// recorded before digests existed, the answer file as committed at HEAD
// stands in for the recorded digest. With strict unset, a finished answer
// file that no longer parses counts as revised instead of failing.
func (st *state) revisedSteps(strict bool) ([]*steps.Step, error) {
	var out []*steps.Step
	for _, ph := range st.route.Phases {
		for _, s := range ph.Steps {
			if !st.meta.HasStep(s.ID) {
				continue
			}
			f, err := st.answerFile(s)
			if err != nil {
				if strict {
					if errors.Is(err, os.ErrNotExist) {
						return nil, fmt.Errorf("%s: step %s is finished but its answer file is missing; restore it with git (git checkout HEAD -- %[1]s)", st.it.answerPath(s), s.ID)
					}
					return nil, err
				}
				out = append(out, s)
				continue
			}
			now := digest(collect(s, f, steps.Depth(f.Depth)))
			want, ok := st.meta.AnswerDigests[s.ID]
			if !ok {
				if want, ok = st.committedDigest(s); !ok {
					continue
				}
			}
			if now != want {
				out = append(out, s)
			}
		}
	}
	return out, nil
}

// committedDigest is the digest of s's answer file at HEAD, for analyses
// that recorded none.
func (st *state) committedDigest(s *steps.Step) (string, bool) {
	if st.rev != "" {
		return "", false // read from the branch tip: HEAD is what we read
	}
	rel := st.it.answerPath(s)
	data, err := st.m.Repo.ReadFileAt("HEAD", rel)
	if err != nil {
		return "", false
	}
	f, err := st.m.parsed().Parse(rel, data)
	if err != nil {
		return "", false
	}
	return digest(collect(s, f, steps.Depth(f.Depth))), true
}

// recordDigests stores the digest of every step build rendered from an
// answer file, so a later edit of one can be told apart.
func (st *state) recordDigests(sets []stepAnswers) {
	for _, sa := range sets {
		if sa.fromFile {
			st.meta.SetDigest(sa.step.ID, digest(sa))
		}
	}
}

// revise applies edited answers of finished steps: their answer files are
// validated as a step's are, every artifact is rendered again, each
// revision is recorded in meta.json, and all of it is one commit. Later
// steps are not reopened; the reply names their answers that now refer to
// something the revision removed.
func (st *state) revise(revised []*steps.Step, rescan bool, msg string) (*Reply, error) {
	r := &Reply{}
	for _, s := range revised {
		f, err := st.answerFile(s)
		if err != nil {
			return nil, err
		}
		probs := append(validate(st.it.answerPath(s), s, f, st.lookup), st.structureProblems(st.it.answerPath(s), s, f)...)
		planErrs, err := st.planErrors(s)
		if err != nil {
			return nil, err
		}
		if probs = append(probs, planErrs...); len(probs) > 0 {
			_, ph := st.route.Step(s.ID)
			r.say("", fmt.Sprintf("Step %s %s is finished; its revised answers are not applied until these are fixed.", s.ID, s.Title))
			r.Problems = probs
			r.Step = st.view(s, ph, steps.Depth(f.Depth))
			return r, fmt.Errorf("%w: %s in %s", ErrIncomplete, plural(len(probs), "problem"), st.it.answerPath(s))
		}
		if err := st.forgetRewrittenDrafts(s, f); err != nil {
			return nil, err
		}
		rescan = rescan || st.inQuickScan(s)
	}
	before := st.artifactDefs()
	head, err := st.m.Repo.HeadCommit()
	if err != nil {
		return nil, err
	}
	c := st.m.changes()
	c.restoring = st.rebuilding
	if err := st.build(c, rescan); err != nil {
		return nil, err
	}
	var names []string
	at := st.m.now().UTC().Format(time.RFC3339)
	for _, s := range revised {
		if err := st.stageWithoutStaleNotes(c, s, nil); err != nil {
			return nil, err
		}
		st.meta.AddRevision(s.ID, head, at)
		st.meta.DropReviewItems(s.ID) // revised: the review was done
		st.meta.SetAnsweredBy(s.ID, st.m.changer())
		names = append(names, s.ID+" "+s.Title)
	}
	if err := st.stageMeta(c); err != nil {
		return nil, err
	}
	if len(revised) > 0 {
		msg = "rtgit: revise " + strings.Join(names, ", ")
		r.say("", fmt.Sprintf("Revised %s: every artifact was rebuilt from the answers, and the later steps stay finished.", steps.JoinAnd(names)))
	}
	after, err := st.answerDefs()
	if err != nil {
		return nil, err
	}
	for _, d := range st.dangling(before, after, c) {
		r.say("", d)
	}
	c.dropUnchanged()
	kept, err := c.keepEdits()
	if err != nil {
		return nil, err
	}
	for _, rel := range kept {
		r.say("", fmt.Sprintf("Kept your uncommitted edit of %s: rebuilding would replace text you changed there. Commit the edit to keep it, or discard it (git restore %s) and rebuild again.", rel, rel))
	}
	if len(c.order) == 0 && len(kept) == 0 {
		r.say("", "Nothing to rebuild: every artifact already matches the answers.")
	} else if len(c.order) == 0 {
		// Only edits a rebuild would overwrite: nothing is written.
	} else {
		sha, err := c.commit(msg)
		if err != nil {
			return nil, err
		}
		r.Commit, r.Changed = sha, c.order
		if len(revised) == 0 {
			r.say("", "Rendered again from the answers: "+strings.Join(c.order, ", ")+".")
		}
	}
	if cur, ph := st.current(); cur != nil {
		r.Step = st.view(cur, ph, st.stepDepth(cur, ph))
	} else {
		r.Done = true
	}
	return r, nil
}

// applyRevisions is where `next` and `skip` start: edited answers of
// finished steps are applied, as their own commit, before anything else.
func (st *state) applyRevisions() (*Reply, bool, error) {
	revised, err := st.revisedSteps(true)
	if err != nil || len(revised) == 0 {
		return nil, err != nil, err
	}
	r, err := st.revise(revised, false, "")
	return r, true, err
}

// Rebuild renders every artifact of the analysis again from its answer
// files, meta.json and the templates, and commits what changed. On an
// analysis nobody edited it changes nothing. Finished steps whose answers
// were edited are recorded as revisions, as `next` records them.
func (m *Machine) Rebuild(slug string) (*Reply, error) {
	st, unlock, err := m.begin(slug)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if r, done, err := st.recoverPending(); done || err != nil {
		return r, err
	}
	revised, err := st.revisedSteps(true)
	if err != nil {
		return nil, err
	}
	st.rebuilding = true
	return st.revise(revised, true, "rtgit: rebuild "+slug)
}

// dropUnchanged leaves out of the commit every staged file that already
// holds, in the worktree and at HEAD, exactly what would be written.
func (c *changeset) dropUnchanged() {
	var keep []string
	for _, rel := range c.order {
		if c.removed[rel] {
			if _, err := c.m.Repo.ReadFileAt("HEAD", rel); errors.Is(err, os.ErrNotExist) {
				if _, err := os.Lstat(c.m.abs(rel)); errors.Is(err, os.ErrNotExist) {
					delete(c.files, rel)
					continue
				}
			}
			keep = append(keep, rel)
			continue
		}
		data, staged := c.files[rel]
		if !staged {
			head, err := c.m.Repo.ReadFileAt("HEAD", rel)
			wt, werr := c.m.readFile(rel)
			if err == nil && werr == nil && string(head) == string(wt) {
				continue
			}
			keep = append(keep, rel)
			continue
		}
		head, err := c.m.Repo.ReadFileAt("HEAD", rel)
		wt, werr := c.m.readFile(rel)
		if err == nil && werr == nil && string(head) == string(data) && string(wt) == string(data) {
			delete(c.files, rel)
			continue
		}
		keep = append(keep, rel)
	}
	c.order = keep
}

// revisionStatus fills in what status reports about revisions: finished
// steps edited since they were applied, and answers left referring to
// something that is gone.
func (st *state) revisionStatus(s *Status) {
	revised, _ := st.revisedSteps(false)
	for _, r := range revised {
		s.Revised = append(s.Revised, r.ID)
	}
	after, err := st.answerDefs()
	if err != nil {
		return
	}
	s.Dangling = append(s.Dangling, st.dangling(st.artifactDefs(), after, nil)...)
}
