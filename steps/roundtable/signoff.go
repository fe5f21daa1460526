package roundtable

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/rtgit/rtgit/signoff"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/artifacts"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/stepfile"
)

// ErrNotApprovable: an area named for approval is not complete, or the
// analysis runs no step in it. Nothing was recorded.
var ErrNotApprovable = fmt.Errorf("area not approvable: %w", ErrIncomplete)

// phaseArea is the sign-off area of a phase: the library's word for it,
// or the default by the phase's number.
func (st *state) phaseArea(key string) string {
	if a := st.route.PhaseArea(key); a != "" {
		return a
	}
	return signoff.DefaultArea(key)
}

// scopes describes every sign-off area as it stands now. A step belongs
// to its phase's area; the answer to the tasks question, whichever step
// asks it, belongs to the tasks area instead. Steps skip_if rules out
// belong to none.
func (st *state) scopes() []signoff.Scope {
	idx := map[string]int{}
	out := make([]signoff.Scope, len(signoff.Areas))
	for i, a := range signoff.Areas {
		out[i] = signoff.Scope{Area: a}
		idx[a] = i
	}
	add := func(area, step string, done bool, part *signoff.Part) {
		i, ok := idx[area]
		if !ok {
			return
		}
		s := &out[i]
		s.Steps = append(s.Steps, step)
		if !done {
			s.Open = append(s.Open, step)
		} else if part != nil {
			s.Parts = append(s.Parts, *part)
		}
	}
	said := st.documentsSay()
	for _, ph := range st.route.Phases {
		area := st.phaseArea(ph.Phase.Key)
		for _, s := range ph.Steps {
			if !st.inArea(s, ph) {
				continue
			}
			// A phase finished with [S] leaves its skipped steps
			// unrecorded; they are not waiting for anyone.
			done := st.meta.HasStep(s.ID) || st.meta.HasPhase(ph.Phase.Key)
			d := st.stepDepth(s, ph)
			f, err := st.answerFile(s)
			if err == nil && f.Depth != "" {
				d = steps.Depth(f.Depth)
			}
			sa := collect(s, f, d)
			hasTasks := false
			design := signoff.Part{Step: s.ID, Depth: string(d), Feedback: sa.feedback}
			for _, q := range sa.asked {
				if q.ID == signoff.TasksQuestion {
					hasTasks = true
					continue
				}
				design.Answers = append(design.Answers, signoff.Answer{ID: q.ID, Text: sa.answer[q.ID]})
			}
			// What the documents say for the step, besides its answers:
			// the text of its blocks in the artifacts, so that an edit
			// there (a pushed FR-099) is a change the approval did not
			// cover.
			design.Answers = append(design.Answers, said[s.ID]...)
			if !hasTasks || len(sa.asked) > 1 {
				add(area, s.ID, done, &design)
			}
			if hasTasks {
				add(signoff.Tasks, s.ID, done, &signoff.Part{Step: s.ID,
					Answers: []signoff.Answer{{ID: signoff.TasksQuestion, Text: sa.answer[signoff.TasksQuestion]}}})
			}
		}
	}
	if q := st.settled(); q != nil {
		for i := range out {
			if len(out[i].Parts) > 0 {
				out[i].Parts = append(out[i].Parts, *q)
			}
		}
	}
	return out
}

// documentsSay is, per step, what the analysis's documents say for it
// besides its answers: each of the step's marker blocks in the artifacts
// ("<step> <section>"), with its text, by file. Unreadable files add
// nothing; check reports them.
func (st *state) documentsSay() map[string][]signoff.Answer {
	out := map[string][]signoff.Answer{}
	seen := map[string]bool{}
	for _, ph := range st.route.Phases {
		for _, s := range ph.Steps {
			for _, o := range s.Outputs {
				files, err := st.resolveOutput(o)
				if err != nil {
					continue
				}
				for _, f := range files {
					if seen[f] || path.Ext(f) != ".md" {
						continue
					}
					seen[f] = true
					data, err := st.read(f)
					if err != nil {
						continue
					}
					blocks := artifacts.Blocks(data)
					keys := make([]string, 0, len(blocks))
					for k := range blocks {
						keys = append(keys, k)
					}
					slices.Sort(keys)
					for _, k := range keys {
						step, _, _ := strings.Cut(k, " ")
						out[step] = append(out[step], signoff.Answer{ID: "document " + f + " " + k, Text: artifacts.WithoutSignOff(blocks[k])})
					}
				}
			}
		}
	}
	return out
}

// settled is the part every area holds of the tracked questions settled
// so far, each with its answer: an answer /rtgit resolve writes is read
// as part of the analysis (the spec lists it), whichever step it was
// raised at, so it is a change every approval given before it did not
// cover. nil while none is settled.
func (st *state) settled() *signoff.Part {
	qs, err := st.meta.Questions()
	if err != nil {
		return nil
	}
	p := &signoff.Part{Step: "questions"}
	for _, q := range qs {
		if !q.Open() {
			p.Answers = append(p.Answers, signoff.Answer{ID: q.ID, Text: q.Answer})
		}
	}
	if len(p.Answers) == 0 {
		return nil
	}
	return p
}

// inArea reports whether an area waits for step s: a step is left out
// only when skip_if rules it out. Unlike expected, a step whose
// dependencies are not finished still counts, as open: an area is not
// complete while steps it will reach are ahead.
func (st *state) inArea(s *steps.Step, ph *library.RoutePhase) bool {
	if st.meta.HasStep(s.ID) {
		return true
	}
	if s.SkipIf != "" {
		if skip, _ := stepfile.EvalSkipIf(s.SkipIf, st.facts(s, ph)); skip {
			return false
		}
	}
	return true
}

// signOff states every area against the approvals that count where it is
// judged (Machine.Judge, else Verify).
func (st *state) signOff() []signoff.AreaStatus { return st.signOffBy(st.m.Judge) }

// signOffBy states every area against the recorded approvals, keeping
// those judge keeps, or Verify's without one.
func (st *state) signOffBy(judge func(string, []meta.Acceptance) []meta.Acceptance) []signoff.AreaStatus {
	if judge == nil {
		judge = st.m.Verify
	}
	list := st.meta.Acceptance
	if judge != nil {
		list = judge(st.it.slug, list)
	}
	areas := signoff.Evaluate(st.scopes(), list)
	if p, err := st.m.policy(); err == nil {
		p.ApplyMin(areas) // a broken policy is check's to report
	}
	return areas
}

// areaApproved reports whether the sign-off area of step s's phase is
// approved now (enough current approvals, no request for changes), for
// the artifacts: Judge, a local reading, does not decide what they say.
func (st *state) areaApproved(s *steps.Step) bool {
	_, ph := st.route.Step(s.ID)
	if ph == nil {
		return false
	}
	area := st.phaseArea(ph.Phase.Key)
	for _, a := range st.signOffBy(nil) {
		if a.Area == area {
			return a.State == signoff.StateApproved
		}
	}
	return false
}

// refreshAcceptance records as stale the approvals whose answers changed,
// before meta.json is written; it costs nothing while nobody approved.
func (st *state) refreshAcceptance() {
	if len(st.meta.Acceptance) == 0 {
		return
	}
	signoff.Refresh(st.meta.Acceptance, st.scopes(), st.m.changer())
}

// changer names who the machine acts for, for a stale approval's "changed
// since by": the commenter on GitHub, else the actor.
func (m *Machine) changer() string {
	if name, _, ok := strings.Cut(m.CoAuthor, " <"); ok && name != "" {
		return "@" + name
	}
	return m.Actor
}

// Approve records by's verdict on areas of an analysis and commits it. With
// no areas, an approval covers every complete area, and a request for
// changes every area with steps. Naming an area that cannot be approved
// (steps still open, or none at all) records nothing and says what is
// open, as does an approval while an edited answer waits to be applied:
// an approval covers what the artifacts were built from.
func (m *Machine) Approve(slug string, areas []string, v signoff.Verdict, by string) (*Reply, error) {
	return m.approve(slug, areas, v, by, nil, "")
}

// approve is Approve; plain, when set, limits an approval naming no area
// to those of its areas that are complete (the policy's plain_approval).
// seen, when set, is the commit the reviewer saw: the approval covers the
// areas as they stood there, and is stale at once where they changed
// since.
func (m *Machine) approve(slug string, areas []string, v signoff.Verdict, by string, plain []string, seen string) (*Reply, error) {
	if by == "" {
		return nil, errors.New("an approval needs a name: set git's user.name")
	}
	areas, err := signoff.ParseAreas(areas)
	if err != nil {
		return nil, err
	}
	st, unlock, err := m.begin(slug)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if r, done, err := st.recoverPending(); done || err != nil {
		return r, err
	}
	r := &Reply{}
	if revised, err := st.revisedSteps(false); err == nil && len(revised) > 0 {
		var ids []string
		for _, s := range revised {
			ids = append(ids, s.ID)
		}
		r.say("", fmt.Sprintf("The answers of %s were edited and not applied yet; run `rtgit next %s` (or comment `/rtgit continue`) first, so the approval covers what the artifacts say.", steps.JoinAnd(ids), slug))
		return r, fmt.Errorf("%w: edited answers not applied", ErrNotApprovable)
	}
	scopes := st.scopes()
	head, err := m.Repo.HeadCommit()
	if err != nil {
		return nil, err
	}
	// What the reviewer saw: the areas at the review's commit. An
	// approval given on an older commit covers that content only.
	covered, at := scopes, head
	if seen != "" && seen != head {
		then, err := m.loadAt(slug, seen)
		if err != nil {
			r.say("", fmt.Sprintf("This review was given on commit %s, which this analysis's history does not hold, so it approves nothing; review the current head and approve again.", signoff.Short(seen)))
			return r, fmt.Errorf("%w: the reviewed commit %s cannot be read: %v", ErrNotApprovable, signoff.Short(seen), err)
		}
		covered, at = then.scopes(), seen
	}
	explicit := len(areas) > 0
	if !explicit {
		for _, s := range covered {
			if v == signoff.Approve && plain != nil && !slices.Contains(plain, s.Area) {
				continue
			}
			if (v == signoff.Approve && s.Complete()) || (v == signoff.RequestChanges && !s.Empty()) {
				areas = append(areas, s.Area)
			}
		}
		if len(areas) == 0 && plain != nil && v == signoff.Approve {
			covers := "no area"
			if len(plain) > 0 {
				covers = steps.JoinAnd(plain)
			}
			r.say("", fmt.Sprintf("This review names no area on its first line, and a plain approval covers %s (signoff.plain_approval), none of it complete: nothing was approved. To approve areas, start the review with them, for example `requirements`.", covers))
			return r, fmt.Errorf("%w: a plain approval covers nothing complete", ErrNotApprovable)
		}
		if len(areas) == 0 {
			r.say("", "No area is complete yet, so there is nothing to approve. "+st.openSummary(scopes))
			return r, fmt.Errorf("%w: no area is complete", ErrNotApprovable)
		}
	}
	when := m.now().UTC().Format(time.RFC3339)
	list := st.meta.Acceptance
	var refused []string
	for _, a := range areas {
		s, _ := findScope(covered, a)
		next, err := signoff.Record(list, s, v, by, when, at)
		var nr *signoff.NotReadyError
		if errors.As(err, &nr) {
			refused = append(refused, st.notReady(nr))
			continue
		}
		if err != nil {
			return nil, err
		}
		list = next
	}
	if len(refused) > 0 {
		for _, line := range refused {
			r.say("", line)
		}
		return r, fmt.Errorf("%w: %s", ErrNotApprovable, strings.Join(refused, "; "))
	}
	if at != head {
		// Changed since the reviewer looked, by whoever pushed it: stale
		// from the start, naming the steps.
		signoff.Refresh(list, scopes, "")
	}
	st.meta.Acceptance = list
	c := m.changes()
	// What the artifacts say about sign-off (the traceability matrix's
	// Status) follows it, in the same commit.
	if err := st.build(c, false); err != nil {
		return nil, err
	}
	if err := st.stageMeta(c); err != nil {
		return nil, err
	}
	verb := "approve"
	if v == signoff.RequestChanges {
		verb = "changes requested on"
	}
	sha, err := c.commit(fmt.Sprintf("rtgit: %s %s by %s", verb, strings.Join(areas, ", "), by))
	if err != nil {
		return nil, err
	}
	r.Commit, r.Changed = sha, c.order
	for _, a := range signoff.Evaluate(scopes, list) {
		if slices.Contains(areas, a.Area) {
			r.say("", a.Line()+".")
		}
	}
	return r, nil
}

func findScope(scopes []signoff.Scope, area string) (signoff.Scope, bool) {
	for _, s := range scopes {
		if s.Area == area {
			return s, true
		}
	}
	return signoff.Scope{Area: area}, false
}

// notReady says why an area cannot be approved, with the open steps'
// titles.
func (st *state) notReady(e *signoff.NotReadyError) string {
	if len(e.Open) == 0 {
		return fmt.Sprintf("%s cannot be approved: no step of this analysis belongs to it.", e.Area)
	}
	var names []string
	for _, id := range e.Open {
		names = append(names, st.stepName(id))
	}
	verb := "is"
	if len(names) > 1 {
		verb = "are"
	}
	return fmt.Sprintf("%s cannot be approved yet: %s %s still open.", e.Area, steps.JoinAnd(names), verb)
}

func (st *state) stepName(id string) string {
	if s, _ := st.route.Step(id); s != nil {
		return id + " " + s.Title
	}
	return id
}

// openSummary names the first open step of every area that has one.
func (st *state) openSummary(scopes []signoff.Scope) string {
	var parts []string
	for _, s := range scopes {
		if len(s.Open) > 0 {
			parts = append(parts, fmt.Sprintf("%s waits for %s", s.Area, st.stepName(s.Open[0])))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, "; ") + "."
}

// SignOff states every area of an analysis and what the policy still
// asks for, read as Status reads (the worktree on the analysis branch,
// the branch tip elsewhere).
func (m *Machine) SignOff(slug string, p signoff.Policy) ([]signoff.AreaStatus, []signoff.Missing, error) {
	st, err := m.loadAt(slug, m.source(slug))
	if err != nil {
		return nil, nil, err
	}
	areas := st.signOff()
	return areas, p.Gate(areas, st.authors()), nil
}

// authors names, per area, everyone who answered, revised or skipped its
// finished steps, each once, and "" for a finished step whose author is
// not recorded (a step finished before authors were recorded, or skipped
// before skips were), for the policy's distinct_from_author.
func (st *state) authors() map[string][]string {
	out := map[string][]string{}
	for _, s := range st.scopes() {
		var who []string
		for _, id := range s.Steps {
			if slices.Contains(s.Open, id) {
				continue
			}
			names := st.meta.AnsweredBy[id]
			if len(names) == 0 {
				names = []string{""} // nobody recorded: unverifiable
			}
			for _, w := range names {
				if !slices.Contains(who, w) {
					who = append(who, w)
				}
			}
		}
		if len(who) > 0 {
			out[s.Area] = who
		}
	}
	return out
}

// acceptanceOf flattens the areas' approvals for check --json.
func acceptanceOf(areas []signoff.AreaStatus) []signoff.Approval {
	out := []signoff.Approval{}
	for _, a := range areas {
		out = append(out, a.Approvals...)
	}
	return out
}

// policy is the sign-off policy Check applies: the caller's (the action
// reads it from the default branch), else .rtgit/config.yaml in the
// worktree.
func (m *Machine) policy() (signoff.Policy, error) {
	if m.Policy != nil {
		return m.Policy()
	}
	data, err := m.readFile(ConfigPath)
	if errors.Is(err, fs.ErrNotExist) {
		return signoff.Policy{MinApprovers: 1}, nil
	}
	if err != nil {
		return signoff.Policy{}, err
	}
	return signoff.ParsePolicy(ConfigPath, data)
}

// speaker is who a comment is from, for the record: its author on GitHub,
// the actor when a comment is given locally.
func (m *Machine) speaker(from Origin) string {
	if from.Author != "" {
		return from.Author
	}
	return m.Actor
}

// ReviewFrom applies a pull-request review's verdict: an approval of the
// areas its first line names (signoff.NamedAreas), or, when it names
// none, of the complete areas a plain approval covers (the policy's
// plain_approval, every area by default); a request for changes on the
// areas it names, or on every area with steps. A mention of an area in
// the review's prose adds nothing. from.Key records the review as
// processed in the same commit.
func (m *Machine) ReviewFrom(slug string, changes bool, body string, from Origin) (*Reply, error) {
	if meta.ValidProcessedKey(from.Key) {
		m.comment = from.Key
		defer func() { m.comment = "" }()
	}
	v := signoff.Approve
	if changes {
		v = signoff.RequestChanges
	}
	p, err := m.policy()
	if err != nil {
		return nil, err
	}
	return m.approve(slug, signoff.NamedAreas(body), v, m.speaker(from), p.Plain, from.Commit)
}
