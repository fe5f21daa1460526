package artifacts

import (
	"encoding/csv"
	"encoding/json"
	"path"
	"strings"
	"testing"
	"time"

	"github.com/rtgit/rtgit/model"
	"gopkg.in/yaml.v3"
)

func TestParseRequirementsCriteriaForms(t *testing.T) {
	reqs, pre := model.ParseRequirements(`Context first.
- FR-001: Export -- When asked, the system shall export
  - AC-001-01: Given a, When b, Then c
  - AC: AC-001-03 Given d When e Then f
  - Given g
    When h
    Then i
- FR-002: When the export fails, the system shall say why
  - When the store is down, the system shall return 503
- FR-003: Nothing below it`)
	if pre != "Context first." || len(reqs) != 3 {
		t.Fatalf("pre %q, %d requirements", pre, len(reqs))
	}
	r := reqs[0]
	if r.Title != "Export" || r.Statement != "When asked, the system shall export" {
		t.Errorf("FR-001 title/statement = %q / %q", r.Title, r.Statement)
	}
	want := []model.Criterion{{ID: "AC-001-01", Text: "Given a, When b, Then c"}, {ID: "AC-001-03", Text: "Given d When e Then f"}, {ID: "AC-001-02", Text: "Given g When h Then i"}}
	if len(r.Criteria) != len(want) {
		t.Fatalf("FR-001 criteria = %+v", r.Criteria)
	}
	for i := range want {
		if r.Criteria[i].ID != want[i].ID || r.Criteria[i].Text != want[i].Text {
			t.Errorf("criterion %d = %+v, want %+v", i, r.Criteria[i], want[i])
		}
	}
	if c := reqs[1].Criteria; len(c) != 1 || c[0].ID != "AC-002-01" || !strings.HasPrefix(c[0].Text, "When the store is down") {
		t.Errorf("EARS criterion = %+v", c)
	}
	res, _ := requirementsSection(withModel("requirements", Input{Section: "Functional Requirements", Answer: "FR-003: Nothing below it"}))
	if !strings.Contains(res.Fills[0].Body, "[NEEDS CLARIFICATION: Given/When/Then acceptance criteria for FR-003]") {
		t.Errorf("a requirement without criteria is not flagged:\n%s", res.Fills[0].Body)
	}
}

func TestParseNFRsHonoursIDs(t *testing.T) {
	got := model.ParseNFRs("Performance: p95 under 2s\nNFR-001: Security: isolation\nAvailability: 99.9%")
	ids := []string{got[0].ID, got[1].ID, got[2].ID}
	if strings.Join(ids, ",") != "NFR-002,NFR-001,NFR-003" || got[1].Category != "Security" {
		t.Fatalf("got %+v", got)
	}
}

func TestStoriesAndPriorities(t *testing.T) {
	stories := model.ParseStories(`- As a clerk, I want to export, so that I can reconcile (FR-001, FR-002)
  - AC: Given x, When y, Then z (FR-002)
- US-007: As an auditor, I want line items, so that I can book costs`)
	if len(stories) != 2 || stories[0].ID != "US-001" || stories[1].ID != "US-007" {
		t.Fatalf("ids: %+v", stories)
	}
	if stories[0].SoThat != "I can reconcile" || stories[0].AcceptanceCriteria[0] != "Given x, When y, Then z" {
		t.Errorf("story text not cleaned: %+v", stories[0])
	}
	p := model.ParsePriorities("FR-001: Should Have\nFR-002: Must Have\nUS-007: Won’t Have")
	p.Apply(stories)
	if stories[0].Priority != "Must Have" || stories[1].Priority != "Won't Have" {
		t.Errorf("priorities: %q %q", stories[0].Priority, stories[1].Priority)
	}
	lookup := func(name string) (string, bool) {
		switch name {
		case "01-06.requirements":
			return "FR-001: a\nFR-002: b\nFR-003: c", true
		case "01-07.stories":
			return "As a clerk, I want to export, so that I can reconcile (FR-001, FR-002)\nUS-007: As an auditor, I want line items, so that I can book costs", true
		}
		return "", false
	}
	res, err := traceability(withModel("traceability", Input{ItemDir: "d", OutputPath: "d/traceability-matrix.csv", Lookup: lookup,
		Answer: "FR-001: Should Have\nFR-002: Must Have\nUS-007: Could Have"}))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(strings.NewReader(string(res.Files[0].Data))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, r := range rows {
		got = append(got, strings.Join(r, ","))
	}
	want := "Requirement,User Story,Priority,Status|FR-001,US-001,Should Have,Draft|FR-002,US-001,Must Have,Draft|FR-003,,,Draft|,US-007,Could Have,Draft"
	if strings.Join(got, "|") != want {
		t.Errorf("csv rows\n got %s\nwant %s", strings.Join(got, "|"), want)
	}
	var js []model.Story
	if len(res.Files) != 2 || json.Unmarshal(res.Files[1].Data, &js) != nil || js[0].Priority != "Must Have" || js[1].Priority != "Could Have" {
		t.Errorf("user-stories.json not re-prioritised: %s", res.Files[1].Data)
	}
}

func TestModulesKeepFencesVerbatim(t *testing.T) {
	answer := "Module: billing.export\nResponsible for: rows.\nNot responsible for: HTTP.\n\n```go\n// Module: not a module\nfunc Export(w io.Writer) error\n\tindented()\n```\nInvalid input: ErrBadRange.\nModule: billing.store\nChanges: adds Iter."
	mods := model.ParseModules(answer)
	if len(mods) != 2 || mods[0].Name != "billing.export" || mods[1].Name != "billing.store" {
		t.Fatalf("modules: %+v", mods)
	}
	code := strings.Join(mods[0].Sections["Interfaces and Data Structures"], "\n")
	if code != "```go\n// Module: not a module\nfunc Export(w io.Writer) error\n\tindented()\n```" {
		t.Errorf("fenced code changed:\n%q", code)
	}
	if got := strings.Join(mods[0].Sections["Boundaries"], "\n"); got != "**Not responsible for:** HTTP.\n" {
		t.Errorf("boundaries = %q", got)
	}
	if got := mods[0].Sections["Error Handling"]; len(got) != 1 || got[0] != "**Invalid input:** ErrBadRange." {
		t.Errorf("error handling = %q", got)
	}
}

func TestInterfaceSpecAlwaysParses(t *testing.T) {
	read := func(string) ([]byte, error) { return nil, nil }
	for name, answer := range map[string]string{
		"fenced with prose": "Here it is:\n\n```yaml\nversion: 1\noperations:\n  export: {input: {id: int}}\n```\n\nAsk me about limits.",
		"bare yaml":         "operations:\n  export:\n    errors: [NOT_FOUND]",
		"one line per op":   "operation: export input: id int output: csv bytes errors: NOT_FOUND, INVALID\nplus a remark: with a colon",
		"prose only":        "We will decide this later: probably HTTP.",
	} {
		res, err := interfaceSpec(withModel("interface-spec", Input{Slug: "x", OutputPath: "x.yaml", Question: "contracts", Answer: answer, Read: read}))
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		if err := yaml.Unmarshal(res.Files[0].Data, &doc); err != nil {
			t.Errorf("%s: invalid YAML: %v\n%s", name, err, res.Files[0].Data)
		}
		if name != "prose only" && doc["operations"] == nil {
			t.Errorf("%s: no operations:\n%s", name, res.Files[0].Data)
		}
	}
	res, _ := interfaceSpec(withModel("interface-spec", Input{Slug: "x", OutputPath: "x.yaml", Question: "contracts", Answer: "operation: export input: id output: csv errors: A, B", Read: read}))
	var doc struct {
		Operations map[string]struct {
			Input  string
			Errors []string
		}
	}
	if err := yaml.Unmarshal(res.Files[0].Data, &doc); err != nil || doc.Operations["export"].Input != "id" || len(doc.Operations["export"].Errors) != 2 {
		t.Errorf("operation lines not structured: %v %+v", err, doc)
	}
}

func TestADRsFromDecisionLines(t *testing.T) {
	list := func(string) ([]string, error) {
		return []string{"adr-0001-architecture-approach.md", "adr-0002-csv-writer.md"}, nil
	}
	read := func(string) ([]byte, error) { return nil, nil }
	res, err := adrs(withModel("adr", Input{ItemDir: "d", StepID: "03-02", Now: time.Date(2025, 1, 2, 0, 0, 0, 0, time.UTC), List: list, Read: read,
		Answer: "- Decision: Queue -- chosen: none (simple but no retries); alternatives: SQS (managed, but a new bill), Redis (fast but one more server)\n- Decision: CSV writer -- chosen: csv (stdlib)"}))
	if err != nil {
		t.Fatal(err)
	}
	paths := map[string]bool{}
	var pc string
	for _, f := range res.Fills {
		paths[f.Path] = true
		if f.Path == "d/adr-0003-queue.md" && f.Section == "Pros and Cons of the Options" {
			pc = f.Body
		}
	}
	if !paths["d/adr-0003-queue.md"] || !paths["d/adr-0002-csv-writer.md"] {
		t.Fatalf("numbering: %v", paths)
	}
	for _, want := range []string{"### SQS\n", "* Good, because managed.", "* Bad, because a new bill.", "* Bad, because one more server."} {
		if !strings.Contains(pc, want) {
			t.Errorf("pros and cons lack %q:\n%s", want, pc)
		}
	}
}

// A decision 03-02 drops keeps its record, deprecated, and listed again it
// is accepted again. 03-01's record and a status a person set are left
// alone.
func TestADRsDroppedDecisionIsDeprecated(t *testing.T) {
	adr := func(status, title string) []byte {
		return []byte("---\nstatus: " + status + "\ndate: 2025-01-01\n---\n\n# " + title + "\n")
	}
	files := map[string][]byte{
		"d/adr-0001-architecture-approach.md": adr("accepted", "Architecture approach"),
		"d/adr-0002-csv-writer.md":            adr("accepted", "CSV writer"),
		"d/adr-0003-queue.md":                 adr("deprecated", "Queue"),
		"d/adr-0004-cache.md":                 adr("superseded by ADR-0005", "Cache"),
	}
	in := Input{ItemDir: "d", StepID: "03-02", Now: time.Date(2025, 1, 2, 0, 0, 0, 0, time.UTC),
		List: func(string) ([]string, error) {
			var names []string
			for p := range files {
				names = append(names, path.Base(p))
			}
			return names, nil
		},
		Read:   func(p string) ([]byte, error) { return files[p], nil },
		Answer: "- Decision: Queue -- chosen: none (simple but no retries)",
	}
	res, err := adrs(withModel("adr", in))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range res.Files {
		got[f.Path] = string(f.Data)
	}
	want := map[string]string{
		"d/adr-0002-csv-writer.md": string(adr("deprecated", "CSV writer")),
		"d/adr-0003-queue.md":      string(adr("accepted", "Queue")),
	}
	if len(got) != len(want) {
		t.Fatalf("rewrote %d records, want %d: %v", len(got), len(want), got)
	}
	for p, w := range want {
		if got[p] != w {
			t.Errorf("%s:\n%s\nwant:\n%s", p, got[p], w)
		}
	}
	var index string
	for _, f := range res.Fills {
		if f.Key == "adr-index" {
			index = f.Body
		}
	}
	for _, line := range []string{
		"- [ADR-0002: CSV writer](adr-0002-csv-writer.md) (deprecated)\n",
		"- [ADR-0003: Queue](adr-0003-queue.md)\n",
		"- [ADR-0001: Architecture approach](adr-0001-architecture-approach.md)\n",
	} {
		if !strings.Contains(index, line) {
			t.Errorf("index lacks %q:\n%s", line, index)
		}
	}
}

// A person's text outside rtgit's blocks survives a re-run byte for byte,
// and the re-run replaces its blocks instead of adding new ones.
func TestRerunPreservesPersonText(t *testing.T) {
	skeleton := []byte("# Spec\n\n## 3. Functional Requirements\n\n### Edge Cases\n\n## 8. Glossary\n")
	fill := func(doc []byte, answer string) []byte {
		res, err := requirementsSection(withModel("requirements", Input{Section: "Functional Requirements", Answer: answer}))
		if err != nil {
			t.Fatal(err)
		}
		out, err := FillSection(doc, "Functional Requirements", "01-06 functional-requirements", res.Fills[0].Body)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	first := fill(skeleton, "FR-001: A -- When x, the system shall y\nAC-001-01: Given a When b Then c")
	human := "A reviewer's note, with  two spaces and a trailing space \n\n"
	edited := strings.Replace(string(first), "### Edge Cases\n", human+"### Edge Cases\n", 1)
	edited = strings.Replace(edited, "## 8. Glossary\n", "## 8. Glossary\n\nTerms we argued about.\n", 1)
	second := string(fill([]byte(edited), "FR-001: B -- When x, the system shall z\nAC-001-01: Given a When b Then d"))
	if strings.Count(second, "rtgit:begin 01-06") != 1 || strings.Count(second, "### FR-001") != 1 || !strings.Contains(second, "### FR-001: B") {
		t.Fatalf("re-run duplicated or did not replace:\n%s", second)
	}
	strip := func(s string) string {
		i, j := strings.Index(s, "<!-- rtgit:begin"), strings.Index(s, "<!-- rtgit:end")
		return s[:i] + s[j:]
	}
	if strip(second) != strip(edited) {
		t.Fatalf("text outside the block changed:\n%q\n%q", strip(edited), strip(second))
	}
}

func TestCheckTemplate(t *testing.T) {
	known := func(n string) bool { return n == "slug" || n == "description" }
	good := []byte("# Impact: {{description}}\n\n## 1. Blast Radius\n\n## Entry Points\n\n## Risk Zones\n\n## Summary\n")
	if err := CheckTemplate("impact-analysis.md", "x.md", good, known); err != nil {
		t.Fatal(err)
	}
	for name, in := range map[string]string{
		"missing heading": "# X\n\n## Blast Radius\n\n## Entry Points\n\n## Summary\n",
		"heading in code": "# X\n\n## Blast Radius\n\n## Entry Points\n\n```\n## Risk Zones\n```\n\n## Summary\n",
		"unknown name":    strings.Replace(string(good), "{{description}}", "{{owner}}", 1),
		"unclosed":        strings.Replace(string(good), "{{description}}", "{{description", 1),
	} {
		err := CheckTemplate("impact-analysis.md", ".rtgit/templates/artifacts/impact-analysis.md", []byte(in), known)
		if err == nil || !strings.HasPrefix(err.Error(), ".rtgit/templates/artifacts/impact-analysis.md") {
			t.Errorf("%s: want an error naming the file, got %v", name, err)
		}
	}
}

// TestTraceabilitySource: rows resting on a model's draft a person
// confirmed say so in a Source column after the seed's four; rows from a
// person's answers say "user"; with no draft at all the matrix keeps
// exactly the seed's four columns.
func TestTraceabilitySource(t *testing.T) {
	lookup := func(name string) (string, bool) {
		switch name {
		case "01-06.requirements":
			return "FR-001: a\nFR-002: b", true
		case "01-05.nfrs":
			return "NFR-001 Performance: exports 10,000 rows in 5 seconds", true
		case "01-07.stories":
			return "As a clerk, I want to export, so that I can reconcile (FR-001)\nUS-007: As an auditor, I want line items, so that I can book costs", true
		}
		return "", false
	}
	run := func(sources map[string]string) string {
		t.Helper()
		in := Input{ItemDir: "d", OutputPath: "d/traceability-matrix.csv", Lookup: lookup, Answer: "FR-001: Must Have\nFR-002: Should Have\nNFR-001: Must Have"}
		if sources != nil {
			in.Source = func(ref string) string { return sources[ref] }
		}
		res, err := traceability(withModel("traceability", in))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(strings.NewReader(string(res.Files[0].Data))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rows {
			got = append(got, strings.Join(r, ","))
		}
		return strings.Join(got, "|")
	}
	seed := "Requirement,User Story,Priority,Status|FR-001,US-001,Must Have,Draft|FR-002,,Should Have,Draft|NFR-001,,Must Have,Draft|,US-007,,Draft"
	if got := run(nil); got != seed {
		t.Errorf("without drafts\n got %s\nwant %s", got, seed)
	}
	if got := run(map[string]string{"01-04.journey": "ai-draft, confirmed by @dana"}); got != seed {
		t.Errorf("with a draft the matrix does not rest on\n got %s\nwant %s", got, seed)
	}
	got := run(map[string]string{"01-06.requirements": "ai-draft, confirmed by @dana", "01-07.stories": "ai-draft, confirmed by @lee"})
	want := "Requirement,User Story,Priority,Status,Source|" +
		"FR-001,US-001,Must Have,Draft,\"ai-draft, confirmed by @dana; ai-draft, confirmed by @lee\"|" +
		"FR-002,,Should Have,Draft,\"ai-draft, confirmed by @dana\"|" +
		"NFR-001,,Must Have,Draft,user|" +
		",US-007,,Draft,\"ai-draft, confirmed by @lee\""
	// ReadAll unquotes; compare what a reader gets back.
	want = strings.ReplaceAll(want, "\"", "")
	if got != want {
		t.Errorf("with drafts\n got %s\nwant %s", got, want)
	}
}

// TestTraceabilityStatusFollowsSignOff: every row is a Draft until the
// area that owns the matrix is approved, and Approved then.
func TestTraceabilityStatusFollowsSignOff(t *testing.T) {
	lookup := func(name string) (string, bool) {
		if name == "01-06.requirements" {
			return "FR-001: a\nFR-002: b", true
		}
		return "", false
	}
	for _, approved := range []bool{false, true} {
		in := Input{ItemDir: "d", OutputPath: "d/traceability-matrix.csv", Lookup: lookup, Answer: "FR-001: Must Have\nFR-002: Should Have",
			Approved: func() bool { return approved }}
		res, err := traceability(withModel("traceability", in))
		if err != nil {
			t.Fatal(err)
		}
		want, other := "Draft", "Approved"
		if approved {
			want, other = other, want
		}
		data := string(res.Files[0].Data)
		if strings.Count(data, ","+want+"\n") != 2 || strings.Contains(data, other) {
			t.Errorf("approved %v: matrix\n%s", approved, data)
		}
	}
}
