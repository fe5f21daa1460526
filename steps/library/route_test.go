package library

import (
	"os"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rtgit/rtgit/steps"
)

// defaults reads the embedded library from disk so this package's tests do
// not depend on the templates package.
var defaults = os.DirFS("../../templates")

// The seed inventory (requirements-spec §10): file, id, title, depth and
// outputs of all 24 default steps, with the persona that leads each phase.
var inventory = []struct{ file, id, title, depth, persona, outputs string }{
	{"00-quick-scan/01-scope-estimation.md", "00-01", "Scope Estimation", "standard", "business-analyst", "quick-scan.md"},
	{"00-quick-scan/02-keyword-search.md", "00-02", "Keyword Search", "brief", "business-analyst", "quick-scan.md"},
	{"00-quick-scan/03-file-count.md", "00-03", "File Count Estimation", "brief", "business-analyst", "quick-scan.md"},
	{"01-requirements/01-business-context.md", "01-01", "Business Context Discovery", "standard", "business-analyst", "requirements-spec.md"},
	{"01-requirements/02-user-needs.md", "01-02", "User Needs Discovery", "standard", "business-analyst", "requirements-spec.md"},
	{"01-requirements/03-ux-journey.md", "01-03", "User Experience & Journeys", "standard", "business-analyst", "requirements-spec.md"},
	{"01-requirements/04-technical-context.md", "01-04", "Technical Context", "standard", "business-analyst", "requirements-spec.md"},
	{"01-requirements/05-quality-risk.md", "01-05", "Quality & Risk Assessment", "standard", "business-analyst", "requirements-spec.md nfr-matrix.md"},
	{"01-requirements/06-feature-definition.md", "01-06", "Core Feature Definition", "deep", "business-analyst", "requirements-spec.md"},
	{"01-requirements/07-user-stories.md", "01-07", "User Story Writing", "standard", "business-analyst", "user-stories.json"},
	{"01-requirements/08-prioritization.md", "01-08", "MoSCoW Prioritization", "brief", "business-analyst", "requirements-spec.md traceability-matrix.csv"},
	{"02-impact-analysis/01-blast-radius.md", "02-01", "Blast Radius Assessment", "standard", "solutions-architect", "impact-analysis.md"},
	{"02-impact-analysis/02-entry-points.md", "02-02", "Entry Point Identification", "standard", "solutions-architect", "impact-analysis.md"},
	{"02-impact-analysis/03-risk-zones.md", "02-03", "Risk Zone Analysis", "deep", "solutions-architect", "impact-analysis.md"},
	{"02-impact-analysis/04-impact-summary.md", "02-04", "Impact Summary & User Review", "brief", "solutions-architect", "impact-analysis.md"},
	{"03-architecture/01-architecture-options.md", "03-01", "Architecture Options & Tradeoffs", "deep", "solutions-architect", "architecture-overview.md"},
	{"03-architecture/02-technology-decisions.md", "03-02", "Technology Decisions", "standard", "solutions-architect", "tech-stack-decision.md adr-*.md"},
	{"03-architecture/03-integration-design.md", "03-03", "Integration Architecture", "standard", "solutions-architect", "architecture-overview.md"},
	{"03-architecture/04-architecture-review.md", "03-04", "Architecture Review & Approval", "brief", "solutions-architect", "architecture-overview.md"},
	{"04-design/01-module-design.md", "04-01", "Module Design & Boundaries", "deep", "system-designer", "module-design-*.md"},
	{"04-design/02-interface-contracts.md", "04-02", "Interface Contracts", "deep", "system-designer", "interface-spec.yaml"},
	{"04-design/03-data-flow.md", "04-03", "Data Flow & State Management", "standard", "system-designer", "data-flow.md"},
	{"04-design/04-error-handling.md", "04-04", "Error Handling & Validation", "standard", "system-designer", "error-taxonomy.md"},
	{"04-design/05-design-review.md", "04-05", "Design Review & Approval", "brief", "system-designer", "design-review.md"},
}

func TestDefaultRouteMatchesSeedInventory(t *testing.T) {
	p, err := Load(defaults, nil)
	if err != nil {
		t.Fatal(err)
	}
	if probs := Lint(p); len(probs) > 0 {
		for _, pr := range probs {
			t.Errorf("default step library: %s", pr)
		}
	}
	all := p.Steps()
	if len(all) != len(inventory) {
		t.Fatalf("route has %d steps, the seed inventory %d", len(all), len(inventory))
	}
	if len(p.Phases) != 5 {
		t.Fatalf("route has %d phases, want 5", len(p.Phases))
	}
	for i, want := range inventory {
		s := all[i]
		if s.Source != "embedded:templates/steps/"+want.file || s.ID != want.id || s.Title != want.title ||
			string(s.Depth) != want.depth || s.Persona != want.persona {
			t.Errorf("step %d = %s %s %q %s %s; want %s %s %q %s %s", i, s.Source, s.ID, s.Title, s.Depth, s.Persona,
				want.file, want.id, want.title, want.depth, want.persona)
		}
		// Outputs may grow beyond the seed's (a step can feed a summary
		// section elsewhere), but every seed output must be there.
		for _, o := range strings.Fields(want.outputs) {
			if !slices.Contains(s.Outputs, o) {
				t.Errorf("step %s outputs %v, missing %s", s.ID, s.Outputs, o)
			}
		}
		_, ph := p.Step(s.ID)
		if ph.Persona.Key != want.persona {
			t.Errorf("phase %s is led by %s, want %s", ph.Phase.Key, ph.Persona.Key, want.persona)
		}
	}
	for i, ph := range p.Phases {
		if ph.Phase != steps.DefaultPhases[i] {
			t.Errorf("phase %d = %+v, want %+v", i, ph.Phase, steps.DefaultPhases[i])
		}
	}
}

// Standard Mode asks 2-4 open questions, Brief Mode one question (with a
// draft only where rtgit has something grounded to offer), and Deep Mode
// adds probes to Standard (AC-NFR-006-01, -03).
func TestDefaultStepShape(t *testing.T) {
	p, err := Load(defaults, nil)
	if err != nil {
		t.Fatal(err)
	}
	yesNo := []string{"Does ", "Is ", "Are ", "Do ", "Can ", "Will ", "Should ", "Has ", "Have "}
	for _, s := range p.Steps() {
		if n := len(s.Standard.Questions); n < 2 || n > 4 {
			t.Errorf("%s: Standard Mode asks %d questions, want 2-4", s.ID, n)
		}
		// The build plan's confirmation (04-05's tasks) and the affected
		// files' (02-04's affected_files) are asked at every depth, beside
		// the step's own one.
		if s.Brief == nil || len(s.Brief.Questions) != 1 && !(len(s.Brief.Questions) == 2 && (s.Brief.Questions[1].ID == "tasks" || s.Brief.Questions[1].ID == "affected_files")) {
			t.Errorf("%s: Brief Mode must ask one question", s.ID)
		}
		if !deeper(s.Questions(steps.Standard), s.Questions(steps.Deep)) {
			t.Errorf("%s: Deep Mode neither adds probes nor deepens a question", s.ID)
		}
		for _, q := range s.AllQuestions() {
			for _, y := range yesNo {
				if strings.HasPrefix(q.Text, y) {
					t.Errorf("%s: question %s reads as yes/no: %q", s.ID, q.ID, q.Text)
				}
			}
		}
		if len(s.Mappings) == 0 {
			t.Errorf("%s: no artifact mappings", s.ID)
		}
	}
}

// Every artifact of interface-spec §7.2 is some step's output.
func TestDefaultOutputsCoverSeedArtifacts(t *testing.T) {
	p, err := Load(defaults, nil)
	if err != nil {
		t.Fatal(err)
	}
	var outs []string
	for _, s := range p.Steps() {
		outs = append(outs, s.Outputs...)
	}
	for _, want := range []string{"quick-scan.md", "requirements-spec.md", "user-stories.json", "traceability-matrix.csv",
		"nfr-matrix.md", "impact-analysis.md", "architecture-overview.md", "tech-stack-decision.md", "adr-*.md",
		"module-design-*.md", "interface-spec.yaml", "error-taxonomy.md"} {
		if !slices.Contains(outs, want) {
			t.Errorf("no step writes %s", want)
		}
	}
}

// deeper reports whether deep asks more than standard, or asks the same
// questions with longer wording.
func deeper(standard, deep []steps.Question) bool {
	if len(deep) > len(standard) {
		return true
	}
	for i := range standard {
		if len(deep[i].Text) > len(standard[i].Text) {
			return true
		}
	}
	return false
}

const dropIn = `---
step_id: "01-09"
title: "Compliance Check"
persona: "business-analyst"
depth: "standard"
outputs: [requirements-spec.md]
---

## Standard Mode

- ` + "`regulations`" + ` Which regulations touch this change, and what does each demand?
- ` + "`data`" + ` What personal data does this feature read or store, and where?

## Artifacts

- ` + "`regulations`" + ` -> requirements-spec.md#Constraints
- ` + "`data`" + ` -> requirements-spec.md#Constraints
`

func TestRepoOverrides(t *testing.T) {
	replaced := strings.Replace(dropIn, `"01-09"`, `"01-02"`, 1)
	replaced = strings.Replace(replaced, "Compliance Check", "Who Is Affected", 1)
	repo := fstest.MapFS{
		".rtgit/steps/01-requirements/09-compliance-check.md": {Data: []byte(dropIn)},
		".rtgit/steps/01-requirements/02-user-needs.md":       {Data: []byte(replaced)},
		".rtgit/steps/01-requirements/notes.txt":              {Data: []byte("ignored")},
		".rtgit/steps/01-requirements/10-broken.md":           {Data: []byte("---\nstep_id: [\n---\n")},
		".rtgit/steps/05-security/01-threats.md":              {Data: []byte(strings.Replace(dropIn, `"01-09"`, `"05-01"`, 1))},
	}
	p, err := Load(defaults, repo)
	if err != nil {
		t.Fatal(err)
	}
	ph := p.Phase("01-requirements")
	last := ph.Steps[len(ph.Steps)-1]
	if last.ID != "01-09" || last.Source != ".rtgit/steps/01-requirements/09-compliance-check.md" {
		t.Errorf("drop-in step: last step of phase 01 is %s from %s", last.ID, last.Source)
	}
	if s, _ := p.Step("01-02"); s.Title != "Who Is Affected" || len(ph.Steps) != 9 {
		t.Errorf("override of 01-02: title %q, %d steps in phase", s.Title, len(ph.Steps))
	}
	var broken, fallback bool
	for _, pr := range p.Problems {
		if strings.HasPrefix(pr.String(), ".rtgit/steps/01-requirements/10-broken.md:2: invalid frontmatter") {
			broken = true
		}
		if strings.Contains(pr.Msg, "Unknown phase key '05-security'. Falling back to Maya Chen (Business Analyst).") {
			fallback = true
		}
	}
	if !broken || !fallback {
		t.Errorf("problems = %v; want the broken file at line 2 and the fallback warning", p.Problems)
	}
	if sec := p.Phase("05-security"); sec == nil || sec.Persona.Key != "business-analyst" || sec.Phase.Name != "Security" {
		t.Errorf("unknown phase = %+v", sec)
	}
}

func TestDuplicateStepIDSkipsSecondFile(t *testing.T) {
	repo := fstest.MapFS{
		".rtgit/steps/01-requirements/09-a.md": {Data: []byte(dropIn)},
		".rtgit/steps/01-requirements/10-b.md": {Data: []byte(dropIn)},
	}
	p, err := Load(defaults, repo)
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := p.Step("01-09"); s.Source != ".rtgit/steps/01-requirements/09-a.md" {
		t.Errorf("01-09 came from %s", s.Source)
	}
	found := false
	for _, pr := range p.Problems {
		found = found || (pr.Path == ".rtgit/steps/01-requirements/10-b.md" && strings.Contains(pr.Msg, "duplicate step_id"))
	}
	if !found {
		t.Errorf("no duplicate warning in %v", p.Problems)
	}
}

// A default step file is parsed once per process; each route still gets
// steps of its own, so one route's bookkeeping never shows in another's.
func TestLoadReusesDefaultParsesWithoutSharingSteps(t *testing.T) {
	first, err := Load(defaults, nil)
	if err != nil {
		t.Fatal(err)
	}
	s1 := first.Phases[0].Steps[0]
	s1.Source = "changed by the first route"
	second, err := Load(defaults, fstest.MapFS{})
	if err != nil {
		t.Fatal(err)
	}
	s2 := second.Phases[0].Steps[0]
	if s1 == s2 {
		t.Fatal("two routes share one *Step")
	}
	if s2.Source != "embedded:templates/steps/00-quick-scan/01-scope-estimation.md" {
		t.Errorf("second route's step source = %q", s2.Source)
	}
	if len(s2.Whole.Questions) == 0 || s2.Whole.Questions[0].ID != s1.Whole.Questions[0].ID {
		t.Error("the reused parse lost the step's questions")
	}
}

// TestDefaultDraftsAreGrounded: a default draft holds only what rtgit
// knows -- the description, the quick scan's facts and the user's earlier
// answers, all as placeholders -- never invented product facts.
func TestDefaultDraftsAreGrounded(t *testing.T) {
	p, err := Load(defaults, nil)
	if err != nil {
		t.Fatal(err)
	}
	filler := []string{"Only users who may", "INVALID_INPUT", "NOT_FOUND", "PERMISSION_DENIED", "As a user, I want the change",
		"none was stated", "typical data volumes", "Still open: nothing", "no new services", "the main journey"}
	for _, s := range p.Steps() {
		for _, q := range s.AllQuestions() {
			if q.Draft == "" {
				continue
			}
			if !strings.Contains(q.Draft, "{{") {
				t.Errorf("%s: the draft of %s names nothing rtgit knows: %q", s.ID, q.ID, q.Draft)
			}
			for _, f := range filler {
				if strings.Contains(q.Draft, f) {
					t.Errorf("%s: the draft of %s invents %q", s.ID, q.ID, f)
				}
			}
		}
	}
}
