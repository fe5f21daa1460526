package export

import (
	"regexp"
	"strings"

	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps/artifacts"
	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// Analysis is an analysis in the structured form every layout is rendered
// from. Each field is an answer, or parsed from one by the same parsers
// that write the analysis's own artifacts; a field no completed step
// answered is empty, and the layouts leave its section out or say it was
// not discussed.
type Analysis struct {
	Slug, Title string
	Library     string // the step library: "feature", "bug", …
	// AsksRequirements: the library asks for functional requirements
	// (roundtable.Source.AsksRequirements).
	AsksRequirements bool
	Dir              string // docs/requirements/<slug>
	Commit           string // the full SHA the answers were read at
	// Feature is the folder a layout writes to, when it names the
	// feature (spec-kit's NNN-<slug>); Render sets it.
	Feature string

	Problem, Drivers, Success string
	InScope, OutOfScope       string
	Assumptions, EdgeCases    string
	TechContext, Constraints  string
	Stakeholders              string
	Requirements              []Requirement
	NFRs                      []model.NFR
	Stories                   []Story
	QualityRisks              string
	DecisionDrivers, Chosen   string
	Options                   []model.Option
	Decisions                 []model.Decision
	Components                []model.Component
	Connections               []model.Connection
	Integration               string // the integration answers besides the connections
	Modules                   []model.Module
	Entities                  []Entity
	Contracts                 string
	Flow, State               string
	Errors                    []ErrorRow
	Validation                string
	RiskZones, TestGaps       string
	Approved, StillOpen       string
	BuildOrder                string
	Affected                  []model.AffectedFile
	Open                      []meta.OpenQuestion
	// Tasks is the build plan: the one a person confirmed, else the draft
	// derived from the answers (TasksConfirmed false).
	Tasks          []Task
	TasksConfirmed bool
}

// Requirement is one functional requirement with its criteria, its
// MoSCoW priority and the stories that link it.
type Requirement struct {
	ID, Title, Statement string
	Priority             string // "Must Have", …; "" when not prioritised
	Criteria             []model.Criterion
	Stories              []string // US ids
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

// Story is one user story with its criteria parsed.
type Story struct {
	model.Story
	Criteria []model.Criterion
}

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
}

// Task is one item of the build plan as the layouts list it.
type Task struct {
	ID, Title, Kind string
	Traces, Files   []string
	DependsOn       []string
	BlockedBy       []string // open questions (Q-NNN) the task waits on
	Parallel        bool
	Story           string // the US id the task serves, "" for none
	Confirmed       bool
}

// New builds the structured analysis from what the step machine read.
func New(src *roundtable.Source) *Analysis {
	a := &Analysis{Slug: src.Slug, Title: strings.TrimSpace(src.Description), Library: src.Library,
		AsksRequirements: src.AsksRequirements, Dir: src.Dir, Commit: src.Commit, Affected: src.Affected, Open: src.Open}
	ans := answers(src.Answers)
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

	reqs, _ := model.ParseRequirements(ans.transform("requirements"))
	prio := model.ParsePriorities(ans.transform("traceability"))
	stories := model.ParseStories(ans.transform("user-stories"))
	prio.Apply(stories)
	for _, r := range reqs {
		x := Requirement{ID: r.ID, Title: r.Title, Statement: strings.TrimSpace(r.Statement), Priority: prio.Of[r.ID]}
		for _, c := range r.Criteria {
			x.Criteria = append(x.Criteria, model.ParseCriterion(c.ID, c.Text))
		}
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
		x := Story{Story: s}
		for _, c := range s.AcceptanceCriteria {
			x.Criteria = append(x.Criteria, model.ParseCriterion("", c))
		}
		a.Stories = append(a.Stories, x)
	}
	a.NFRs = model.ParseNFRs(ans.transform("nfrs"))
	a.Options = model.ParseOptions(ans.transform("options"))
	for _, x := range ans {
		if transformIs(x, "adr") && x.Step != firstStep(ans, "adr") {
			a.Decisions = append(a.Decisions, model.ParseDecisions(x.Text)...)
		}
	}
	a.Components = model.ParseComponents(ans.transform("components"))
	a.Connections = model.ParseConnections(ans.transform("integration"))
	for _, x := range ans {
		if !transformIs(x, "module-design") {
			continue
		}
		mods := model.ParseModules(x.Text)
		a.Modules = append(a.Modules, mods...)
		if x.Question == "shared_types" {
			for _, m := range mods {
				for _, n := range typeNames(strings.Join(m.Sections["Interfaces and Data Structures"], "\n")) {
					a.Entities = append(a.Entities, Entity{Name: n, Module: m.Name})
				}
			}
		}
	}
	for _, l := range strings.Split(ans.transform("error-taxonomy"), "\n") {
		l = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(l), "-*"))
		cells := strings.Split(l, "|")
		if len(cells) < 2 {
			continue
		}
		row := ErrorRow{}
		for i, c := range cells {
			c = strings.TrimSpace(c)
			switch i {
			case 0:
				row.Code = c
			case 1:
				row.Meaning = c
			case 2:
				row.Caller = c
			case 3:
				row.Retry = strings.TrimSpace(strings.TrimPrefix(c, "retry"))
			}
		}
		a.Errors = append(a.Errors, row)
	}
	a.fromBugSections(ans, src.Library)
	a.setPlan(src)
	return a
}

// typeDefRe finds a type's definition in the common languages' syntax.
var typeDefRe = regexp.MustCompile(`(?m)^\s*(?:export\s+)?(?:@dataclass\S*\s+)?(?:public\s+|data\s+)?(?:class|struct|interface|enum|record|type)\s+([A-Z][A-Za-z0-9_]*)`)

// typeNames lists the types code defines, in order.
func typeNames(code string) []string {
	var out []string
	for _, m := range typeDefRe.FindAllStringSubmatch(code, -1) {
		out = append(out, m[1])
	}
	return out
}

type answerList []roundtable.SourceAnswer

func answers(in []roundtable.SourceAnswer) answerList { return answerList(in) }

type sourceAnswer = roundtable.SourceAnswer

func sectionIs(x sourceAnswer, key string) bool {
	for _, m := range x.Mappings {
		if m.Section != "" && artifacts.HeadingKey(m.Section) == key {
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

// firstStep is the step of the first answer the transform reads: for
// "adr" that is 03-01's chosen option, which names the architecture
// rather than listing decisions.
func firstStep(l answerList, name string) string {
	for _, x := range l {
		if transformIs(x, name) && len(model.ParseDecisions(x.Text)) == 0 {
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
