package model

import (
	"regexp"
	"strings"
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
// or after a comma, semicolon, full stop or line break. "And" and "But"
// start a clause only when capitalised, since lowercase they join words
// inside one ("a comma and a line break").
var clauseRe = regexp.MustCompile(`(?:^|[,;.]\s+|\n\s*)((?i:given|when|then)|And|But)\s`)

// earsRe matches an EARS criterion, "When <trigger>, the system shall <response>".
var earsRe = regexp.MustCompile(`(?is)^when\s+(.+?),\s*((?:the|it)\s+.*?\bshall\b.*)$`)

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
	locs := clauseRe.FindAllStringSubmatchIndex(c.Text, -1)
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

// wellFormed: Given clauses (optional), then When, then Then, each main
// keyword once and in that order, And/But only after one of them, and no
// clause empty.
func wellFormed(steps []Step) bool {
	order := map[string]int{"Given": 0, "When": 1, "Then": 2}
	last, seen := -1, map[string]bool{}
	for _, s := range steps {
		if s.Text == "" {
			return false
		}
		if s.Keyword == "And" || s.Keyword == "But" {
			if last < 0 {
				return false
			}
			continue
		}
		if seen[s.Keyword] || order[s.Keyword] < last {
			return false
		}
		seen[s.Keyword], last = true, order[s.Keyword]
	}
	return seen["When"] && seen["Then"]
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
