package elaboration

import (
	"fmt"
	"strings"
	"time"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps/comment"
)

// Synthesis is what a finished discussion produced.
type Synthesis struct {
	StepID, Title string
	Participants  []Participant // the personas who spoke, in seating order
	Turns         int
	Insights      []Insight
	Decisions     []string
	Open          []string // questions the user raised and nobody answered
	// Answered are the questions the user raised that the discussion
	// went on to answer: kept with their answers, never reopened.
	Answered []Answered
}

// Answered is a question raised in a discussion and the answer given to
// it there, in the user's words.
type Answered struct {
	Question, Answer string
	By               string // who answered: "@login" or "User"
}

// Insight is one point the user made, credited to whoever said it: the
// commenter's "@login" when the turn came from a pull request, else
// "User". A persona's question may have drawn it out, but the words are
// the user's, and a reader of the artifact must not take them for the
// persona's.
type Insight struct {
	By   string // "@login" or "User"
	Text string
}

// userName is how a user turn's author is shown: by ("@login"), tidied to
// one line since the elaboration file can be edited by hand, or
// fallback when rtgit does not know who it was.
func userName(by, fallback string) string {
	if by = strings.Join(strings.Fields(by), " "); by != "" {
		return by
	}
	return fallback
}

// decisionRe finds sentences that settle something: "we'll…", "let's go
// with…", "decided…", "agreed…", "we should/must…".
var decisionRe = lazyre.New(`(?i)\b(we'll|we will|we are going to|let's go with|let's use|decided|decision|agreed|we should|we must|we won't|we will not)\b`)

// sentenceRe splits text into sentences, keeping their end punctuation.
var sentenceRe = lazyre.New(`[^.!?\n]+[.!?]*`)

// Synthesize reads a discussion back into insights, decisions and open
// questions. Nothing is invented: every line is something the user said,
// credited to the user who said it.
func Synthesize(d *Discussion, t Table, topic Topic) Synthesis {
	s := Synthesis{StepID: topic.StepID, Title: topic.Title, Turns: d.UserTurns()}
	spoke := map[string]bool{}
	// pending is the question raised last, not yet answered: what the
	// user says next in the same turn, or a next turn about the same
	// thing, answers it.
	var pending *string
	answer := func(text, by string) {
		s.Answered = append(s.Answered, Answered{Question: *pending, Answer: text, By: by})
		pending = nil
	}
	for _, turn := range d.Turns {
		switch turn.Kind {
		case KindQuestion, KindRedirect:
			spoke[turn.Speaker] = true
		case KindUser:
			if turn.OffTopic {
				continue
			}
			by := userName(turn.By, "User")
			if pending != nil && !isQuestion(firstSentence(turn.Text)) && answers(*pending, turn.Text) {
				answer(strings.TrimSpace(turn.Text), by)
				continue
			}
			s.flush(&pending)
			var after []string // sentences after a question in this turn
			for _, sent := range sentenceRe.FindAllString(turn.Text, -1) {
				sent = strings.TrimSpace(sent)
				switch {
				case sent == "":
				case isQuestion(sent):
					if pending != nil && len(after) > 0 {
						answer(strings.Join(after, " "), by)
					}
					s.flush(&pending)
					q := sent
					pending, after = &q, nil
				case pending != nil:
					after = append(after, sent)
				case decisionRe.MatchString(sent):
					s.Decisions = append(s.Decisions, sent)
					s.Insights = append(s.Insights, Insight{By: by, Text: sent})
				default:
					s.Insights = append(s.Insights, Insight{By: by, Text: sent})
				}
			}
			if pending != nil && len(after) > 0 {
				answer(strings.Join(after, " "), by)
			}
		}
	}
	s.flush(&pending)
	for _, p := range t.Order() {
		if spoke[p.Key] {
			s.Participants = append(s.Participants, p)
		}
	}
	return s
}

// flush files a question nobody answered as open.
func (s *Synthesis) flush(pending **string) {
	if *pending != nil {
		s.Open = append(s.Open, **pending)
		*pending = nil
	}
}

func isQuestion(sent string) bool {
	return strings.HasSuffix(sent, "?") || comment.Triage(sent) == comment.KindQuestion
}

func firstSentence(text string) string {
	return strings.TrimSpace(sentenceRe.FindString(text))
}

// answerStartRe is how an answer to a yes-or-no question starts.
var answerStartRe = lazyre.New(`(?i)^\s*(yes|no|yep|nope|yeah|right|correct|exactly|none|both|neither)\b`)

// answers reports whether text, said after question, answers it: it
// starts as an answer does, or it is about what the question named (a
// content word in common).
func answers(question, text string) bool {
	if answerStartRe.MatchString(text) {
		return true
	}
	said := Words(text)
	for w := range Words(question) {
		if said[w] {
			return true
		}
	}
	return false
}

// Keys lists the participating personas' keys, for meta.json.
func (s Synthesis) Keys() []string {
	out := make([]string, len(s.Participants))
	for i, p := range s.Participants {
		out[i] = p.Key
	}
	return out
}

// Summary is the one-line digest kept in meta.json and read back when a
// session resumes: "In our previous session … where {summary}".
func (s Synthesis) Summary() string {
	if len(s.Answered) > 0 {
		return fmt.Sprintf("we gathered %s, %s, %s and %s", count(len(s.Insights), "insight"), count(len(s.Decisions), "decision"),
			count(len(s.Answered), "answered question"), count(len(s.Open), "open question"))
	}
	return fmt.Sprintf("we gathered %s, %s and %s", count(len(s.Insights), "insight"), count(len(s.Decisions), "decision"), count(len(s.Open), "open question"))
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// Markdown renders the synthesis block appended to artifacts, preceded by
// the marker that dates it.
func (s Synthesis) Markdown(at time.Time) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<!-- Elaboration: step %s, %s -->\n\n", s.StepID, at.UTC().Format(time.RFC3339))
	fmt.Fprintf(&b, "### Elaboration Insights (Step %s: %s)\n\n", s.StepID, s.Title)
	var who []string
	for _, p := range s.Participants {
		who = append(who, fmt.Sprintf("%s (%s)", p.Name, p.Role))
	}
	fmt.Fprintf(&b, "**Participants**: %s\n\n**Turns**: %d\n", strings.Join(who, ", "), s.Turns)
	list := func(title string, items []string) {
		fmt.Fprintf(&b, "\n#### %s\n\n", title)
		if len(items) == 0 {
			b.WriteString("- None.\n")
			return
		}
		for _, it := range items {
			fmt.Fprintf(&b, "- %s\n", it)
		}
	}
	var insights []string
	for _, in := range s.Insights {
		insights = append(insights, fmt.Sprintf("[%s] %s", in.By, in.Text))
	}
	list("Key Insights", insights)
	list("Decisions", s.Decisions)
	if len(s.Answered) > 0 {
		var qa []string
		for _, a := range s.Answered {
			qa = append(qa, fmt.Sprintf("%s -- [%s] %s", a.Question, a.By, a.Answer))
		}
		list("Answered Questions", qa)
	}
	list("Open Questions", s.Open)
	return b.String()
}
