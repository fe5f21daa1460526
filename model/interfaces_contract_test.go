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
		t.Error("a list is not a contract")
	}
	if doc, _, ok := ExtractYAML("Here:\n```json\n{\"operations\": {\"x\": {}}}\n```"); !ok || doc.Content[0].Value != "operations" {
		t.Error("a fenced JSON contract is not read")
	}
}
