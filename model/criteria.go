package model

import (
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// Criterion is one acceptance criterion: an FR's AC-NNN-NN, or one of a
// user story's criteria (which have no id).
type Criterion struct {
	ID   string // AC-001-01, "" for a story's criterion
	Text string // as written
	// Steps are the criterion's Given/When/Then clauses, in order; nil
	// when it is Flagged.
	Steps []Step
	// Flagged: the criterion is not written as Given/When/Then (or
	// When/Then, or EARS "When …, the system shall …"), so it is exported
	// as written and marked, never turned into a scenario.
	Flagged bool
}

// Step is one clause of a criterion. Keyword is Given, When, Then, And or
// But, capitalised; Text is the clause as written, without the keyword and
// the punctuation that separated it from the next clause.
type Step struct {
	Keyword, Text string
}

// clauseRe finds where a clause starts: a keyword at the start of the text
// or after a comma, semicolon, full stop, colon or line break, in any
// case, or a capitalised keyword anywhere after a space, as people write
// "Given an app When it runs Then …" with no punctuation at all. "And"
// and "But" start a clause only when capitalised, since lowercase they
// join words inside one ("a comma and a line break"). A keyword may be
// bold (**Given**) or followed by a colon.
var clauseRe = lazyre.New(`(?:^|[,;.:]\s+|\n\s*(?:[-*]\s+)?|\s)(?:\*\*|__)?((?i:given|when|then)|And|But)(?:\*\*|__)?(?:\s|:\s*)`)

// lowerMid is a lower-case keyword inside a sentence, after a space but
// no punctuation: an ordinary word ("fails when the disk is full").
var lowerMid = lazyre.New(`^\s(?:given|when|then)`)

// earsRe matches an EARS criterion, "When <trigger>, the system shall <response>".
var earsRe = lazyre.New(`(?is)^when\s+(.+?),\s*((?:the|it)\s+.*?\bshall\b.*)$`)

// ParseCriterion splits text into its Given/When/Then clauses. It accepts
// Given… When… Then… (Given optional, And/But after any of them) and EARS
// "When …, the system shall …"; anything else comes back Flagged.
func ParseCriterion(id, text string) Criterion {
	c := Criterion{ID: id, Text: strings.TrimSpace(text)}
	if m := earsRe.FindStringSubmatch(c.Text); m != nil && !clauseRe.MatchString(m[2]) {
		// A trigger of blanks ("When  , the system shall …") is no
		// trigger: such a text goes on to the clause split, which flags it.
		if steps := []Step{{"When", clean(m[1])}, {"Then", clean(m[2])}}; wellFormed(steps) {
			c.Steps = steps
			return c
		}
	}
	var locs [][]int
	for _, l := range clauseRe.FindAllStringSubmatchIndex(c.Text, -1) {
		if !lowerMid.MatchString(c.Text[l[0]:l[3]]) {
			locs = append(locs, l)
		}
	}
	if len(locs) == 0 || locs[0][0] != 0 {
		c.Flagged = true
		return c
	}
	var steps []Step
	for i, l := range locs {
		end := len(c.Text)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		kw := strings.ToUpper(c.Text[l[2]:l[2]+1]) + strings.ToLower(c.Text[l[2]+1:l[3]])
		steps = append(steps, Step{Keyword: kw, Text: clean(c.Text[l[1]:end])})
	}
	if !wellFormed(steps) {
		c.Flagged = true
		return c
	}
	c.Steps = steps
	return c
}

// wellFormed: Given clauses (optional) first, then When and Then, at
// least one Then after a Given or a When, And/But only after one of them,
// and no clause empty. A criterion may state its outcome straight after
// its context (Given …, Then …) and may walk on (When …, Then …; When …,
// Then …), as Gherkin scenarios do.
func wellFormed(steps []Step) bool {
	started, then, pastGiven := false, false, false
	for _, s := range steps {
		if s.Text == "" {
			return false
		}
		switch s.Keyword {
		case "And", "But":
			if !started {
				return false
			}
		case "Given":
			if pastGiven {
				return false
			}
			started = true
		case "When":
			started, pastGiven = true, true
		case "Then":
			if !started {
				return false
			}
			then, pastGiven = true, true
		}
	}
	return then
}

// clean trims a clause and the separator that followed it; a final full
// stop is kept out too, since the target layouts end clauses themselves.
func clean(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.TrimRight(s, ",;. ")
}

// Main returns the criterion's clauses grouped under Given, When and Then,
// with And/But clauses joined to the group before them.
func (c Criterion) Main() (given, when, then []string) {
	cur := &given
	for _, s := range c.Steps {
		switch s.Keyword {
		case "Given":
			cur = &given
		case "When":
			cur = &when
		case "Then":
			cur = &then
		}
		*cur = append(*cur, s.Text)
	}
	return given, when, then
}
