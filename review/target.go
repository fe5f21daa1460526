package review

import (
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// CommentText is what a comment says to the step machine. Two GitHub
// gestures become answers on top of everything `rtgit comment` accepts: a
// review comment on a line inside an answer block, and a quote reply of a
// question followed by text. Either way the result is the same
// "/rtgit answer <id>" text a person could have typed, so the machine's one
// comment handler does the work.
func CommentText(root string, step *roundtable.StepStatus, c Comment) string {
	body := strings.ReplaceAll(c.Body, "\r\n", "\n")
	if step == nil || roundtable.ParseComment(body).Kind != "feedback" {
		return body
	}
	if c.Kind == KindReviewComment && c.Path == step.AnswerFile && c.Line > 0 {
		if id := answerAtLine(root, step.AnswerFile, c.Line); id != "" {
			return "/rtgit answer " + id + "\n" + body
		}
	}
	if id, rest := quotedQuestion(step, body); id != "" {
		if roundtable.ParseComment(rest).Kind != "feedback" {
			return rest // a command below a quote is still a command
		}
		return "/rtgit answer " + id + "\n" + rest
	}
	return body
}

// answerAtLine finds the answer block whose markers enclose line, reading
// the answer file as it is now in the worktree.
func answerAtLine(root, rel string, line int) string {
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		return ""
	}
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
// that quote one of the open step's questions, then the answer. It
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
	for _, question := range step.Questions {
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
