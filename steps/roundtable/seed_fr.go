package roundtable

import (
	"fmt"
	"slices"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
)

// frCriterionRe finds a prose validation criterion that asks for FR codes
// ("Each functional requirement has a unique FR code").
var frCriterionRe = lazyre.New(`\bFR(-|\s+code|\b)`)

// frLinkRe finds a criterion that asks for links to requirements ("Each
// story links to at least one FR"), which other steps define.
var frLinkRe = lazyre.New(`(?i)\b(link|links|linked|linking|trace|traces|traced|reference|references|referenced|covers?|maps? to|names?)\b`)

// requirementQuestions lists the questions of a seed-dialect step whose
// answers are the functional requirements: those its artifacts send to
// the requirements section, or, when none do but its criteria ask for FR
// codes, every question it asks. rtgit's own steps say what they need in
// their rules, so they get nil.
func requirementQuestions(s *steps.Step) ([]string, *steps.Criterion) {
	if s.Dialect != steps.DialectSeed {
		return nil, nil
	}
	var asks *steps.Criterion
	for i, c := range s.Criteria {
		if frCriterionRe.MatchString(c.Text) && !frLinkRe.MatchString(c.Text) {
			asks = &s.Criteria[i]
			break
		}
	}
	if ids := refQuestions(s, "requirements"); len(ids) > 0 {
		return ids, asks
	}
	// Without a question sent to the requirements section, only a step
	// whose output is the specification, and whose criteria ask for FR
	// codes to be given (not linked), writes the requirements: a story
	// step that asks stories to name their FRs does not.
	if asks == nil || !slices.Contains(s.Outputs, specOutput) {
		return nil, nil
	}
	var ids []string
	for _, q := range s.AllQuestions() {
		ids = append(ids, q.ID)
	}
	return ids, asks
}

// missingRequirements is the problem of a seed-dialect requirements step
// whose answers hold no FR-NNN line: the spec would get no requirement,
// and the stories of the next step would link requirements that do not
// exist. It is said here, at the step that should have written them,
// naming the first answer's line.
func missingRequirements(rel string, s *steps.Step, f *answers.File) string {
	ids, asks := requirementQuestions(s)
	if len(ids) == 0 {
		return ""
	}
	var first *answers.Answer
	text := ""
	for i, a := range f.Answers {
		if !a.Answered || !slices.Contains(ids, a.ID) {
			continue
		}
		if first == nil {
			first = &f.Answers[i]
		}
		text += a.Text + "\n\n"
	}
	if first == nil {
		return "" // unanswered: said as such
	}
	// The answers are read as the requirements transform reads the
	// step's answer when it completes: what it finds is what the spec
	// will hold.
	if r := model.ReadTransform(model.TransformAnswer{Transform: "requirements", Step: s.ID, Answer: text}); len(r.Requirements) > 0 {
		return ""
	}
	why := "this step writes the functional requirements"
	if asks != nil {
		why = fmt.Sprintf("%s:%d asks for them", s.Source, asks.Line)
	}
	return fmt.Sprintf("%s:%d: `%s` names no requirement: start each on its own line as \"FR-001: <title> -- <what the system does>\" (%s)", rel, first.Line, first.ID, why)
}
