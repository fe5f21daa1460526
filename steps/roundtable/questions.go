package roundtable

import (
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/artifacts"
	"github.com/rtgit/rtgit/steps/elaboration"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/stepfile"
)

// openQuestionsSection is where an analysis's document lists its open
// questions, and openQuestionsKey the block rtgit owns there.
const (
	openQuestionsSection = "Open Questions"
	openQuestionsKey     = "open-questions"
	specOutput           = "requirements-spec.md"
)

// question tracks a question comment as an open question and says so; the
// persona follows up with the step's own elaboration prompt, if it has one.
func (st *state) question(cur *steps.Step, ph *library.RoutePhase, text string, from Origin) (*Reply, error) {
	// With a model, a question the analysis already settles is answered
	// from it, citing the answer file, and is not tracked.
	said, answered := st.respond(cur, ph, text, true)
	if answered {
		r := &Reply{Lines: said}
		r.Step = st.view(cur, ph, st.stepDepth(cur, ph))
		return r, nil
	}
	c := st.m.changes()
	id, added, err := st.meta.AddQuestion(meta.OpenQuestion{Text: text, Author: from.Author, Source: from.Link, StepID: cur.ID})
	if err != nil {
		return nil, err
	}
	r := &Reply{}
	p := st.route.PersonaOf(cur)
	if !added {
		r.say(p.Name, fmt.Sprintf("That one is already tracked as %s.", id))
		r.Step = st.view(cur, ph, st.stepDepth(cur, ph))
		return r, nil
	}
	if err := st.stageQuestions(c); err != nil {
		return nil, err
	}
	if err := st.stageMeta(c); err != nil {
		return nil, err
	}
	sha, err := c.commit(fmt.Sprintf("rtgit: track open question %s", id))
	if err != nil {
		return nil, err
	}
	r.Commit, r.Changed = sha, c.order
	line := fmt.Sprintf("Good question about %s -- I'm tracking it as open question %s. Anyone can settle it with `/rtgit resolve %s <answer>`; "+
		"until then `rtgit check` lists it.", ackSubject(text), id, id)
	if f := followUp(cur, p); f != "" {
		line += " While we're on it: " + f
	}
	r.say(p.Name, line)
	r.Lines = append(r.Lines, said...)
	if doc := st.questionsDoc(); doc != "" {
		r.say("", fmt.Sprintf("%s is listed under \"%s\" in %s.", id, openQuestionsSection, st.it.outputPath(doc)))
	}
	r.Step = st.view(cur, ph, st.stepDepth(cur, ph))
	return r, nil
}

// followUp is the step file's elaboration prompt for persona p, if any.
func followUp(s *steps.Step, p steps.Persona) string {
	for _, e := range s.Elaboration {
		if e.Persona == p.Key {
			return e.Text
		}
	}
	return ""
}

// Resolve records answer for open question id and closes it. It works on
// a finished analysis too: open questions outlive the steps that raised
// them.
func (m *Machine) Resolve(slug, id, answer, by string) (*Reply, error) {
	id = strings.ToUpper(strings.TrimSpace(id))
	if !meta.ValidQuestionID(id) {
		return nil, fmt.Errorf("%q is not an open-question id like Q-001", id)
	}
	if strings.TrimSpace(answer) == "" {
		return nil, fmt.Errorf("resolve %s needs the answer, as in `/rtgit resolve %s <answer>`", id, id)
	}
	st, unlock, err := m.begin(slug)
	if err != nil {
		return nil, err
	}
	defer unlock()
	q, err := st.meta.ResolveQuestion(id, answer, by)
	if err != nil {
		return nil, err
	}
	c := m.changes()
	if err := st.stageQuestions(c); err != nil {
		return nil, err
	}
	where, err := st.stageResolution(c, q)
	if err != nil {
		return nil, err
	}
	if err := st.stageMeta(c); err != nil {
		return nil, err
	}
	sha, err := c.commit(fmt.Sprintf("rtgit: resolve %s", id))
	if err != nil {
		return nil, err
	}
	r := &Reply{Commit: sha, Changed: c.order}
	open, _ := st.meta.OpenQuestions()
	speaker := ""
	if cur, ph := st.current(); cur != nil {
		speaker = st.route.PersonaOf(cur).Name
		r.Step = st.view(cur, ph, st.stepDepth(cur, ph))
	} else {
		r.Done = true
	}
	r.say(speaker, fmt.Sprintf("Resolved %s (%q): %s %s", id, q.Text, sentence(q.Answer), openCount(len(open))))
	r.say("", where)
	return r, nil
}

// sentence is s ending with one full stop, unless it already ends as a
// sentence does: an answer written as "Yes, both." is quoted as written.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, ".") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, "…") {
		return s
	}
	return s + "."
}

func openCount(n int) string {
	switch n {
	case 0:
		return "No open questions remain."
	case 1:
		return "1 open question remains."
	}
	return fmt.Sprintf("%d open questions remain.", n)
}

// trackUnanswered records each required question a skip leaves unanswered
// as an open question, so the gap is tracked rather than only marked.
func (st *state) trackUnanswered(sa stepAnswers) error {
	for _, q := range sa.asked {
		if sa.answer[q.ID] != "" || sa.step.Optional(q.ID) {
			continue
		}
		text := stepfile.Expand(q.Text, st.lookup)
		if _, _, err := st.meta.AddQuestion(meta.OpenQuestion{Text: text, Source: sa.step.ID + "." + q.ID, StepID: sa.step.ID}); err != nil {
			return err
		}
	}
	return nil
}

// trackRaised records the questions an elaboration's synthesis left open.
func (st *state) trackRaised(s *steps.Step, open []string) error {
	for _, q := range open {
		if _, _, err := st.meta.AddQuestion(meta.OpenQuestion{Text: q, Source: st.elaborationPath(s), StepID: s.ID}); err != nil {
			return err
		}
	}
	return nil
}

// trackAnswered records the questions a discussion raised and answered
// as resolved, with their answers: settled there, they block nothing.
func (st *state) trackAnswered(s *steps.Step, answered []elaboration.Answered) error {
	for _, a := range answered {
		id, _, err := st.meta.AddQuestion(meta.OpenQuestion{Text: a.Question, Source: st.elaborationPath(s), StepID: s.ID})
		if err != nil {
			return err
		}
		by := a.By
		if by == "User" {
			by = ""
		}
		if _, err := st.meta.ResolveQuestion(id, a.Answer, by); err != nil {
			return err
		}
	}
	return nil
}

// questionsDoc is the document that lists the open questions: the
// requirements specification where the analysis's steps write one, else
// the first document a step after the quick scan writes (a bug analysis's
// bug report), so that a library without a specification does not get an
// empty one for the list. "" when no step writes such a document: the
// questions are then in meta.json alone.
func (st *state) questionsDoc() string {
	first := ""
	for _, ph := range st.route.Phases {
		for _, s := range ph.Steps {
			for _, o := range s.Outputs {
				switch {
				case o == specOutput:
					return specOutput
				case first == "" && ph.Phase.Key != library.QuickScanPhase && o != quickScanArtifact && o != tasksOutput:
					first = o
				}
			}
		}
	}
	return first
}

// questionsWhere names where a resolved question's answer is kept besides
// the answer file: meta.json and the document that lists the questions.
func (st *state) questionsWhere() string {
	if doc := st.questionsDoc(); doc != "" {
		return "meta.json and " + doc
	}
	return "meta.json"
}

// stageQuestions writes the "Open Questions" section of the document that
// lists them from meta.json, so the list always agrees with the record.
func (st *state) stageQuestions(c *changeset) error {
	qs, err := st.meta.Questions()
	if err != nil {
		return err
	}
	name := st.questionsDoc()
	if name == "" {
		return nil
	}
	rel := st.it.outputPath(name)
	doc, err := c.base(rel)
	if err != nil {
		return err
	}
	if doc == nil {
		if len(qs) == 0 {
			return nil
		}
		if doc, err = st.artifactSkeleton(name); err != nil {
			return err
		}
	}
	out, err := artifacts.FillSection(doc, openQuestionsSection, openQuestionsKey, QuestionsMarkdown(qs))
	if err != nil {
		return fmt.Errorf("%s:%w", rel, err)
	}
	c.put(rel, out)
	return nil
}

// QuestionsMarkdown lists questions for a document: the open ones first,
// then the resolved ones with their answers.
func QuestionsMarkdown(qs []meta.OpenQuestion) string {
	if len(qs) == 0 {
		return "_No open questions._"
	}
	var open, done strings.Builder
	for _, q := range qs {
		who := ""
		if q.Author != "" {
			who = " -- asked by " + q.Author
		}
		if q.Source != "" {
			who += " (" + sourceLink(q.Source) + ")"
		}
		if q.Open() {
			fmt.Fprintf(&open, "- **%s** %s%s\n", q.ID, oneLine(q.Text), who)
			continue
		}
		fmt.Fprintf(&done, "- ~~%s~~ %s%s\n  - **Answer**: %s\n", q.ID, oneLine(q.Text), who, oneLine(q.Answer))
	}
	s := open.String()
	if s == "" {
		s = "_No open questions._\n"
	}
	if done.Len() > 0 {
		s += "\n**Resolved:**\n\n" + done.String()
	}
	return strings.TrimRight(s, "\n")
}

func sourceLink(s string) string {
	if strings.HasPrefix(s, "https://") {
		return "[comment](" + s + ")"
	}
	return "`" + s + "`"
}

// oneLine keeps a list item on one line whatever the comment looked like.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
