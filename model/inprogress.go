package model

import "strings"

// The answers of a step in progress are read before the step completes,
// when no Analysis holds them yet: the critic checks them and points at
// the line to fix. The functions below read one answer with the parsers
// Build is made of, so a check sees exactly what the step's documents
// will say, and each item keeps the line it was read from. Line numbers
// count the answer's lines from 0, blank ones too.

// RequirementAt is one functional requirement of an answer with its
// criteria split into Given/When/Then steps, as Build splits them.
type RequirementAt struct {
	Requirement
	At Line // the "FR-NNN:" line
	// CriteriaAt are where the criteria start, in the order of Criteria.
	CriteriaAt []CriterionAt
}

// CriterionAt is where one acceptance criterion starts.
type CriterionAt struct {
	At Line
	// Written is the id the answer gives the criterion, "" when the model
	// numbered it after its requirement; Of is the requirement that id
	// numbers it for (FR-002 for AC-002-01), which may not be the one it
	// stands under.
	Written, Of string
}

// RequirementsAt reads an answer's requirements as ParseRequirements
// does, with their lines.
func RequirementsAt(answer string) []RequirementAt {
	reqs, _ := readRequirements(answer)
	for i := range reqs {
		reqs[i].settle()
	}
	return reqs
}

// NFRAt is one non-functional requirement of an answer and its line.
type NFRAt struct {
	NFR
	At Line
	// Categorised: the line names its category ("Performance: …"); one
	// that does not is filed under General.
	Categorised bool
}

// NFRsAt reads an answer's NFRs as ParseNFRs does, with their lines.
func NFRsAt(answer string) []NFRAt { return readNFRs(answer) }

// settle finishes a requirement as the model keeps it: the statement
// trimmed, each criterion split into its Given/When/Then steps. Build and
// RequirementsAt both call it, so the critic sees what the documents say.
func (r *Requirement) settle() {
	r.Statement = strings.TrimSpace(r.Statement)
	for j, c := range r.Criteria {
		r.Criteria[j] = ParseCriterion(c.ID, c.Text)
	}
}

// splitCriteria splits a story's acceptance criteria as the model keeps
// them (Build and StoriesAt).
func (s *Story) splitCriteria() {
	for _, c := range s.AcceptanceCriteria {
		s.Criteria = append(s.Criteria, ParseCriterion("", c))
	}
}

// StoryAt is one user story of an answer, with its criteria split as
// Build splits them, and the lines it is read from.
type StoryAt struct {
	Story
	At Line // the "As a …, I want …, so that …" line
	// CriteriaAt are the lines of AcceptanceCriteria, in its order.
	CriteriaAt []Line
	// Links are the ids behind LinkedRequirements where the story's lines
	// name them, in the answer's order: an id named twice is here twice.
	Links []Ref
}

// Ref is an id an answer names, and the line naming it.
type Ref struct {
	At Line
	ID string
}

// StoriesAt reads an answer's user stories as ParseStories does, with
// their lines.
func StoriesAt(answer string) []StoryAt {
	stories := readStories(answer)
	for i := range stories {
		stories[i].splitCriteria()
	}
	return stories
}

// PriorityAt is one line of a prioritisation answer that names ids: the
// ids in the order named (twice if named twice), and the MoSCoW level it
// gives them, "" when it names none of MoSCoW's.
type PriorityAt struct {
	At    Line
	IDs   []string
	Level string
}

// PrioritiesAt reads a prioritisation answer as ParsePriorities does,
// and the lines that name ids.
func PrioritiesAt(answer string) (Priorities, []PriorityAt) { return readPriorities(answer) }

// DecisionAt is one architecture decision of an answer and its line.
type DecisionAt struct {
	Decision
	At Line
}

// DecisionsAt reads an answer's decision lines as ParseDecisions does,
// with their lines.
func DecisionsAt(answer string) []DecisionAt { return readDecisions(answer) }
