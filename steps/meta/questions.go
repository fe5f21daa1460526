package meta

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// openQuestionsKey is the member of meta.json that tracks an analysis's
// open questions. It is kept as a raw member (see Extra) so that the
// artifacts built from it stay a pure function of meta.json and answers.
const openQuestionsKey = "open_questions"

// Question statuses.
const (
	QuestionOpen     = "open"
	QuestionResolved = "resolved"
)

// OpenQuestion is one question the analysis has not settled: asked in a
// comment, raised in an elaboration, or left unanswered by a skip.
type OpenQuestion struct {
	ID     string `json:"id"`
	Text   string `json:"text"`              // the question, verbatim
	Author string `json:"author,omitempty"`  // who asked, when known
	Source string `json:"source,omitempty"`  // a comment's link, or "NN-NN.qid"
	StepID string `json:"step_id,omitempty"` // the step open when it was asked
	Status string `json:"status"`            // open | resolved
	Answer string `json:"answer,omitempty"`  // the answer that resolved it
	// ResolvedBy is who answered, when known.
	ResolvedBy string `json:"resolved_by,omitempty"`
}

// Open reports whether q still waits for an answer.
func (q OpenQuestion) Open() bool { return q.Status != QuestionResolved }

var questionIDRe = lazyre.New(`^Q-\d{3,}$`)

// ValidQuestionID reports whether id looks like Q-001.
func ValidQuestionID(id string) bool { return questionIDRe.MatchString(id) }

// Questions returns the tracked questions in the order they were raised.
// A damaged open_questions member is an error naming the field, never
// silently dropped: it would lose what people asked.
func (m *Meta) Questions() ([]OpenQuestion, error) {
	raw, ok := m.Extra[openQuestionsKey]
	if !ok || string(raw) == "null" {
		return nil, nil
	}
	var qs []OpenQuestion
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&qs); err != nil {
		return nil, fmt.Errorf("meta.json: %s: %v", openQuestionsKey, err)
	}
	for i, q := range qs {
		if !ValidQuestionID(q.ID) {
			return nil, fmt.Errorf("meta.json: %s[%d]: id %q is not like Q-001", openQuestionsKey, i, q.ID)
		}
		if q.Status != QuestionOpen && q.Status != QuestionResolved {
			return nil, fmt.Errorf("meta.json: %s[%d]: status %q; want open or resolved", openQuestionsKey, i, q.Status)
		}
	}
	return qs, nil
}

// SetQuestions replaces the tracked questions.
func (m *Meta) SetQuestions(qs []OpenQuestion) error {
	if m.Extra == nil {
		m.Extra = map[string]json.RawMessage{}
	}
	if len(qs) == 0 {
		delete(m.Extra, openQuestionsKey)
		return nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(qs); err != nil {
		return err
	}
	m.Extra[openQuestionsKey] = json.RawMessage(bytes.TrimSpace(buf.Bytes()))
	return nil
}

// AddQuestion tracks q as open under the next free id and returns that id.
// The same text asked again from the same source is not tracked twice.
func (m *Meta) AddQuestion(q OpenQuestion) (string, bool, error) {
	qs, err := m.Questions()
	if err != nil {
		return "", false, err
	}
	q.Text = strings.TrimSpace(q.Text)
	next := 0
	for _, x := range qs {
		if x.Open() && x.Text == q.Text && x.Source == q.Source {
			return x.ID, false, nil
		}
		if n, err := strconv.Atoi(strings.TrimPrefix(x.ID, "Q-")); err == nil && n > next {
			next = n
		}
	}
	q.ID = fmt.Sprintf("Q-%03d", next+1)
	q.Status = QuestionOpen
	return q.ID, true, m.SetQuestions(append(qs, q))
}

// ResolveQuestion records answer for the question id and closes it.
func (m *Meta) ResolveQuestion(id, answer, by string) (OpenQuestion, error) {
	qs, err := m.Questions()
	if err != nil {
		return OpenQuestion{}, err
	}
	id = strings.ToUpper(strings.TrimSpace(id))
	for i := range qs {
		if qs[i].ID != id {
			continue
		}
		if !qs[i].Open() {
			return qs[i], fmt.Errorf("%s is already resolved: %s", id, qs[i].Answer)
		}
		qs[i].Status, qs[i].Answer, qs[i].ResolvedBy = QuestionResolved, strings.TrimSpace(answer), by
		return qs[i], m.SetQuestions(qs)
	}
	var open []string
	for _, q := range qs {
		if q.Open() {
			open = append(open, q.ID)
		}
	}
	if len(open) == 0 {
		return OpenQuestion{}, fmt.Errorf("no question %s: this analysis has no open questions", id)
	}
	return OpenQuestion{}, fmt.Errorf("no question %s; open: %s", id, strings.Join(open, ", "))
}

// OpenQuestions lists the questions still open.
func (m *Meta) OpenQuestions() ([]OpenQuestion, error) {
	qs, err := m.Questions()
	var open []OpenQuestion
	for _, q := range qs {
		if q.Open() {
			open = append(open, q)
		}
	}
	return open, err
}
