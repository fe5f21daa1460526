package roundtable

import (
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
)

// Line is one thing said: by a persona (Speaker is the persona's full
// name) or by rtgit itself (Speaker is empty).
type Line struct {
	Speaker string
	Text    string
}

// QuestionView is a question as shown to the user.
type QuestionView struct {
	ID       string
	Text     string
	Required bool
	Answered bool
	Line     int // line of its answer block in the answer file, when known
	// DraftedAt is set while the answer is a draft nobody edited: the
	// depth whose question it was drafted for. Drafted for another
	// depth than the file's, it does not count as answered.
	DraftedAt string
	// Unfinished: the draft does not meet the question's rules yet (a
	// review's summary waits for the person's verdict).
	Unfinished bool
}

// StepView is the open step: what the user should answer next.
type StepView struct {
	ID, Title  string
	Header     string // "{Name} ({Role}) -- Step {id}: {title}"
	Persona    steps.Persona
	Phase      steps.Phase
	Depth      steps.Depth
	AnswerFile string
	Prose      []string
	Questions  []QuestionView
	// Criteria are the step's prose validation criteria: what a good
	// answer meets, for the person answering and for a reviewer.
	Criteria []string
	// Contributors are the contributing personas at the table for this
	// step, with what each asks.
	Contributors []answers.Contributor
	Menu         []answers.MenuItem
}

// Reply is the outcome of one verb, for the CLI to print and the GitHub
// Action to post.
type Reply struct {
	Lines    []Line
	Problems []string // "path:line: reason" for each unanswered or invalid answer
	// Notes are the critic's warnings on a step refused for Problems,
	// "path:line: persona: message [rule]": they block nothing, but come
	// in the same pass, so fixing the problems never reveals them later.
	Notes []string
	Step  *StepView // the open step, nil once the analysis is complete
	Done  bool      // the analysis is complete
	// Readiness is check's verdict, set on a reply that leaves the
	// analysis complete (Next, Skip); its Verdict is the reply's last line.
	Readiness *Readiness `json:"-"`
	Commit    string     // the commit made, if any
	// Discussion is set while an elaboration-mode discussion is open.
	Discussion *DiscussionView
	Changed    []string // repo-relative paths written
	// Acknowledged is set when the comment was only thanks or approval:
	// the pull request answers it with a reaction alone.
	Acknowledged bool
}

// DiscussionView is an open elaboration-mode discussion.
type DiscussionView struct {
	StepID   string
	File     string // the elaboration file, beside the answer file
	Turn     int    // user turns taken so far
	MaxTurns int
}

func (r *Reply) say(speaker, text string) {
	if text != "" {
		r.Lines = append(r.Lines, Line{Speaker: speaker, Text: text})
	}
}
