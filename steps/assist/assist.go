// Package assist names what the roundtable may ask of an optional helper
// that thinks: a drafter for answers, a responder for comments, a voice
// for elaboration mode, a reviewer for finished steps and a summariser for
// the handoff between personas.
//
// The domain defines these small interfaces and the deterministic
// behaviour rtgit has without them; a model-backed implementation lives at
// the edge (package ai) and is wired in by cmd. Everything a helper
// returns is a draft with [Provenance]: the roundtable shows it, marks it,
// and checks it like a person's answer, but never obeys it.
//
// Every method may fail or decline (an empty result): the roundtable then
// does what it does without a helper, so a helper can never block a step
// or lose a comment.
package assist

import (
	"context"
	"errors"

	"github.com/rtgit/rtgit/steps"
)

// Provenance says who wrote a text and from what: the model id and a short
// hash of the exact prompt it answered.
type Provenance struct {
	Model  string
	Prompt string
}

// Text is one model-written text and its provenance.
type Text struct {
	Text string
	Prov Provenance
}

// Empty reports whether t holds nothing worth showing.
func (t Text) Empty() bool { return len(t.Text) == 0 }

// Answer is an earlier answer the helper may build on, named by the file
// it lives in so a reply can cite it.
type Answer struct {
	File       string // repo-relative answer file
	StepID     string
	QuestionID string
	Question   string
	Text       string
}

// Question is one question to draft, with the format its answer must
// have: the step's rules and their hints, in words.
type Question struct {
	ID     string
	Text   string
	Format []string
}

// Step is what a helper knows of the open step.
type Step struct {
	ID, Title  string
	Depth      steps.Depth
	Prose      []string
	Validation []string // the step's validation rules and criteria, in words
	Artifacts  []string // "question -> output#section" lines
}

// DraftRequest asks for a grounded draft of one question.
type DraftRequest struct {
	Slug        string
	Description string
	Persona     steps.Persona
	Step        Step
	Question    Question
	Earlier     []Answer // every earlier answer of the analysis
	Files       []string // quick-scan candidate files, repo-relative, best first
}

// Drafter writes a first answer for a person to confirm or correct.
type Drafter interface {
	Draft(ctx context.Context, req DraftRequest) (Text, error)
}

// RespondRequest asks for a reply in the lead persona's voice to a comment
// on the open step.
type RespondRequest struct {
	Slug        string
	Description string
	Persona     steps.Persona
	Step        Step
	Comment     string
	Question    bool     // the comment asks something
	Answers     []Answer // the analysis so far, for answering from it
}

// Reply is a responder's reply. Answered says the reply answers a question
// from the analysis (and cites the answer file it used); otherwise the
// question stays open.
type Reply struct {
	Text
	Answered bool
}

// Responder replies to feedback and questions in voice.
type Responder interface {
	Respond(ctx context.Context, req RespondRequest) (Reply, error)
}

// Turn is one thing said in an elaboration discussion.
type Turn struct {
	Speaker string // persona key, or "user"
	Text    string
}

// VoiceRequest asks one seated persona for its contribution to a user turn.
type VoiceRequest struct {
	Slug        string
	Description string
	Persona     steps.Persona   // who speaks
	Lead        bool            // the speaker leads the discussion
	Others      []steps.Persona // the rest of the table, to address
	Step        Step
	Transcript  []Turn // the discussion so far, the user's new turn last
}

// Voice lets a persona contribute to an elaboration discussion in character.
type Voice interface {
	Contribute(ctx context.Context, req VoiceRequest) (Text, error)
}

// ReviewRequest asks for a check of a finished step's answers against its
// own validation criteria.
type ReviewRequest struct {
	Slug        string
	Description string
	Persona     steps.Persona
	Step        Step
	Answers     []Answer // the step's answers
}

// Reviewer returns review notes: warnings in the lead persona's voice.
// They never block a step.
type Reviewer interface {
	Review(ctx context.Context, req ReviewRequest) ([]Text, error)
}

// HandoffRequest asks the incoming persona for a one or two sentence
// summary of the previous phase's artifacts (AC-008-03).
type HandoffRequest struct {
	Slug        string
	Description string
	From, To    steps.Persona
	Artifacts   map[string]string // repo-relative path -> content
}

// Summariser writes the handoff summary.
type Summariser interface {
	Summarise(ctx context.Context, req HandoffRequest) (Text, error)
}

// Set is the helpers a roundtable may use; a nil field means the
// deterministic behaviour for that job.
type Set struct {
	Drafter    Drafter
	Responder  Responder
	Voice      Voice
	Reviewer   Reviewer
	Summariser Summariser
	// Usage reports what the helpers have spent so far, for meta.json.
	Usage func() Usage
	// Withheld lists the files among a draft's candidate files whose
	// content is never sent to the model (a credential's name or
	// content, ai.deny, .gitignore), and why; nil when nothing is.
	Withheld func(paths []string) []Withheld
}

// Withheld is a repository file kept out of a prompt.
type Withheld struct {
	Path   string
	Reason string // "holds a private key", "line 3 assigns a password", ...
}

// Usage is the model use recorded per analysis.
type Usage struct {
	Model        string
	Calls        int
	InputTokens  int64
	OutputTokens int64
}

// Enabled reports whether any helper is configured.
func (s *Set) Enabled() bool {
	return s != nil && (s.Drafter != nil || s.Responder != nil || s.Voice != nil || s.Reviewer != nil || s.Summariser != nil)
}

// ErrDeclined is what a helper returns when it chooses not to call the
// model (its budget is spent, or it is switched off for this kind of
// call); it has already said why, so the roundtable carries on quietly.
var ErrDeclined = errors.New("declined")
