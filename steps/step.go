package steps

import (
	"regexp"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// Depth is how thoroughly a step is run.
type Depth string

// The three depths, from the seed's step-file schema.
const (
	Brief    Depth = "brief"
	Standard Depth = "standard"
	Deep     Depth = "deep"
)

// Depths are the three depths, shallowest first.
var Depths = []Depth{Brief, Standard, Deep}

// Valid reports whether d is one of the three depths.
func (d Depth) Valid() bool { return d == Brief || d == Standard || d == Deep }

// Step is one parsed step file.
type Step struct {
	ID        string   // "01-02"
	Title     string   // "User Needs Discovery"
	Persona   string   // persona key, "business-analyst"
	Depth     Depth    // default depth from the frontmatter
	Outputs   []string // artifact keys
	DependsOn []string
	SkipIf    string
	Topics    []string // optional: subjects contributing personas follow

	Phase  string // phase key, from the directory: "01-requirements"
	Source string // "embedded:templates/steps/…" or the repo-relative path
	Order  int    // numeric file-name prefix

	Brief       *Section
	Standard    *Section
	Deep        *Section
	Whole       *Section // every question outside Validation/Artifacts/Elaboration
	Rules       []Rule
	Mappings    []Mapping
	Elaboration []Prompt

	// Dialect is the grammar the file is written in: rtgit's strict one, or
	// the seed's prose form (see docs/step-files.md).
	Dialect Dialect
	// Criteria are validation criteria written as prose. rtgit cannot
	// check them itself: they are shown to the person answering as a
	// checklist, and handed to a reviewer (the AI reviewer where one is
	// configured) as what a good answer must satisfy.
	Criteria []Criterion
	// Extra keeps frontmatter fields rtgit does not use (research: true,
	// brainstorm: true, …) as their YAML text, so nothing a file says is
	// dropped; lint reports each as info.
	Extra map[string]string

	// FieldLines maps each frontmatter key to its line in the file (see
	// FieldLine); the parser fills it in.
	FieldLines map[string]int
}

// FieldLine returns the file line of a frontmatter key, or 1.
func (s *Step) FieldLine(key string) int {
	if l := s.FieldLines[key]; l > 0 {
		return l
	}
	return 1
}

// Dialect is the grammar a step file is written in. Both describe the same
// schema (frontmatter plus Brief, Standard and Deep Mode, Validation and
// Artifacts sections); they differ in how much the body spells out.
type Dialect string

const (
	// DialectRtgit is rtgit's strict form: questions, rules and mappings
	// each start with an id in backticks.
	DialectRtgit Dialect = "rtgit"
	// DialectSeed is the prose form of the original design: numbered
	// questions, a prose Brief Mode, prose validation criteria and prose
	// artifact instructions naming files and sections.
	DialectSeed Dialect = "seed"
)

// Section is the content of one mode section.
type Section struct {
	Prose     []string // paragraphs the persona says, in order
	Questions []Question
}

// Question is one question a persona asks.
type Question struct {
	ID    string
	Text  string
	Draft string // template of a pre-filled answer, "" for none
	Line  int    // line in the step file
}

// Rule is one machine-checkable validation rule.
type Rule struct {
	Question string
	Kind     string   // required, optional, min_words, max_words, one_of, pattern, each_line
	Args     []string // unquoted string arguments
	N        int      // numeric argument of min_words/max_words
	Hint     string
	Line     int
}

// Mapping sends an answer to a section of an output.
type Mapping struct {
	Question  string
	Output    string // a declared output
	Section   string // heading text for markdown outputs
	Transform string // structured transform name, "" for a section fill
	Line      int
}

// AllAnswers is the question id of a mapping that takes every answer of
// the step at once, joined in the order asked.
const AllAnswers = "*"

// Criterion is one prose validation criterion.
type Criterion struct {
	Text string
	Line int
}

// Prompt is one persona's elaboration angle on a step.
type Prompt struct {
	Persona string
	Text    string
	Line    int
}

// Questions returns the questions asked at depth d, applying the fallback
// chain from docs/step-files.md.
func (s *Step) Questions(d Depth) []Question {
	base := s.Standard
	if base == nil {
		base = s.Whole
	}
	switch d {
	case Brief:
		if s.Brief != nil {
			return s.Brief.Questions
		}
	case Deep:
		if s.Deep != nil {
			return mergeProbes(base, s.Deep)
		}
	}
	if base == nil {
		return nil
	}
	return base.Questions
}

// Prose returns what the persona says before the questions at depth d.
func (s *Step) Prose(d Depth) []string {
	switch {
	case d == Brief && s.Brief != nil:
		return s.Brief.Prose
	case d == Deep && s.Deep != nil && len(s.Deep.Prose) > 0:
		if s.Standard != nil {
			return append(append([]string{}, s.Standard.Prose...), s.Deep.Prose...)
		}
		return s.Deep.Prose
	case s.Standard != nil:
		return s.Standard.Prose
	case s.Whole != nil:
		return s.Whole.Prose
	}
	return nil
}

// mergeProbes lists base's questions then deep's probes; a probe that reuses a
// base id rewords that question in place.
func mergeProbes(base, deep *Section) []Question {
	var out []Question
	pos := map[string]int{}
	if base != nil {
		for _, q := range base.Questions {
			pos[q.ID] = len(out)
			out = append(out, q)
		}
	}
	for _, q := range deep.Questions {
		if i, ok := pos[q.ID]; ok {
			out[i] = q
			continue
		}
		pos[q.ID] = len(out)
		out = append(out, q)
	}
	return out
}

// AllQuestions returns every distinct question of the step at any depth, in
// first-seen order (standard, deep, brief): the set a rule or mapping may name.
func (s *Step) AllQuestions() []Question {
	seen := map[string]bool{}
	var out []Question
	for _, sec := range []*Section{s.Standard, s.Whole, s.Deep, s.Brief} {
		if sec == nil {
			continue
		}
		for _, q := range sec.Questions {
			if !seen[q.ID] {
				seen[q.ID] = true
				out = append(out, q)
			}
		}
	}
	return out
}

// Topic reports whether the step is about topic: the step lists it under
// topics in its frontmatter, or the word appears in its title or in any of
// its questions (case-insensitively, as a whole word or its plural).
func (s *Step) Topic(topic string) bool {
	t := strings.ToLower(strings.TrimSpace(topic))
	if t == "" {
		return false
	}
	for _, st := range s.Topics {
		if strings.EqualFold(st, t) {
			return true
		}
	}
	re, err := regexp.Compile(`(?i)\b` + regexp.QuoteMeta(t) + `(?:s|es)?\b`)
	if err != nil {
		return false
	}
	if re.MatchString(s.Title) {
		return true
	}
	for _, q := range s.AllQuestions() {
		if re.MatchString(q.Text) {
			return true
		}
	}
	return false
}

// RulesFor returns the validation rules that name question id.
func (s *Step) RulesFor(id string) []Rule {
	var out []Rule
	for _, r := range s.Rules {
		if r.Question == id {
			out = append(out, r)
		}
	}
	return out
}

// NoneAllowed reports whether "None" is a complete answer to the question:
// a list of new things (modules, decisions, errors) that a change may not
// add at all. Without it, people invent an entry to get past the rules.
func (s *Step) NoneAllowed(id string) bool {
	for _, r := range s.RulesFor(id) {
		if r.Kind == "or_none" {
			return true
		}
	}
	return false
}

// IsNone reports whether an answer says there is nothing: "None", alone or
// followed by punctuation and a reason ("None: the change adds no module").
func IsNone(text string) bool {
	t := strings.TrimSpace(text)
	if len(t) < 4 || !strings.EqualFold(t[:4], "none") {
		return false
	}
	rest := t[4:]
	if rest == "" {
		return true
	}
	switch rest[0] {
	case '.', ':', ',', ';', '!', ' ', '\t', '\n', '-', '(':
		return true
	}
	return strings.HasPrefix(rest, "—") || strings.HasPrefix(rest, "–")
}

// Optional reports whether the question may be left empty.
func (s *Step) Optional(id string) bool {
	for _, r := range s.RulesFor(id) {
		if r.Kind == "optional" {
			return true
		}
	}
	return false
}

var headingNumberRe = lazyre.New(`^(?:\d+\.)*\d+\.?\s+`)

// HeadingKey normalises a heading for matching: "### 1.4 Scope Boundaries"
// and the mapping "#scope boundaries" name the same section.
func HeadingKey(text string) string {
	t := headingNumberRe.ReplaceAllString(strings.TrimSpace(text), "")
	return strings.ToLower(strings.Join(strings.Fields(t), " "))
}
