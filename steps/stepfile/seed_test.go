package stepfile

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps"
)

// seedStep is written the way the seed's step files are: numbered
// questions, a prose Brief Mode with {placeholders}, prose validation and
// prose artifact instructions. Its formatting is deliberately uneven.
const seedStep = "---\r\n" + `Step-ID: "01-09"
title: Compliance Review
persona: Maya Chen
depth: Standard
outputs: "requirements-spec.md, user-stories.json"
research: true
---

#  brief   MODE

**Maya Chen:** From the scan this is a {small/medium/large} change touching {N} files; the regulation that matters most is {regulation}. Sound right?

## Standard Mode:

Maya Chen: Let's make sure nobody gets surprised by an audit.

3. Which **regulations** or internal policies touch this change?
4. What personal data does it read, store or send?
   - where does each copy live?
   - who can see it?

Once you answer, I'll write it up.

## 2. Deep Mode

1. Which regulations or policies apply, clause by clause?
2. What personal data is involved, field by field?
3. What evidence would an auditor ask for?

## Validation

- Every regulation named has an owner
- Personal data is listed field by field
  - Edge case: if none is stored, say so explicitly

## Artifacts

- Update ` + "`requirements-spec.md`" + ` in the artifact folder:
  - **Section:** "5. Constraints"
  - Content: regulations and policies, with owners
  - Section: "Data Inventory"
  - Content: personal data fields, where each is stored
- Create ` + "`user-stories.json`" + `:
  - Format: JSON array of stories
`

func TestParseSeedDialect(t *testing.T) {
	s, probs := Parse("seed.md", []byte(seedStep))
	if s == nil || probs.HasErrors() {
		t.Fatalf("problems: %v", probs)
	}
	if s.Dialect != steps.DialectSeed {
		t.Errorf("dialect = %s", s.Dialect)
	}
	if s.ID != "01-09" || s.Depth != steps.Standard || s.Persona != "Maya Chen" {
		t.Errorf("frontmatter = %q %q %q", s.ID, s.Depth, s.Persona)
	}
	if strings.Join(s.Outputs, ",") != "requirements-spec.md,user-stories.json" {
		t.Errorf("outputs = %v", s.Outputs)
	}
	if s.Extra["research"] != "true" {
		t.Errorf("extra = %v", s.Extra)
	}
	ids := func(qs []steps.Question) string {
		var out []string
		for _, q := range qs {
			out = append(out, q.ID)
		}
		return strings.Join(out, ",")
	}
	// Ids come from position, whatever number the list starts at.
	if got := ids(s.Questions(steps.Standard)); got != "q1,q2" {
		t.Errorf("standard = %s", got)
	}
	if got := ids(s.Questions(steps.Deep)); got != "q1,q2,q3" {
		t.Errorf("deep = %s", got)
	}
	if q := s.Questions(steps.Standard)[1]; !strings.Contains(q.Text, "\n  - where does each copy live?") {
		t.Errorf("nested list lost: %q", q.Text)
	}
	brief := s.Questions(steps.Brief)
	if len(brief) != 1 || brief[0].ID != ConfirmID {
		t.Fatalf("brief = %+v", brief)
	}
	if d := brief[0].Draft; d != "From the scan this is a {{scope}} change touching {{file_count}} files; the regulation that matters most is {regulation}." {
		t.Errorf("draft = %q", d)
	}
	if q := brief[0].Text; !strings.HasPrefix(q, "Sound right? Leave the draft") {
		t.Errorf("the persona's closing question is not asked: %q", q)
	}
	if rs := s.RulesFor(ConfirmID); len(rs) != 1 || rs[0].Kind != "filled" || strings.Join(rs[0].Args, ",") != "{regulation}" {
		t.Errorf("confirm rules = %+v", rs)
	}
	if len(s.Criteria) != 3 || s.Criteria[2].Text != "Edge case: if none is stored, say so explicitly" {
		t.Errorf("criteria = %+v", s.Criteria)
	}
	got := map[string][]string{}
	for _, m := range s.Mappings {
		k := m.Output + "#" + m.Section
		if m.Transform != "" {
			k = m.Output + " as " + m.Transform
		}
		got[k] = append(got[k], m.Question)
	}
	want := map[string]string{
		"requirements-spec.md#5. Constraints": "q1,q3,confirm",
		"requirements-spec.md#Data Inventory": "q2,confirm",
		"user-stories.json as user-stories":   "*",
	}
	for k, v := range want {
		if strings.Join(got[k], ",") != v {
			t.Errorf("%s gets %v, want %s (all: %v)", k, got[k], v, got)
		}
	}
	if len(got) != len(want) {
		t.Errorf("mappings = %v", got)
	}
	var info bool
	for _, p := range probs {
		info = info || p.Severity == steps.Info && strings.Contains(p.Msg, `"Step-ID"`) || p.Severity == steps.Info && strings.Contains(p.Msg, `"research"`)
	}
	if !info {
		t.Errorf("unknown field not reported as info: %v", probs)
	}
}

func TestSeedSectionWithoutHeadingGoesToStepSection(t *testing.T) {
	file := "---\nstep_id: \"04-03\"\ntitle: Data Flow\npersona: system-designer\ndepth: deep\noutputs: [data-flow.md]\n---\n\n## Standard Mode\n\n1. Where does the data come from?\n\n## Artifacts\n\n- Create `data-flow.md`:\n  - Content: sources and sinks\n"
	s, probs := Parse("seed.md", []byte(file))
	if probs.HasErrors() {
		t.Fatal(probs)
	}
	if len(s.Mappings) != 1 || s.Mappings[0].Section != "Data Flow" || s.Mappings[0].Question != "q1" {
		t.Errorf("mappings = %+v", s.Mappings)
	}
}

func TestCanonicalSection(t *testing.T) {
	for in, want := range map[string]string{
		"Brief Mode": secBrief, "brief  mode:": secBrief, "**Deep Mode**": secDeep, "1. Standard Mode": secStandard,
		"VALIDATION": secValidation, "Artifacts:": secArtifacts, "Notes": "",
	} {
		if got := canonicalSection(in); got != want {
			t.Errorf("canonicalSection(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSeedLiberalForms(t *testing.T) {
	file := "---\nstep_id: \"02-05\"\ntitle: Rollback\npersona: Alex Rivera\ndepth: standard\noutputs: [impact-analysis.md]\n...\n\n" +
		"### Brief Mode (condensed)\n\nAlex Rivera: Rollback is a redeploy of the previous build. Right?\n\n" +
		"## Standard Mode -- default prompts\n\n**Alex Rivera:** How do we roll this back?\n\nI'll note it down.\n\nWho decides to roll back?\n\n" +
		"## Validation: what a good answer has\n\n- A rollback owner is named\n\n## Artifacts\n\n- Update `impact-analysis.md`, section \"Rollback\"\n"
	s, probs := Parse("seed.md", []byte(file))
	if s == nil || probs.HasErrors() {
		t.Fatalf("problems: %v", probs)
	}
	qs := s.Questions(steps.Standard)
	if len(qs) != 2 || qs[0].ID != "q1" || qs[0].Text != "How do we roll this back?" || qs[1].Text != "Who decides to roll back?" {
		t.Errorf("standard = %+v", qs)
	}
	if p := s.Prose(steps.Standard); len(p) != 1 || p[0] != "I'll note it down." {
		t.Errorf("prose = %q", p)
	}
	// A claim with no placeholder is the step file's, not the user's: asked, not drafted.
	if b := s.Questions(steps.Brief); len(b) != 1 || b[0].Draft != "" || !strings.HasPrefix(b[0].Text, "Right? The step file's brief says “Rollback is a redeploy of the previous build.”") {
		t.Errorf("brief = %+v", b)
	}
	if len(s.Criteria) != 1 || len(s.Mappings) != 3 || s.Mappings[0].Section != "Rollback" {
		t.Errorf("criteria %v, mappings %+v", s.Criteria, s.Mappings)
	}
}

// TestSeedGenericPlaceholdersNeedContext: "{N}" and "{low/medium/high}"
// are filled from the quick scan only where the prose says they are the
// file count or the complexity; anywhere else they stay for the user, so a
// draft never states a number or a level nobody gave.
func TestSeedGenericPlaceholdersNeedContext(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"It touches {N} files and has {low/medium/high} complexity.", "It touches {{file_count}} files and has {{complexity}} complexity."},
		{"approximately {N} files: {X} new", "approximately {{file_count}} files: {X} new"},
		{"Complexity: {Low / Medium / High}.", "Complexity: {{complexity}}."},
		{"Let me write up FR-001 through FR-{N}.", "Let me write up FR-001 through FR-{N}."},
		{"There are {N} key touchpoints.", "There are {N} key touchpoints."},
		{"Summary: {N} modules, {N} interfaces, {N} error codes.", "Summary: {N} modules, {N} interfaces, {N} error codes."},
		{"Confidence: {low/medium/high}. Final scope: {small/medium/large}.", "Confidence: {low/medium/high}. Final scope: {{scope}}."},
		{"Risk level overall: {low/medium/high}.", "Risk level overall: {low/medium/high}."},
		{"{N} test files", "{N} test files"},
		// The scan counts the files a change edits, not what they reach.
		{"Direct changes: {N} files. Transitive impact: {N} files.", "Direct changes: {{file_count}} files. Transitive impact: {N} files."},
		{"{N} files directly and {N} files indirectly", "{{file_count}} files directly and {N} files indirectly"},
		{"a {file count} estimate of {complexity}", "a {{file_count}} estimate of {{complexity}}"},
	} {
		if got := seedPlaceholders(tc.in); got != tc.want {
			t.Errorf("seedPlaceholders(%q)\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

// TestSeedFunctionalRequirementsAreRead: a seed step's answers for the
// spec's functional requirements are read as FR-001 lines (so stories,
// the matrix and the critic see them), and only a question about what is
// left out goes to Out of Scope, even when the section's description
// shares its words with a capability question.
func TestSeedFunctionalRequirementsAreRead(t *testing.T) {
	file := "---\nstep_id: \"01-06\"\ntitle: Features\npersona: business-analyst\ndepth: standard\noutputs: [requirements-spec.md]\n---\n\n" +
		"## Standard Mode\n\n1. Which capabilities must the system provide?\n2. Which capabilities are out of scope this time?\n\n" +
		"## Artifacts\n\n- Update `requirements-spec.md`:\n  - Section: \"6. Functional Requirements\"\n  - Content: FR codes with acceptance criteria\n" +
		"  - Section: \"7. Out of Scope\"\n  - Content: capabilities left for later\n"
	s, probs := Parse("06-features.md", []byte(file))
	if s == nil || probs.HasErrors() {
		t.Fatalf("parse: %v", probs)
	}
	want := map[string]string{"q1": "6. Functional Requirements as requirements", "q2": "7. Out of Scope"}
	for _, m := range s.Mappings {
		got := m.Section
		if m.Transform != "" {
			got += " as " + m.Transform
		}
		if want[m.Question] != got {
			t.Errorf("%s -> %q, want %q", m.Question, got, want[m.Question])
		}
	}
}
