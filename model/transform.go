package model

import (
	"strings"

	"gopkg.in/yaml.v3"
)

// Reading is what the model reads for one artifact transform as its step
// completes: the answer the transform renders, and the earlier answers it
// builds on. The renderers of package artifacts write it as markdown,
// JSON or CSV and read no answer text themselves. A field is filled only
// for the transforms named in its comment; the rest stay zero.
type Reading struct {
	// Requirements and Preamble are the answer's FR-NNN and the text
	// before the first (requirements).
	Requirements []Requirement
	Preamble     string
	// NFRs are the answer's non-functional requirements (nfrs,
	// nfr-matrix).
	NFRs []NFR
	// Stories are the answer's user stories (user-stories).
	Stories []Story
	// Priorities are the answer's (traceability), or those of 01-08 once
	// it has been answered (user-stories).
	Priorities Priorities
	// Defined is what the earlier requirements answers define, which the
	// stories' links and the matrix's rows are checked against
	// (user-stories, traceability).
	Defined Defined
	// Options are the answer's architecture options (options), or those
	// of the step's own options question (adr).
	Options []Option
	// Decisions are the answer's decision lines (adr).
	Decisions []Decision
	// Components are the answer's (components), or those of the step's
	// own components question (integration), or of 03-03 (data-flow).
	Components []Component
	// Connections are the answer's (integration), or those of 03-03
	// (data-flow, with 03-03's Components).
	Connections []Connection
	// Modules are the answer's module blocks, and ModuleNotes what it says
	// outside them (module-design).
	Modules     []Module
	ModuleNotes string
	// ErrorRows are the answer's error table, and ErrorNotes the text
	// around it (error-taxonomy).
	ErrorRows  []ErrorRow
	ErrorNotes []string
	// Contract is the answer to the contracts question (interface-spec).
	Contract Contract
	// Glossary is the answer's "term: meaning" lines (glossary).
	Glossary []Term
	// Flow is the answer's lines, the flow's own steps, drawn when 03-03's
	// connections are not known (data-flow).
	Flow []string
}

// Term is one glossary line: a line without a colon is a term alone.
type Term struct{ Term, Definition string }

// Contract is an interface contract as the answer gives it: YAML (fenced
// or not), or else "operation: <name> input: … output: … errors: …" lines.
type Contract struct {
	// YAML is the answer's mapping when the answer is YAML, with the
	// text around the fence in YAMLNotes.
	YAML      *yaml.Node
	YAMLNotes string
	// Operations are the operations the lines describe when it is not,
	// with the lines that describe none in Notes.
	Operations *yaml.Node
	Notes      []string
}

// TransformAnswer is the answer a transform renders and where it stands.
type TransformAnswer struct {
	Transform, Step, Question, Answer string
	// Lookup resolves the earlier answers ("01-06.requirements") the
	// transform builds on; a blank one counts as unanswered, as it does
	// for the transform.
	Lookup func(string) (string, bool)
}

// Defined is what the requirements steps answered so far define. A step
// not answered yet defines nothing either way, so each list says whether
// its answer was there.
type Defined struct {
	FRs         []Requirement // 01-06.requirements
	HaveFRs     bool
	NFRs        []NFR // 01-05.nfrs
	HaveNFRs    bool
	Stories     []Story // 01-07.stories (traceability only)
	HaveStories bool
}

// defined reads the earlier answers Defined holds; stories only when
// asked, as only the matrix links them.
func defined(lookup func(string) (string, bool), stories bool) Defined {
	var d Defined
	if a, ok := earlier(lookup, "01-06.requirements"); ok {
		d.FRs, _ = ParseRequirements(a)
		d.HaveFRs = true
	}
	if a, ok := earlier(lookup, "01-05.nfrs"); ok {
		d.NFRs, d.HaveNFRs = ParseNFRs(a), true
	}
	if a, ok := earlier(lookup, "01-07.stories"); ok && stories {
		d.Stories, d.HaveStories = ParseStories(a), true
	}
	return d
}

// ReadTransform reads the answer of a step in progress, mapped with `as
// a.Transform`, into what that transform renders.
func ReadTransform(a TransformAnswer) Reading {
	name, step, answer, lookup := a.Transform, a.Step, a.Answer, a.Lookup
	var r Reading
	switch name {
	case "requirements":
		r.Requirements, r.Preamble = ParseRequirements(answer)
	case "nfrs", "nfr-matrix":
		r.NFRs = ParseNFRs(answer)
	case "traceability":
		r.Priorities = ParsePriorities(answer)
		r.Defined = defined(lookup, true)
	case "options":
		r.Options = ParseOptions(answer)
	case "adr":
		r.Decisions = ParseDecisions(answer)
		if a, ok := earlier(lookup, step+".options"); ok {
			r.Options = ParseOptions(a)
		}
	case "components":
		r.Components = ParseComponents(answer)
	case "integration":
		r.Connections = ParseConnections(answer)
		if a, ok := earlier(lookup, step+".components"); ok {
			r.Components = ParseComponents(a)
		}
	case "module-design":
		r.Modules, r.ModuleNotes = ParseModules(answer), ModuleNotes(answer)
	case "error-taxonomy":
		r.ErrorRows, r.ErrorNotes = ParseErrorRows(answer)
	case "data-flow":
		r.Flow = answerLines(answer)
		if a, ok := earlier(lookup, "03-03.connections"); ok {
			r.Connections = ParseConnections(a)
		}
		if a, ok := earlier(lookup, "03-03.components"); ok {
			r.Components = ParseComponents(a)
		}
	case "interface-spec":
		// The step's other questions land in the file as written.
		text := strings.TrimSpace(answer)
		if a.Question != "contracts" || text == "" {
			break
		}
		c := &r.Contract
		if given, notes, ok := ExtractYAML(text); ok {
			c.YAML, c.YAMLNotes = given, notes
		} else {
			c.Operations, c.Notes = ParseOperations(text)
		}
	case "glossary":
		for _, l := range answerLines(answer) {
			term, def, ok := strings.Cut(l, ":")
			if !ok {
				term, def = l, ""
			}
			r.Glossary = append(r.Glossary, Term{term, def})
		}
	case "user-stories":
		r.Stories = ParseStories(answer)
		if p, ok := earlier(lookup, "01-08.priorities"); ok {
			r.Priorities = ParsePriorities(p)
		}
		r.Defined = defined(lookup, false)
	}
	return r
}

// earlier resolves an earlier answer, treating a blank one as unknown.
func earlier(lookup func(string) (string, bool), ref string) (string, bool) {
	if lookup == nil {
		return "", false
	}
	v, ok := lookup(ref)
	v = strings.TrimSpace(v)
	return v, ok && v != ""
}
