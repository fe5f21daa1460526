// Package answers renders and parses rtgit's answer files. An answer file
// is the whole interface of a step: people fill it in with an editor, on
// GitHub, or through rtgit answer and PR comments, and rtgit must read back
// exactly what they wrote. So the structure rtgit needs to find again lives
// only in hidden marker lines, and everything between them belongs to the
// user: an answer may hold any markdown at all, including headings, fenced
// code, tables and HTML comments, and it comes back byte for byte.
//
// # Markers
//
// A marker is an HTML comment alone on its line, so GitHub shows nothing of
// it. Markers are found with a markdown parser and count only as top-level
// HTML blocks, which is why marker-looking text inside a fenced code block,
// a list item or a quote in an answer is just content:
//
//	<!-- rtgit:file step=01-02 depth=standard slug=my-slug -->
//
//	<!-- rtgit:answer id=users -->
//	... the answer to question "users" ...
//	<!-- rtgit:end id=users -->
//
//	<!-- rtgit:menu -->
//	- [ ] **[C]** Continue -- move to the next step
//	<!-- rtgit:end menu -->
//
//	<!-- rtgit:feedback -->
//	... free-form feedback ...
//	<!-- rtgit:end feedback -->
//
//	<!-- rtgit:resolved -->
//	... the open questions raised at this step, as they were resolved ...
//	<!-- rtgit:end resolved -->
//
// The file marker is required, once. Blocks do not nest, an id appears
// once, and the menu, feedback and resolved blocks are optional but appear
// at most once. The resolved block is rtgit's alone: it is written from
// meta.json's open questions, and nothing is read back from it. Any other top-level HTML block starting "<!-- rtgit:" is an error,
// as is a block left open: a damaged file is reported with its line, never
// guessed at, because a guess could silently lose an answer.
//
// A file is read only within limits, as every later run reads it again:
// at most [MaxFileBytes], each answer at most [MaxAnswerChars] characters
// (GitHub's limit for a comment), and no line opening more than
// [MaxNesting] quotes or list items. Past them the file, or the text
// offered for it, is refused with its line.
//
// An answer area that still holds [Placeholder], or nothing, is unanswered.
// A drafted answer rendered into the area counts as answered, so leaving a
// draft as it is confirms it. In the menu, ticking one box ([x]) chooses
// that item instead of Continue.
//
// # Templates
//
// [Render] executes a text/template (the embedded answer-file.md.tmpl or a
// repository's override) with these fields: .StepID .Slug .Depth .Header
// .Intro .Prose .Menu (each .Key .Label) .Feedback, and .Questions, each
// with .ID .Text .Optional, .Body (the carried answer, the draft or the
// placeholder), .Drafted (the body is an unconfirmed draft), .DraftedBy
// (who drafted it, when a model did), .DraftedAt (the depth a carried
// draft was written for, when not the file's), .Unfinished (a draft the
// question's rules refuse as it stands), .Provenance (the hidden marker of a
// model-written body) and .Suggestion (a model's suggestion block, see
// ai.go); and .Kept, the answers to questions this depth does not ask,
// each with .ID .Text .Body .AskedAt .Provenance, whose blocks must follow the
// questions' in that order. The markers
// come from the functions fileMarker, answerOpen ID, answerClose ID,
// menuOpen, menuClose, feedbackOpen and feedbackClose; quote turns text
// into a markdown block quote. Render parses its own output back and fails
// if the template lost a marker or an answer, so an override cannot write a
// file rtgit would later misread.
package answers

import (
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// Placeholder marks an answer area nobody has written in yet.
const Placeholder = "_Write your answer here, replacing this line._"

// MenuItem is one choice of the step menu.
type MenuItem struct {
	Key   string // "E", "C" or "S"
	Label string
}

// Question is one question to render.
type Question struct {
	ID       string
	Text     string
	Optional bool
	Prefill  string // a drafted answer, "" for none
	AI       *AI    // a model's draft or suggestion, nil for none; a draft wins over Prefill
	// Unfinished marks a Prefill the question's own rules refuse as it
	// stands (a review summary with no verdict): its note asks for an
	// edit instead of offering the draft for confirmation.
	Unfinished bool
}

// View is everything one answer file is rendered from.
type View struct {
	StepID, Slug, Depth string
	// DepthWhy says where Depth came from and how to change it ("chosen by
	// you; `rtgit depth …` changes it"); "" says nothing.
	DepthWhy  string
	Header    string   // "Maya Chen (Business Analyst) -- Step 01-02: User Needs Discovery"
	Intro     []string // greeting, handoff and announcement lines, one paragraph each
	Prose     []string // what the persona says before the questions
	Questions []Question
	Menu      []MenuItem
	// Contributors are contributing personas whose topics the step is
	// about; what they ask is shown, and not read back.
	Contributors []Contributor
	// Criteria are the step's prose validation criteria, shown as a
	// checklist under the questions; rtgit does not read them back.
	Criteria []string
	Carry    map[string]string // answers kept from an earlier render, by id; they win over Prefill
	Feedback string            // feedback kept from an earlier render
	// CarryAI keeps the provenance of carried answers that are still a
	// model's draft, by id, so a re-render does not lose it.
	CarryAI map[string]AIMark
	// CarryDraft marks carried answers that are still a draft nobody
	// edited, by id, with the depth whose question it was drafted for.
	// A draft keeps its note through every render; drafted for another
	// depth's wording, the note says it is not yet an answer to this one.
	CarryDraft map[string]string
	// Withheld are the quick scan's candidate files whose content was
	// kept from the model, each "`path`: why", for the reader to know
	// what the drafts were written without.
	Withheld []string
	// Kept are answers to questions this depth does not ask, in the
	// order they are written after the questions.
	Kept []Kept
}

// Kept is an answer to a question the file's depth does not ask, given
// at another depth. It is written in an answer block of its own, after
// the questions, so it reads back like any answer: the user can still
// edit it, every later render keeps it, and when a depth asks the
// question again it is that question's answer.
type Kept struct {
	ID      string
	Text    string // the question, "" when the step no longer asks it
	Body    string // the answer
	AskedAt string // the depths that ask it ("standard and deep"), "" for none
	// Provenance is the hidden marker line of a Body a model wrote, set
	// by Render from View.CarryAI: a suggestion someone chose stays
	// marked as the model's while it is kept.
	Provenance string
}

// Contributor is one contributing persona's part in a step.
type Contributor struct {
	Name, Role string
	Prompts    []string
}

// Answer is one answer block as found in a file.
type Answer struct {
	ID       string
	Text     string // the answer's markdown, "" when unanswered
	Answered bool
	Line     int // 1-based line of the opening marker
	// TextLine is the 1-based line of the answer's first line of text,
	// so line n of Text is file line TextLine+n-1; 0 when unanswered.
	TextLine int
}

// File is a parsed answer file.
type File struct {
	StepID, Slug, Depth string
	Choice              string   // "", "C", "E" or "S": the ticked menu box
	Answers             []Answer // in file order
	Feedback            string   // the feedback block's text, "" if none
	// AI holds the provenance markers of model-written drafts, and
	// Suggestions the model's suggestions shown beside questions.
	AI          []AIMark
	Suggestions []Suggestion
	// Resolved is the text of the resolved-questions block: rtgit writes
	// it from meta.json, and nothing is built from it.
	Resolved string
}

// Answer returns the answer block for id.
func (f *File) Answer(id string) (Answer, bool) {
	if i := f.index(id); i >= 0 {
		return f.Answers[i], true
	}
	return Answer{}, false
}

func (f *File) index(id string) int {
	for i, a := range f.Answers {
		if a.ID == id {
			return i
		}
	}
	return -1
}

// ids lists the answer ids for messages that must tell the user what
// would have been accepted.
func (f *File) ids() string {
	if len(f.Answers) == 0 {
		return "no answer blocks"
	}
	q := make([]string, len(f.Answers))
	for i, a := range f.Answers {
		q[i] = "`" + a.ID + "`"
	}
	return "answer blocks " + strings.Join(q, ", ")
}

// Depths an answer file may be at; anything else would make the caller
// check the answers against no questions at all.
var depths = map[string]bool{"brief": true, "standard": true, "deep": true}

// tokenRe is what an attribute value may be: marker lines are split on
// spaces and must survive an HTML comment, so values stay plain words.
var tokenRe = lazyre.New(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

func fileMarker(step, depth, slug string) string {
	return "<!-- rtgit:file step=" + step + " depth=" + depth + " slug=" + slug + " -->"
}
func answerOpen(id string) string  { return "<!-- rtgit:answer id=" + id + " -->" }
func answerClose(id string) string { return "<!-- rtgit:end id=" + id + " -->" }

const (
	menuOpen      = "<!-- rtgit:menu -->"
	menuClose     = "<!-- rtgit:end menu -->"
	feedbackOpen  = "<!-- rtgit:feedback -->"
	feedbackClose = "<!-- rtgit:end feedback -->"
	resolvedOpen  = "<!-- rtgit:resolved -->"
	resolvedClose = "<!-- rtgit:end resolved -->"
)

// unanswered reports whether an area's text is still what rtgit put there.
func unanswered(text string) bool {
	t := strings.TrimSpace(text)
	return t == "" || t == Placeholder
}

// isBlank is markdown's idea of a blank line, which is what the areas are
// trimmed by; parsing and editing must agree on it.
func isBlank(line string) bool {
	return strings.Trim(line, " \t") == ""
}

// trimBlankLines drops leading and trailing blank lines but keeps every
// byte in between, indentation of the first line included, since that can
// be markdown (an indented code block).
func trimBlankLines(s string) string {
	lines := strings.Split(s, "\n")
	i, j := 0, len(lines)
	for i < j && isBlank(lines[i]) {
		i++
	}
	for j > i && isBlank(lines[j-1]) {
		j--
	}
	return strings.Join(lines[i:j], "\n")
}
