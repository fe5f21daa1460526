package review

import (
	"fmt"
	"path"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// answerFileRe matches an answer file's name and captures its step id.
var answerFileRe = lazyre.New(`^(\d{2}-\d{2})-[a-z0-9-]+\.md$`)

// reviseIntent reads a review comment on the line of an answer in the
// answer file of a step other than the open one: a finished step, which
// the comment revises. It becomes the "/rtgit answer <step>/<id>" text a
// person could have typed, so the machine applies it as a revision. It
// reports false for every other comment, which Interpret then reads.
func reviseIntent(git fileAt, analysisDir string, open *roundtable.StepStatus, c Comment) (Intent, bool) {
	body := strings.ReplaceAll(c.Body, "\r\n", "\n")
	if c.Kind != KindReviewComment || c.Side == "LEFT" || roundtable.ParseComment(body).Kind != "feedback" {
		return Intent{}, false
	}
	dir := analysisDir + "/answers"
	m := answerFileRe.FindStringSubmatch(path.Base(c.Path))
	if path.Dir(c.Path) != dir || m == nil || (open != nil && c.Path == open.AnswerFile) {
		return Intent{}, false
	}
	sha, line := c.OriginalCommitID, c.OriginalLine
	if sha == "" || line <= 0 {
		sha, line = c.CommitID, c.Line
	}
	if sha == "" || line <= 0 {
		return Intent{}, false
	}
	data, err := git.ReadAt(sha, c.Path)
	if err != nil {
		return Intent{}, false
	}
	id := answerAtLine(c.Path, data, line)
	if id == "" {
		return Intent{}, false
	}
	ref := m[1] + "/" + id
	return Intent{Text: "/rtgit answer " + ref + "\n" + body,
		Note: fmt.Sprintf("This line comment replaced the answer to `%s` of a finished step; the previous text is in the history of `%s`.", ref, c.Path)}, true
}
