package model

import (
	"slices"
	"testing"

	"github.com/rtgit/rtgit/steps"
)

func TestParseContractOperations(t *testing.T) {
	for _, c := range []struct {
		name, answer string
		want         []Operation
	}{
		{"fenced mapping", "The API:\n```yaml\noperations:\n  export:\n    module: invoices.api\n    route: GET /invoices/export\n  render:\n    handler: invoices.export.render\n  bare: {}\n```\n",
			[]Operation{{"export", "invoices.api", "GET /invoices/export"}, {"render", "invoices.export.render", ""}, {"bare", "", ""}}},
		{"module before handler", "operations:\n  x:\n    module: a\n    handler: b\n", []Operation{{"x", "a", ""}}},
		{"list of operations", "- operation: list\n  route: GET /items\n- operation: get\n", []Operation{{"list", "", "GET /items"}, {"get", "", ""}}},
		{"prose lines", "Two operations.\n- operation: export, input: a month\n* Operation:render output: bytes\n", []Operation{{"export", "", ""}, {"render", "", ""}}},
		{"yaml without operations", "```yaml\nendpoints:\n  a: b\n```\noperation: ignored\n", nil},
	} {
		if got := ParseContractOperations(c.answer); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
}

// Build reads the contracts answer by answer: each answer's first fenced
// block is its contract.
func TestBuildReadsEachContract(t *testing.T) {
	m := []steps.Mapping{{Transform: "interface-spec"}}
	a := Build(Input{Answers: []Answer{
		{Question: "contracts", Text: "```yaml\noperations:\n  a:\n    route: GET /a\n```", Mappings: m},
		{Question: "consumers", Text: "```yaml\noperations:\n  b:\n    module: m\n```", Mappings: m},
	}})
	if want := []Operation{{"a", "", "GET /a"}, {"b", "m", ""}}; !slices.Equal(a.Operations, want) {
		t.Errorf("operations = %+v, want %+v", a.Operations, want)
	}
}
