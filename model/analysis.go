package model

import (
	"slices"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/meta"
)

// Analysis is an analysis read once into structure: every consumer (the
// artifact renderers, the critic, the build plan, the exports, the
// footprints, the sign-off digests, the staleness check, the commands
// that print structure) reads this value rather than the answers' text.
// Each field is an answer, or read from answers by this package's
// parsers; a field no completed step answered is empty.
type Analysis struct {
	Slug, Title string
	// Description is meta.json's one-line description, as written.
	Description string
	Library     string // the step library: "feature", "bug", …
	// AsksRequirements: the library asks for functional requirements
	// (a step's question is read by the requirements transform).
	AsksRequirements bool
	Dir              string // docs/requirements/<slug>
	Commit           string // the full SHA the answers were read at

	// Answers are every answered question of every completed step, in
	// step order, then in the answer file's order.
	Answers []Answer
	// Tree lists the paths of the repository at the analysis's base, as
	// the caller handed them (nil when it handed none).
	Tree []string

	Problem, Drivers, Success string
	InScope, OutOfScope       string
	Assumptions, EdgeCases    string
	TechContext, Constraints  string
	Stakeholders              string
	Requirements              []Requirement
	// Priorities are the MoSCoW priorities, by requirement and story id.
	Priorities              Priorities
	NFRs                    []NFR
	Stories                 []Story
	QualityRisks            string
	DecisionDrivers, Chosen string
	Options                 []Option
	Decisions               []Decision
	Components              []Component
	Connections             []Connection
	Integration             string // the integration answers besides the connections
	Modules                 []Module
	Entities                []Entity
	Contracts               string
	// Operations are the contracts' operations, read answer by answer.
	Operations          []Operation
	Flow, State         string
	Errors              []ErrorRow
	Validation          string
	RiskZones, TestGaps string
	// Mitigations are the chosen risk mitigations, as answered.
	Mitigations         string
	Approved, StillOpen string
	BuildOrder          string
	Affected            []AffectedFile
	Open                []meta.OpenQuestion
}

// Source is where a piece of the analysis was read from: the step and
// question whose answer says it, the answer file and the 1-based line of
// that file (0 when the caller did not say where the answer's text
// starts).
type Source struct {
	Step, Question, File string
	Line                 int
}

// Answer is one answered question of a completed step, as Build reads it.
type Answer struct {
	Step     string // "01-06"
	Question string // "requirements"
	Text     string
	// Mappings are the step's mappings of this question: which output,
	// section and transform it feeds.
	Mappings []steps.Mapping
	// File is the answer file, relative to the repository's root; Line
	// the 1-based line of the answer's first line of text in it. Both
	// are optional, and only say where things came from.
	File string
	Line int
}

// Input is what Build reads: the answers, meta.json's fields and the
// repository's tree at the analysis's base. Build reads nothing else.
type Input struct {
	Slug, Description, Library string
	AsksRequirements           bool
	Dir, Commit                string
	Answers                    []Answer
	// Affected are the Directly Affected Files, as the impact analysis
	// lists them.
	Affected []AffectedFile
	// Open are the tracked questions nobody has resolved yet.
	Open []meta.OpenQuestion
	Tree []string
}

// Name is the requirement's title, or its id when it has none.
func (r Requirement) Name() string {
	if r.Title != "" {
		return r.Title
	}
	return r.ID
}

// Wont reports whether the requirement was prioritised Won't Have: it is
// recorded, but not part of what is built.
func (r Requirement) Wont() bool { return r.Priority == "Won't Have" }

// Rank is spec-kit's P1, P2, … from MoSCoW: Must Have is P1, Should Have
// P2, Could Have P3, Won't Have P4; a story nobody prioritised is P3.
func (s Story) Rank() string {
	switch s.Priority {
	case "Must Have":
		return "P1"
	case "Should Have":
		return "P2"
	case "Won't Have":
		return "P4"
	}
	return "P3"
}

// Entity is a type the design's shared types define.
type Entity struct {
	Name, Module string
}

// ErrorRow is one line of the error taxonomy.
type ErrorRow struct {
	Code, Meaning, Caller, Retry string
	Aside                        string // the code's gloss: "unknown method" of "405 (unknown method)"
}

// Build reads the analysis in into structure, once.
func Build(in Input) *Analysis {
	a := &Analysis{Slug: in.Slug, Title: strings.TrimSpace(in.Description), Description: in.Description, Library: in.Library,
		AsksRequirements: in.AsksRequirements, Dir: in.Dir, Commit: in.Commit, Answers: in.Answers, Affected: in.Affected,
		Open: in.Open, Tree: in.Tree}
	ans := answerList(in.Answers)
	a.Problem = ans.section("problem statement")
	a.Drivers = ans.section("business drivers")
	a.Success = ans.section("success metrics")
	a.InScope = ans.section("in scope")
	a.OutOfScope = ans.section("out of scope")
	a.Assumptions = ans.section("assumptions")
	a.EdgeCases = ans.section("edge cases")
	a.TechContext = ans.section("technical context")
	a.Constraints = ans.section("constraints")
	a.Stakeholders = ans.section("stakeholders and personas")
	a.QualityRisks = ans.section("quality risks")
	a.DecisionDrivers = ans.section("decision drivers")
	a.Chosen = ans.section("chosen option")
	a.State = ans.section("state management")
	a.Validation = ans.section("validation rules")
	a.Approved = ans.nonTransform("approved", "design-review")
	a.StillOpen = ans.section("still open")
	a.BuildOrder = ans.section("build order")
	a.RiskZones = ans.section("risk zones")
	for _, x := range ans {
		if sectionIs(x, "risk zones") && strings.Contains(x.Question, "test") {
			a.TestGaps = join(a.TestGaps, x.Text)
		}
	}
	a.Flow = ans.transform("data-flow")
	a.Contracts = ans.transform("interface-spec")
	a.Integration = ans.nonTransform("integration architecture", "integration")
	if a.Approved == "" {
		a.Approved = ans.transform("design-review")
	} else if t := ans.transform("design-review"); t != "" {
		a.Approved = join(t, a.Approved)
	}

	reqs, _ := ParseRequirements(ans.transform("requirements"))
	prio := ParsePriorities(ans.transform("traceability"))
	stories := ParseStories(ans.transform("user-stories"))
	prio.Apply(stories)
	for _, r := range reqs {
		x := Requirement{ID: r.ID, Title: r.Title, Statement: r.Statement, Criteria: r.Criteria, Priority: prio.Of[r.ID],
			Source: ans.locate("requirements", startsWith(r.ID))}
		x.settle()
		for _, s := range stories {
			for _, l := range s.LinkedRequirements {
				if l == r.ID {
					x.Stories = append(x.Stories, s.ID)
				}
			}
		}
		a.Requirements = append(a.Requirements, x)
	}
	for _, s := range stories {
		s.Source = ans.locate("user-stories", storyLine(s))
		s.splitCriteria()
		a.Stories = append(a.Stories, s)
	}
	a.Priorities = prio
	// The quality requirements answer feeds both the NFR matrix and the
	// specification's section: read by either transform, each text once,
	// it is one list of NFRs.
	nfrTransforms := []string{"nfrs", "nfr-matrix"}
	a.NFRs = ParseNFRs(ans.once(nfrTransforms...))
	for i, n := range a.NFRs {
		a.NFRs[i].Source = ans.locateAmong(nfrTransforms, nfrLine(n))
	}
	a.Options = ParseOptions(ans.transform("options"))
	for _, x := range ans {
		if transformIs(x, "adr") && x.Step != firstStep(ans, "adr") {
			for _, d := range ParseDecisions(x.Text) {
				d.Source = x.at()
				if src, ok := x.locate(func(l string) bool { return strings.Contains(l, d.Title) }); ok {
					d.Source = src
				}
				a.Decisions = append(a.Decisions, d)
			}
		}
	}
	for _, x := range ans {
		if transformIs(x, "interface-spec") {
			a.Operations = append(a.Operations, ParseContractOperations(x.Text)...)
		}
	}
	a.Components = ParseComponents(ans.transform("components"))
	a.Connections = ParseConnections(ans.transform("integration"))
	for _, x := range ans {
		if !transformIs(x, "module-design") {
			continue
		}
		mods := ParseModules(x.Text)
		for i, m := range mods {
			mods[i].Source = x.at()
			if src, ok := x.locate(func(l string) bool { return moduleRe.MatchString(l) && strings.Contains(l, m.Name) }); ok {
				mods[i].Source = src
			}
		}
		a.Modules = append(a.Modules, mods...)
		if x.Question == "shared_types" {
			for _, m := range mods {
				for _, n := range typeNames(strings.Join(m.Sections["Interfaces and Data Structures"], "\n")) {
					a.Entities = append(a.Entities, Entity{Name: n, Module: m.Name})
				}
			}
		}
	}
	rows, _ := ParseErrorRows(ans.transform("error-taxonomy"))
	for _, row := range rows {
		row.Retry = strings.TrimSpace(strings.TrimPrefix(row.Retry, "retry"))
		a.Errors = append(a.Errors, row)
	}
	for _, x := range ans {
		if x.Question == "mitigations" {
			a.Mitigations = join(a.Mitigations, x.Text)
		}
	}
	a.fromBugSections(ans, in.Library)
	return a
}

// typeDefRe finds a type's definition in the common languages' syntax.
var typeDefRe = lazyre.New(`(?m)^\s*(?:export\s+)?(?:@dataclass\S*\s+)?(?:public\s+|data\s+)?(?:class|struct|interface|enum|record|type)\s+([A-Z][A-Za-z0-9_]*)`)

// typeNames lists the types code defines, in order.
func typeNames(code string) []string {
	var out []string
	for _, m := range typeDefRe.FindAllStringSubmatch(code, -1) {
		out = append(out, m[1])
	}
	return out
}

type answerList []Answer

type sourceAnswer = Answer

func sectionIs(x sourceAnswer, key string) bool {
	for _, m := range x.Mappings {
		if m.Section != "" && steps.HeadingKey(m.Section) == key {
			return true
		}
	}
	return false
}

func transformIs(x sourceAnswer, name string) bool {
	for _, m := range x.Mappings {
		if m.Transform == name {
			return true
		}
	}
	return false
}

// section joins, in step order, the answers a step sends to the section
// called key (any output), with no transform.
func (l answerList) section(key string) string { return l.nonTransform(key, "") }

// nonTransform is section, skipping answers that section gets through
// the transform skip (their structured form is read separately).
func (l answerList) nonTransform(key, skip string) string {
	out := ""
	for _, x := range l {
		if sectionIs(x, key) && (skip == "" || !transformIs(x, skip)) {
			out = join(out, x.Text)
		}
	}
	return out
}

// transform joins the answers read by the named transform.
func (l answerList) transform(name string) string {
	out := ""
	for _, x := range l {
		if transformIs(x, name) {
			out = join(out, x.Text)
		}
	}
	return out
}

// once joins the answers read by any of the named transforms, skipping
// an answer whose text those before it already hold: one answer mapped
// to two of them, or asked again word for word, is read once.
func (l answerList) once(names ...string) string {
	out := ""
	for _, x := range l {
		if slices.ContainsFunc(names, func(n string) bool { return transformIs(x, n) }) && !strings.Contains(out, strings.TrimSpace(x.Text)) {
			out = join(out, x.Text)
		}
	}
	return out
}

// firstStep is the step of the first answer the transform reads: for
// "adr" that is 03-01's chosen option, which names the architecture
// rather than listing decisions.
func firstStep(l answerList, name string) string {
	for _, x := range l {
		if transformIs(x, name) && len(ParseDecisions(x.Text)) == 0 {
			return x.Step
		}
	}
	return ""
}

func join(a, b string) string {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "\n\n" + b
}
