package roundtable

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path"
	"strings"
	"time"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/artifacts"
	"github.com/rtgit/rtgit/steps/elaboration"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/stepfile"
)

// Elaborate is [E]: it opens a roundtable discussion on the open step, or,
// with text, takes the user's next turn in the discussion already open.
func (m *Machine) Elaborate(slug, text string) (*Reply, error) {
	return m.withOpen(slug, func(st *state, cur *steps.Step, ph *library.RoutePhase, f *answers.File) (*Reply, error) {
		ef, err := st.elaborationFile(cur)
		if err != nil {
			return nil, err
		}
		if d := ef.Current(); d != nil {
			if strings.TrimSpace(text) == "" {
				return st.finishElaboration(st.discussionReply(cur, ph, d, nil), cur)
			}
			return st.discuss(cur, ph, ef, d, text, "")
		}
		r, err := st.elaborate(cur, ph, f)
		if err != nil || strings.TrimSpace(text) == "" {
			return r, err
		}
		ef, err = st.elaborationFile(cur)
		if err != nil {
			return nil, err
		}
		return st.discuss(cur, ph, ef, ef.Current(), text, "")
	})
}

// elaborationPath sits beside the step's answer file.
func (st *state) elaborationPath(s *steps.Step) string {
	return strings.TrimSuffix(st.it.answerPath(s), ".md") + ".elaboration.md"
}

// elaborationFile reads the step's elaboration file; a missing one is empty.
func (st *state) elaborationFile(s *steps.Step) (*elaboration.File, error) {
	rel := st.elaborationPath(s)
	data, err := st.read(rel)
	if errors.Is(err, os.ErrNotExist) {
		return &elaboration.File{StepID: s.ID, Title: s.Title}, nil
	}
	if err != nil {
		return nil, err
	}
	return elaboration.Parse(rel, data)
}

// table seats the phase's lead first and every other persona after it;
// contributing personas join when the step is about one of their topics.
// Each asks the step's own elaboration prompts for it, then the step's
// unanswered questions.
func (st *state) table(s *steps.Step, ph *library.RoutePhase) elaboration.Table {
	var all []elaboration.Participant
	var lead elaboration.Participant
	// After its own prompts each voice asks what the step still asks:
	// its questions the answer file leaves unanswered. The personas'
	// general angles (personas.yaml) fit any change, so without a model
	// they would be asked of changes they do not fit.
	var open []string
	f, _ := st.answerFile(s)
	answered := map[string]bool{}
	if f != nil {
		for _, a := range f.Answers {
			answered[a.ID] = a.Answered
		}
	}
	for _, q := range s.AllQuestions() {
		if !answered[q.ID] {
			open = append(open, stepfile.Expand(q.Text, st.lookup))
		}
	}
	contributing := map[string]library.Contribution{}
	for _, c := range library.Contributors(st.route.Personas, s) {
		contributing[c.Persona.Key] = c
	}
	for _, p := range st.route.Personas {
		pt := elaboration.Participant{Key: p.Key, Name: p.Name, First: p.First(), Role: p.Role, Ack: p.Acknowledgment}
		if p.Contributes {
			// A contributor sits in only where the step is about one of
			// its topics, and speaks from its principles.
			c, ok := contributing[p.Key]
			if !ok {
				continue
			}
			for _, pr := range c.Prompts {
				pt.Prompts = append(pt.Prompts, stepfile.Expand(pr, st.lookup))
			}
			pt.Prompts = append(pt.Prompts, open...)
			all = append(all, pt)
			continue
		}
		for _, pr := range s.Elaboration {
			if pr.Persona == p.Key {
				pt.Prompts = append(pt.Prompts, stepfile.Expand(pr.Text, st.lookup))
			}
		}
		pt.Prompts = append(pt.Prompts, open...)
		all = append(all, pt)
		if p.Key == ph.Persona.Key {
			lead = pt
		}
	}
	return elaboration.NewTable(lead, all)
}

// topic gathers what the discussion is about: the step, its questions and
// answers, its prompts and the item's description. The lead frames the
// discussion with the first answer given so far.
func (st *state) topic(s *steps.Step, f *answers.File) elaboration.Topic {
	t := elaboration.Topic{StepID: s.ID, Title: s.Title}
	text := []string{s.Title, st.meta.Description}
	for _, q := range s.AllQuestions() {
		text = append(text, q.Text)
	}
	for _, pr := range s.Elaboration {
		text = append(text, pr.Text)
	}
	if f != nil {
		for _, a := range f.Answers {
			if a.Answered {
				text = append(text, a.Text)
				if t.Focus == "" {
					t.Focus = a.Text
				}
			}
		}
		text = append(text, f.Feedback)
	}
	t.Words = elaboration.Words(strings.Join(text, "\n"))
	return t
}

// elaborate opens a discussion: rtgit introduces it, the lead frames the
// topic, and the elaboration file is committed. A ticked [E] box is
// cleared in the same commit so the next `rtgit next` continues normally.
func (st *state) elaborate(cur *steps.Step, ph *library.RoutePhase, f *answers.File) (*Reply, error) {
	ef, err := st.elaborationFile(cur)
	if err != nil {
		return nil, err
	}
	if d := ef.Current(); d != nil {
		return st.discussionReply(cur, ph, d, nil), nil
	}
	d := elaboration.Start(st.table(cur, ph), st.topic(cur, f), st.meta.ElaborationConfig.MaxTurns, st.m.now())
	ef.Discussions = append(ef.Discussions, d)
	c := st.m.changes()
	if err := st.stageElaboration(c, cur, ef); err != nil {
		return nil, err
	}
	if f.Choice == "E" {
		if err := st.stageRerender(c, cur, ph, f); err != nil {
			return nil, err
		}
	}
	sha, err := c.commit(fmt.Sprintf("rtgit: elaborate %s %s", cur.ID, cur.Title))
	if err != nil {
		return nil, err
	}
	r := st.discussionReply(cur, ph, &ef.Discussions[len(ef.Discussions)-1], nil)
	r.Commit, r.Changed = sha, c.order
	return r, nil
}

// discuss takes one user turn and commits it; the last turn, or an exit
// keyword, writes the synthesis into the step's artifacts. by is the
// turn's author ("@login" of a pull-request comment, "" at the command
// line), credited in the synthesis.
func (st *state) discuss(cur *steps.Step, ph *library.RoutePhase, ef *elaboration.File, d *elaboration.Discussion, text, by string) (*Reply, error) {
	f, _ := st.answerFile(cur)
	t, topic := st.table(cur, ph), st.topic(cur, f)
	res := st.voices(cur, ph, d, t, elaboration.TakeFrom(d, t, topic, text, by, st.m.now()))
	c := st.m.changes()
	r := st.discussionReply(cur, ph, d, append([]elaboration.Turn{}, res.Turns...))
	msg := fmt.Sprintf("rtgit: elaborate %s, turn %d", cur.ID, d.UserTurns())
	if res.Done {
		syn := elaboration.Synthesize(d, t, topic)
		if err := st.applySynthesis(c, cur, syn); err != nil {
			return nil, err
		}
		if err := st.trackRaised(cur, syn.Open); err != nil {
			return nil, err
		}
		if err := st.trackAnswered(cur, syn.Answered); err != nil {
			return nil, err
		}
		if err := st.stageQuestions(c); err != nil {
			return nil, err
		}
		st.meta.Elaborations = append(st.meta.Elaborations, meta.Elaboration{StepID: cur.ID, TurnCount: syn.Turns,
			PersonasActive: syn.Keys(), Timestamp: st.m.now().UTC().Format(time.RFC3339), SynthesisSummary: syn.Summary()})
		if err := st.stageMeta(c); err != nil {
			return nil, err
		}
		r.say(t.Lead.Name, fmt.Sprintf("Let me pull this together: %s. I've added the synthesis to %s.", syn.Summary(), steps.JoinAnd(st.synthesisTargets(cur))))
		r.Step = st.view(cur, ph, st.stepDepth(cur, ph))
		if f != nil {
			r.Step = st.view(cur, ph, steps.Depth(f.Depth))
		}
		msg = fmt.Sprintf("rtgit: elaborate %s, synthesis after %s", cur.ID, plural(syn.Turns, "turn"))
	}
	if err := st.stageElaboration(c, cur, ef); err != nil {
		return nil, err
	}
	sha, err := c.commit(msg)
	if err != nil {
		return nil, err
	}
	r.Commit, r.Changed = sha, c.order
	return r, nil
}

// discussionReply voices the given turns (or, when nil, the whole open
// discussion so far), naming each persona.
func (st *state) discussionReply(cur *steps.Step, ph *library.RoutePhase, d *elaboration.Discussion, turns []elaboration.Turn) *Reply {
	r := &Reply{}
	if turns == nil {
		turns = d.Turns
	}
	for _, t := range turns {
		speaker := ""
		if p, ok := steps.FindPersona(st.route.Personas, t.Speaker); ok {
			speaker = p.Name
		}
		r.say(speaker, t.Text)
	}
	if d.Active() {
		r.Discussion = &DiscussionView{StepID: cur.ID, File: st.elaborationPath(cur), Turn: d.UserTurns(), MaxTurns: d.MaxTurns}
	}
	return r
}

func (st *state) stageElaboration(c *changeset, s *steps.Step, ef *elaboration.File) error {
	names := map[string]string{}
	for _, p := range st.route.Personas {
		names[p.Key] = fmt.Sprintf("%s (%s)", p.Name, p.Role)
	}
	data, err := ef.Marshal(names)
	if err != nil {
		return err
	}
	c.put(st.elaborationPath(s), data)
	return nil
}

// stageRerender renders the open answer file again at its depth, keeping
// its answers and feedback, which clears a ticked menu box.
func (st *state) stageRerender(c *changeset, cur *steps.Step, ph *library.RoutePhase, f *answers.File) error {
	carry := map[string]string{}
	for _, a := range f.Answers {
		if a.Answered {
			carry[a.ID] = a.Text
		}
	}
	data, err := st.renderAnswerFile(cur, ph, steps.Depth(f.Depth), nil, carry, f.Feedback)
	if err != nil {
		return err
	}
	rel := st.it.answerPath(cur)
	c.put(rel, data)
	c.userOwned[rel] = true
	return nil
}

// synthesisTargets are the step's markdown outputs with a section an
// answer maps to: where the insights belong.
func (st *state) synthesisTargets(s *steps.Step) []string {
	var out []string
	for _, o := range s.Outputs {
		if _, ok := synthesisSection(s, o); ok {
			out = append(out, st.it.outputPath(o))
		}
	}
	return out
}

func synthesisSection(s *steps.Step, output string) (string, bool) {
	if path.Ext(output) != ".md" || strings.Contains(output, "*") {
		return "", false
	}
	for _, mp := range s.Mappings {
		if mp.Output == output && mp.Transform == "" && mp.Section != "" {
			return mp.Section, true
		}
	}
	return "", false
}

// applySynthesis appends the synthesis to each target section. Existing
// content is never touched: the block goes after it, marked and dated.
func (st *state) applySynthesis(c *changeset, s *steps.Step, syn elaboration.Synthesis) error {
	block := syn.Markdown(st.m.now())
	for _, o := range s.Outputs {
		section, ok := synthesisSection(s, o)
		if !ok {
			continue
		}
		rel := st.it.outputPath(o)
		doc, err := c.base(rel)
		if err != nil {
			return err
		}
		if doc == nil {
			if doc, err = st.artifactSkeleton(o); err != nil {
				return err
			}
		}
		c.put(rel, artifacts.AppendToSection(doc, section, block))
	}
	return nil
}

// elaborationRecall is the context-recovery line for the most recent
// discussion held in the phase.
func (st *state) elaborationRecall(ph *library.RoutePhase) string {
	for i := len(st.meta.Elaborations) - 1; i >= 0; i-- {
		e := st.meta.Elaborations[i]
		if s, p := st.route.Step(e.StepID); s != nil && p == ph {
			return fmt.Sprintf("In our previous session, we had a roundtable discussion on %s where %s.", s.Title, e.SynthesisSummary)
		}
	}
	return ""
}

// finishElaboration commits an elaboration file that a killed run wrote
// but never committed, so running the verb again completes that run rather
// than leaving the discussion untracked.
func (st *state) finishElaboration(r *Reply, cur *steps.Step) (*Reply, error) {
	rel := st.elaborationPath(cur)
	head, err := st.m.Repo.ReadFileAt("HEAD", rel)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	wt, err := st.m.readFile(rel)
	if err != nil {
		return nil, err
	}
	if head != nil && bytes.Equal(head, wt) {
		return r, nil
	}
	msg := fmt.Sprintf("rtgit: elaborate %s %s", cur.ID, cur.Title)
	c := st.m.changes()
	c.commitAsIs(rel)
	sha, err := c.commit(msg)
	if err != nil {
		return nil, err
	}
	r.Commit, r.Changed = sha, c.order
	r.say("", "Finished an interrupted run: "+msg)
	return r, nil
}
