package review

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// Intent is what a comment asks of the step machine.
type Intent struct {
	// Text is what the machine is given: the comment itself, or the
	// "/rtgit answer <id>" text a person could have typed for it.
	Text string
	// Refuse, when set, means nothing is applied; the reply says why.
	Refuse string
	// Note goes at the top of the reply: what the comment did beyond what
	// it says (an earlier answer replaced) or why it was read as it was.
	Note string
}

// fileAt reads a file as it was at a commit.
type fileAt interface {
	ReadAt(sha, path string) ([]byte, error)
}

// Interpret reads what a comment says. Two GitHub gestures become answers
// on top of everything `rtgit comment` accepts: a review comment on a line
// inside an answer block, and a quote reply of a question followed by
// text. Either way the result is the same "/rtgit answer <id>" text a
// person could have typed, so the machine's one comment handler does the
// work.
func Interpret(git fileAt, step *roundtable.StepStatus, c Comment) Intent {
	body := strings.ReplaceAll(c.Body, "\r\n", "\n")
	if step == nil || roundtable.ParseComment(body).Kind != "feedback" {
		return Intent{Text: body}
	}
	if c.Kind == KindReviewComment && c.Path == step.AnswerFile && c.Side != "LEFT" {
		if in, ok := lineIntent(git, step, c, body); ok {
			return in
		}
	}
	if id, rest := quotedQuestion(step, body); id != "" {
		if roundtable.ParseComment(rest).Kind != "feedback" {
			return Intent{Text: rest} // a command below a quote is still a command
		}
		if q := question(step, id); q != nil && q.Answered || kept(step, id) {
			// Quoting is how people talk about a question, not only how
			// they answer it; an answer already given stays unless replaced
			// on purpose.
			return Intent{Text: body, Note: fmt.Sprintf("`%s` already has an answer, so I took this as feedback and left the answer as it is. "+
				"To replace it, write `/rtgit answer %s` and the new answer on the next lines.", id, id)}
		}
		return Intent{Text: "/rtgit answer " + id + "\n" + rest}
	}
	return Intent{Text: body}
}

// lineIntent maps a line comment on the open step's answer file to the
// question whose answer block held that line in the commit the reviewer
// saw: line numbers of today's file shift as answers grow. It reports
// false when the line was in no answer block (plain feedback).
func lineIntent(git fileAt, step *roundtable.StepStatus, c Comment, body string) (Intent, bool) {
	sha, line := c.OriginalCommitID, c.OriginalLine
	if sha == "" || line <= 0 {
		sha, line = c.CommitID, c.Line
	}
	if line <= 0 {
		return Intent{}, false // a comment on the file as a whole
	}
	how := "Nothing changed; answer with `/rtgit answer <id>` and the text on the next lines."
	if sha == "" {
		return Intent{Refuse: fmt.Sprintf("I can't tell which version of `%s` line %d was on, so I can't tell which question it answers. %s",
			c.Path, line, how)}, true
	}
	data, err := git.ReadAt(sha, c.Path)
	if err != nil {
		return Intent{Refuse: fmt.Sprintf("I can't read `%s` at %s, the version you commented on (was the branch rewritten?), "+
			"so I can't tell which question line %d was in. %s", c.Path, sha[:12], line, how)}, true
	}
	id := answerAtLine(c.Path, data, line)
	if id == "" {
		return Intent{}, false
	}
	q := question(step, id)
	if q == nil && kept(step, id) {
		// An answer kept under "Answered earlier" is still the user's to
		// change, by line comment as by any other way.
		return Intent{Text: "/rtgit answer " + id + "\n" + body,
			Note: fmt.Sprintf("This line comment replaced the answer to `%s` kept under \"Answered earlier\"; the previous text is in the history of `%s`.", id, c.Path)}, true
	}
	if q == nil {
		return Intent{Refuse: fmt.Sprintf("Line %d of `%s` at %s was the answer to `%s`, which the open step no longer asks. %s",
			line, c.Path, sha[:12], id, how)}, true
	}
	in := Intent{Text: "/rtgit answer " + id + "\n" + body}
	if q.Answered {
		in.Note = fmt.Sprintf("This line comment replaced the earlier answer to `%s`; the previous text is in the history of `%s`.", id, c.Path)
	}
	return in, true
}

func question(step *roundtable.StepStatus, id string) *roundtable.QuestionStatus {
	for i := range step.Questions {
		if step.Questions[i].ID == id {
			return &step.Questions[i]
		}
	}
	return nil
}

// kept reports whether the open step's file keeps an answer to id from
// another depth.
func kept(step *roundtable.StepStatus, id string) bool {
	for _, q := range step.Kept {
		if q.ID == id {
			return true
		}
	}
	return false
}

// answerAtLine finds the answer block whose markers enclose line in data,
// the answer file rel as the reviewer saw it.
func answerAtLine(rel string, data []byte, line int) string {
	f, err := answers.Parse(rel, data)
	if err != nil {
		return ""
	}
	lines := strings.Split(string(data), "\n")
	for _, a := range f.Answers {
		if line < a.Line {
			continue
		}
		closer := "<!-- rtgit:end id=" + a.ID + " -->"
		for i := a.Line; i < len(lines); i++ { // lines[i] is line i+1
			if strings.TrimSpace(lines[i]) == closer {
				if line <= i+1 {
					return a.ID
				}
				break
			}
		}
	}
	return ""
}

// quotedQuestion recognises GitHub's "Quote reply": leading "> " lines
// that quote one of the open step's questions, asked or kept, then the
// answer. It
// returns the question's id and the answer, or "" when the quote matches
// no question or more than one.
func quotedQuestion(step *roundtable.StepStatus, body string) (string, string) {
	lines := strings.Split(body, "\n")
	var quoted []string
	i := 0
	for ; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(t, ">") {
			break
		}
		quoted = append(quoted, strings.TrimPrefix(t, ">"))
	}
	rest := strings.TrimSpace(strings.Join(lines[i:], "\n"))
	if len(quoted) == 0 || rest == "" {
		return "", ""
	}
	q := normalise(strings.Join(quoted, " "))
	if len(strings.Fields(q)) < 2 {
		return "", ""
	}
	match := ""
	// A kept answer's question is quoted like any other (its file shows
	// it under "Answered earlier"); it always has an answer, so the quote
	// gets the note rather than passing as plain feedback.
	for _, question := range append(step.Questions[:len(step.Questions):len(step.Questions)], step.Kept...) {
		t := normalise(question.Text)
		if t == "" {
			continue
		}
		if strings.Contains(q, t) || strings.Contains(t, q) {
			if match != "" {
				return "", ""
			}
			match = question.ID
		}
	}
	return match, rest
}

// normalise reduces text to lowercase words, so a quote survives the
// markdown, list numbers, ticks and emoji GitHub carries into it.
func normalise(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		} else {
			b.WriteRune(' ')
		}
	}
	words := strings.Fields(b.String())
	// A leading list number ("1.") is not part of the question.
	if len(words) > 0 && strings.Trim(words[0], "0123456789") == "" {
		words = words[1:]
	}
	return strings.Join(words, " ")
}
