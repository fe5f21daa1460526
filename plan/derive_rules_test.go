package plan

import (
	"slices"
	"strings"
	"testing"
)

func tasksOf(p Plan, kind string) []Task {
	var out []Task
	for _, t := range p.Tasks {
		if t.Kind == kind {
			out = append(out, t)
		}
	}
	return out
}

// One mitigation list item is one verify task, titled with all of it; an
// item that accepts the risk, or declines, is none.
func TestDeriveMitigationItemsWhole(t *testing.T) {
	p := Derive(textSources{Mitigations: "- Zone 1: accept with the exact-output test added first; no flag needed.\n" +
		"- Rollout: ship it in the next minor release. Watch the issue tracker\n  for a week after.\n- None for zone 3.\n" +
		"- Precedence: covered by tests in both directions.\n- The config key itself is the feature flag (off by default).\n" +
		"- Release: a normal minor release with a changelog entry.\n" +
		"- Naming: maintainer review before merge; the API call is itself the switch."}.sources())
	var titles []string
	for _, v := range tasksOf(p, KindVerify) {
		titles = append(titles, v.Title)
	}
	want := []string{"Rollout: ship it in the next minor release. Watch the issue tracker for a week after",
		"Naming: maintainer review before merge; the API call is itself the switch"}
	if !slices.Equal(titles, want) {
		t.Errorf("verify tasks = %q, want %q", titles, want)
	}
}

// An NFR the answers call not testable gets a manual check that says so.
func TestDeriveNotTestableNFR(t *testing.T) {
	p := Derive(textSources{NFRs: "NFR-001: Usability: the error message reads naturally to a CLI author",
		Other: []string{"NFR-001 is not testable by a unit test; a maintainer reads the message in review."}}.sources())
	v := tasksOf(p, KindVerify)
	if len(v) != 1 || !strings.Contains(v[0].Title, "by hand, not by a test") || !slices.Contains(v[0].Traces, "NFR-001") {
		t.Fatalf("verify tasks = %+v, want one manual check of NFR-001", v)
	}
	if p := Derive(textSources{NFRs: "NFR-001: Usability: the error message reads naturally"}.sources()); len(p.Tasks) != 0 {
		t.Errorf("an unmeasurable NFR nobody called untestable got %+v", p.Tasks)
	}
}

// No changelog task where an answer says it is written at release time,
// and no task on a file the answers keep read-only.
func TestDeriveRuledOut(t *testing.T) {
	src := textSources{Description: "Add a flag", Changelog: "CHANGELOG.md",
		Affected: []string{"cli.go"}, ReadOnly: []string{"command.go"},
		Modules: []string{"Module: cli\nResponsible for: the flag, in cli.go and command.go."}}
	if p := Derive(src.sources()); !slices.ContainsFunc(p.Tasks, func(t Task) bool { return slices.Contains(t.Files, "CHANGELOG.md") }) {
		t.Fatalf("without a word about it the changelog gets a task: %+v", p.Tasks)
	}
	src.Other = []string{"The maintainers write the changelog at release time."}
	p := Derive(src.sources())
	for _, task := range p.Tasks {
		if slices.Contains(task.Files, "CHANGELOG.md") || slices.Contains(task.Files, "command.go") {
			t.Errorf("task %s touches a file the answers rule out: %v", task.ID, task.Files)
		}
	}
}

// Two tasks with the same files and traces are one.
func TestDeriveNoDuplicates(t *testing.T) {
	p := Derive(textSources{Affected: []string{"flag_groups.go"},
		Modules: []string{"Module: one-required group (flag_groups.go)\nResponsible for: the new group.\n\nModule: completion (flag_groups.go)\nResponsible for: completing it."}}.sources())
	code := tasksOf(p, KindCode)
	if len(code) != 1 || !strings.Contains(code[0].Title, "one-required group") || !strings.Contains(code[0].Title, "completion") {
		t.Errorf("code tasks = %+v, want one with both modules' titles", code)
	}
}

// A test task touches the test files its requirement is tied to; a code
// task traces the requirements that name its module's interfaces.
func TestDeriveTies(t *testing.T) {
	p := Derive(textSources{
		Requirements: "FR-001: Declare -- Calling `MarkFlagsOneRequired` records the group\nAC-001-01: Given a and b, When it is called, Then both carry it\n" +
			"FR-002: Completion guides the user -- Completion suggests the flags\nAC-002-01: Given none set, When completing, Then both are suggested",
		Affected: []string{"flag_groups.go", "flag_groups_test.go", "completions_test.go"},
		Files:    "- `flag_groups_test.go`: new table cases.\n- `completions_test.go`: a new completion test.",
		Modules:  []string{"Module: group (flag_groups.go)\nResponsible for: the group.\n```go\nfunc (c *Command) MarkFlagsOneRequired(names ...string)\n```"},
	}.sources())
	files := map[string][]string{}
	for _, task := range tasksOf(p, KindTest) {
		files[task.Traces[0]] = task.Files
	}
	if !slices.Equal(files["FR-001"], []string{"flag_groups_test.go"}) || !slices.Equal(files["FR-002"], []string{"completions_test.go"}) {
		t.Errorf("test files = %v", files)
	}
	if code := tasksOf(p, KindCode); len(code) != 1 || !slices.Equal(code[0].Traces, []string{"FR-001"}) {
		t.Errorf("code tasks = %+v, want one tracing FR-001", code)
	}
}

func TestSaysTestFirst(t *testing.T) {
	for s, want := range map[string]bool{
		"The exact-output test must land before the refactor":   true,
		"Zone 1: accept with the exact-output test added first": true,
		"Refactor once the exact-output test is in":             true,
		"Change the renderer after the golden test":             true,
		"First write a failing test, then fix the parser":       true,
		"Nothing needs covering before we change code":          false,
		"We add the tests after the change lands":               false,
		"The existing tests already protect the old behaviour":  false,
	} {
		if got := saysTestFirst(s); got != want {
			t.Errorf("saysTestFirst(%q) = %v, want %v", s, got, want)
		}
	}
}

// tasks.md lists a phase's tasks in an order that respects every
// dependency; the graph keeps every edge.
func TestMarkdownWorkOrder(t *testing.T) {
	p := Plan{Tasks: []Task{
		{ID: "T001", Kind: KindCode, Title: "a"},
		{ID: "T002", Kind: KindCode, Title: "b", DependsOn: []string{"T004"}},
		{ID: "T003", Kind: KindCode, Title: "c"},
		{ID: "T004", Kind: KindCode, Title: "d", DependsOn: []string{"T003"}},
	}}
	md := Markdown("x", "s", p)
	order := []int{strings.Index(md, "T001 code"), strings.Index(md, "T003 code"), strings.Index(md, "T004 code"), strings.Index(md, "T002 code")}
	if !slices.IsSorted(order) || order[0] < 0 {
		t.Errorf("tasks.md order wrong:\n%s", md)
	}
	for _, e := range []string{"T004 --> T002", "T003 --> T004"} {
		if !strings.Contains(md, e) {
			t.Errorf("the graph lost %s", e)
		}
	}
}

// A docs task tracing a criterion meets it; a code task tracing nothing
// is a warning.
func TestCheckDocsCriterionAndUntracedCode(t *testing.T) {
	a := &Analysis{IDs: []string{"FR-001", "AC-001-01"}, Criteria: []string{"AC-001-01"}}
	p := Plan{Tasks: []Task{{ID: "T001", Kind: KindDocs, Traces: []string{"FR-001", "AC-001-01"}}, {ID: "T002", Kind: KindCode}}}
	var rules []string
	for _, pr := range Check(p, a) {
		rules = append(rules, pr.Rule)
	}
	if slices.Contains(rules, RuleCriterionUntested) || !slices.Contains(rules, RuleCodeUntraced) {
		t.Errorf("rules = %v", rules)
	}
}
