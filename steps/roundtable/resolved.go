package roundtable

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/meta"
)

// stepIDRe is a step id as a question's source names it ("01-02.users").
var stepIDRe = lazyre.New(`^\d{2}-\d{2}$`)

// originStep is the id of the step a question was raised at: the step open
// when it was asked, or the step named by a source such as "01-02.users"
// (a question a skip left unanswered). "" when the record does not say.
func originStep(q meta.OpenQuestion) string {
	if q.StepID != "" {
		return q.StepID
	}
	if id, _, ok := strings.Cut(q.Source, "."); ok && stepIDRe.MatchString(id) {
		return id
	}
	return ""
}

// stageResolution writes the answers of the questions raised at q's step
// into that step's answer file, in the resolved block rtgit owns there,
// and says where the answer went. The block is rendered from meta.json
// alone and nothing is built from it, so the artifacts stay a function of
// the answers; the answers and feedback in the file keep every byte. When
// the file cannot take the block (the origin is unknown, the file is
// missing or holds uncommitted work), the resolution still stands in
// meta.json and the document listing the questions, and the reply says why the file was
// left alone.
func (st *state) stageResolution(c *changeset, q meta.OpenQuestion) (string, error) {
	id := originStep(q)
	s, _ := st.route.Step(id)
	if s == nil {
		if id == "" {
			return fmt.Sprintf("%s does not record the step it was raised at, so its answer is in %s only.", q.ID, st.questionsWhere()), nil
		}
		return fmt.Sprintf("%s was raised at step %s, which this analysis's plan no longer has, so its answer is in %s only.", q.ID, id, st.questionsWhere()), nil
	}
	rel := st.it.answerPath(s)
	head, err := c.base(rel)
	if err != nil {
		return "", err
	}
	if head == nil {
		return fmt.Sprintf("%s was raised at step %s, whose answer file %s is not committed, so its answer is in %s only.", q.ID, s.ID, rel, st.questionsWhere()), nil
	}
	wt, err := st.m.readFile(rel)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return "", err
	}
	if !bytes.Equal(wt, head) {
		return fmt.Sprintf("%s has uncommitted changes, so the answer to %s is not written there; it is in %s.", rel, q.ID, st.questionsWhere()), nil
	}
	qs, err := st.meta.Questions()
	if err != nil {
		return "", err
	}
	out, err := st.m.parsed().SetResolved(rel, head, resolvedMarkdown(s, qs))
	if err != nil {
		return fmt.Sprintf("The answer to %s is not written in %s: %v", q.ID, rel, err), nil
	}
	if !bytes.Equal(out, head) {
		c.put(rel, out)
	}
	return fmt.Sprintf("The answer is also recorded in %s, under the questions raised at step %s.", rel, s.ID), nil
}

// resolvedMarkdown lists the resolved questions raised at step s, each
// with its answer, one line each whatever the comments looked like.
func resolvedMarkdown(s *steps.Step, qs []meta.OpenQuestion) string {
	var b strings.Builder
	b.WriteString("**Resolved questions** raised at this step (written by rtgit from meta.json; `/rtgit resolve` records more):\n")
	for _, q := range qs {
		if q.Open() || originStep(q) != s.ID {
			continue
		}
		who := ""
		if q.Author != "" {
			who = " -- asked by " + oneLine(q.Author)
		}
		if q.Source != "" {
			who += " (" + sourceLink(oneLine(q.Source)) + ")"
		}
		by := ""
		if q.ResolvedBy != "" {
			by = " (" + oneLine(q.ResolvedBy) + ")"
		}
		fmt.Fprintf(&b, "\n- **%s** %s%s\n  - **Answer**%s: %s", q.ID, oneLine(q.Text), who, by, oneLine(q.Answer))
	}
	return b.String()
}

// withResolved adds to a freshly rendered answer file of step id the
// resolved block its earlier version carried: the block is rendered from
// meta.json, so re-rendering the file (a revision reopened, a depth
// changed) never loses an answer that was written there.
func (st *state) withResolved(id string, data []byte) ([]byte, error) {
	s, _ := st.route.Step(id)
	if s == nil {
		return data, nil
	}
	qs, err := st.meta.Questions()
	if err != nil {
		return nil, err
	}
	for _, q := range qs {
		if !q.Open() && originStep(q) == s.ID {
			return st.m.parsed().SetResolved(st.it.answerPath(s), data, resolvedMarkdown(s, qs))
		}
	}
	return data, nil
}
