package plan

import (
	"os"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// demoSources reads the demo's scripted answers, as the machine would
// hand them to Derive.
func demoSources(t testing.TB) Sources {
	t.Helper()
	data, err := os.ReadFile("../templates/demo/answers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var demo struct {
		Description string                       `yaml:"description"`
		Answers     map[string]map[string]string `yaml:"answers"`
	}
	if err := yaml.Unmarshal(data, &demo); err != nil {
		t.Fatal(err)
	}
	a := demo.Answers
	return textSources{
		Description:  demo.Description,
		Requirements: a["01-06"]["requirements"],
		Priorities:   a["01-08"]["priorities"],
		Stories:      a["01-07"]["stories"],
		NFRs:         a["01-05"]["nfrs"],
		Modules:      []string{a["04-01"]["modules"], a["04-01"]["changed_modules"], a["04-01"]["shared_types"]},
		Contracts:    []string{a["04-02"]["contracts"]},
		Affected:     []string{"invoices/api.py", "invoices/store.py", "invoices/models.py", "invoices/export.py", "tests/test_export.py", "README.md"},
		Mitigations:  a["02-03"]["mitigations"],
		BuildOrder:   a["04-05"]["build_order"],
		Questions:    []Question{{ID: "Q-001", Text: "Should FR-008's delimiter default from the locale?"}},
	}.sources()
}

func TestDeriveDemo(t *testing.T) {
	p := Derive(demoSources(t))
	text := Format(p)
	t.Logf("\n%s", text)
	if p.Confirmed {
		t.Error("a derived plan is not confirmed")
	}
	find := func(pred func(Task) bool) []Task {
		var out []Task
		for _, t := range p.Tasks {
			if pred(t) {
				out = append(out, t)
			}
		}
		return out
	}
	// A test task for every requirement with criteria, except the Won't Have.
	for _, fr := range []string{"FR-001", "FR-002", "FR-003", "FR-004", "FR-005", "FR-006", "FR-007", "FR-008", "FR-009"} {
		if len(find(func(t Task) bool { return t.Kind == KindTest && slices.Contains(t.Traces, fr) })) != 1 {
			t.Errorf("no single test task for %s", fr)
		}
	}
	if len(find(func(t Task) bool { return slices.Contains(t.Traces, "FR-010") })) != 0 {
		t.Error("the Won't Have FR-010 got a task")
	}
	// Every affected file is in some task.
	for _, f := range demoSources(t).Affected {
		if len(find(func(t Task) bool { return slices.Contains(t.Files, f) })) == 0 {
			t.Errorf("no task touches %s", f)
		}
	}
	// The build order: models, then store, then export, then api.
	code := find(func(t Task) bool { return t.Kind == KindCode })
	byModule := map[string]Task{}
	for _, c := range code {
		byModule[strings.SplitN(c.Title, ":", 2)[0]] = c
	}
	for _, e := range [][2]string{{"invoices.store", "invoices.models"}, {"invoices.export", "invoices.store"}, {"invoices.api", "invoices.export"}} {
		if !slices.Contains(byModule[e[0]].DependsOn, byModule[e[1]].ID) {
			t.Errorf("%s does not wait for %s: %+v", e[0], e[1], byModule[e[0]])
		}
	}
	if got := byModule["invoices.export"].Files; !slices.Equal(got, []string{"invoices/export.py"}) {
		t.Errorf("invoices.export files = %v", got)
	}
	// The contract with a route gets a contract test.
	if len(find(func(t Task) bool { return strings.Contains(t.Title, "Contract tests for export_invoices (GET") })) != 1 {
		t.Error("no contract test for the route")
	}
	// Measurable NFRs and the flagged rollout are verified.
	if len(find(func(t Task) bool { return t.Kind == KindVerify && slices.Contains(t.Traces, "NFR-001") })) != 1 {
		t.Error("NFR-001 is not verified")
	}
	if len(find(func(t Task) bool { return t.Kind == KindVerify && strings.Contains(t.Title, "export_csv flag") })) != 1 {
		t.Error("the export_csv flag rollout is not verified")
	}
	// The open question naming FR-008 blocks its test task.
	if got := find(func(t Task) bool { return slices.Contains(t.BlockedBy, "Q-001") }); len(got) != 1 || !slices.Contains(got[0].Traces, "FR-008") {
		t.Errorf("Q-001 blocks %+v", got)
	}
	// The plan is well formed, and reads back as it was written.
	if probs := Check(p, nil); len(probs) != 0 {
		t.Errorf("problems: %v", probs)
	}
	back, err := Parse(text)
	if err != nil || len(back.Tasks) != len(p.Tasks) {
		t.Fatalf("the derived plan does not read back: %v", err)
	}
	// Deterministic.
	if again := Format(Derive(demoSources(t))); again != text {
		t.Error("Derive is not deterministic")
	}
}

func TestDeriveNothingInvented(t *testing.T) {
	if p := Derive(Sources{}); len(p.Tasks) != 0 {
		t.Fatalf("an empty analysis got tasks: %+v", p.Tasks)
	}
	src := textSources{Description: "Fix the rounding", Affected: []string{"calc/round.go", "calc/round_test.go", "CHANGELOG.md"},
		Fix: "Round half to even in calc.Round. It was half up.", RegressionTests: "A table test of 0.125 and 0.135 in calc/round_test.go.",
		Monitoring: "Count rounding mismatches in the nightly report. No alert is needed.", Changelog: "CHANGELOG.md"}
	got := Format(Derive(src.sources()))
	want := "T001 test: A table test of 0.125 and 0.135 in calc/round_test.go | files: calc/round_test.go\n" +
		"T002 code: Round half to even in calc.Round | files: calc/round.go\n" +
		"T003 verify: Count rounding mismatches in the nightly report | after: T002\n" +
		"T004 docs: Update CHANGELOG.md: Fix the rounding | files: CHANGELOG.md\n"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

func TestDeriveDesignDependencies(t *testing.T) {
	src := textSources{Modules: []string{"Module: store\nResponsible for: reading rows.\n```go\ntype Row struct{}\n```\n" +
		"Module: api\nResponsible for: serving rows; uses Row.\n" +
		"Module: a\nResponsible for: calling b.\nModule: b\nResponsible for: calling a."}}
	p := Derive(src.sources())
	deps := map[string][]string{}
	for _, t := range p.Tasks {
		deps[strings.SplitN(t.Title, ":", 2)[0]] = t.DependsOn
	}
	if !slices.Equal(deps["api"], []string{"T001"}) || len(deps["store"]) != 0 || len(deps["a"]) != 0 || len(deps["b"]) != 0 {
		t.Fatalf("dependencies %v\n%s", deps, Format(p))
	}
}

func BenchmarkDeriveDemo(b *testing.B) {
	src := demoSources(b)
	for b.Loop() {
		Derive(src)
	}
}
