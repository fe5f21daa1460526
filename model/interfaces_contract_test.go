package model

import (
	"strings"
	"testing"
)

// A fenced contract is the contract: when it does not parse, the error is
// at its line, not a contract flattened into notes.
func TestContractProblemAtItsLine(t *testing.T) {
	answer := "The one operation:\n\n```yaml\noperations:\n  export_csv:\n    input: {customer_id: int\n    output: csv\n```\n"
	line, msg, bad := ContractProblem(answer)
	if !bad || line < 4 || line > 8 || !strings.Contains(msg, "does not parse as YAML") {
		t.Fatalf("ContractProblem = %d %q %v", line, msg, bad)
	}
	for _, ok := range []string{
		"```yaml\noperations:\n  export_csv:\n    input: {customer_id: int}\n```",
		"```json\n{\"operations\": {\"export_csv\": {\"input\": \"customer_id\"}}}\n```",
		"operation: export_csv input: customer_id output: csv errors: NOT_FOUND",
	} {
		if _, msg, bad := ContractProblem(ok); bad {
			t.Errorf("%q: %s", ok, msg)
		}
	}
	if _, _, bad := ContractProblem("```yaml\n- a\n- b\n```"); !bad {
		t.Error("a list of words is not a contract")
	}
	// A list of operations, as people write one, is a contract.
	list := "```yaml\n- operation: on_start   # new\n  input:\n    block: Proc\n  errors: [none]\n- operation: on_stop\n  input: {}\n```"
	if _, msg, bad := ContractProblem(list); bad {
		t.Errorf("a list of operations: %s", msg)
	}
	doc, _, ok := ExtractYAML(list)
	if !ok || doc.Content[0].Value != "operations" || len(doc.Content[1].Content) != 4 || doc.Content[1].Content[0].Value != "on_start" || doc.Content[1].Content[2].Value != "on_stop" {
		t.Errorf("a list of operations is read as %+v", doc)
	}
	if doc, _, ok := ExtractYAML("Here:\n```json\n{\"operations\": {\"x\": {}}}\n```"); !ok || doc.Content[0].Value != "operations" {
		t.Error("a fenced JSON contract is not read")
	}
}
