package model

import (
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"gopkg.in/yaml.v3"
)

// Operation is one operation of the interface contracts: its name, the
// module or handler that serves it and its route, where the contract
// says them.
type Operation struct {
	Name, Module, Route string
}

// operationName is an "operation: <name>" line of a contract written in
// prose; the name ends at a space or a comma.
var operationName = lazyre.New(`(?i)^operation:\s*([^\s,]+)`)

// ParseContractOperations reads the operations of one contract answer:
// the keys of its YAML "operations" mapping (fenced, or the whole answer;
// a list of operations counts, see ExtractYAML), each with its module (or
// else its handler) and its route; or, for an answer without YAML, its
// "operation: <name>" lines, list markers aside. Each answer is read by
// itself, since ExtractYAML reads an answer's first fenced block only.
func ParseContractOperations(answer string) []Operation {
	doc, _, ok := ExtractYAML(answer)
	if !ok {
		var out []Operation
		for _, l := range strings.Split(answer, "\n") {
			if m := operationName.FindStringSubmatch(strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(l), "-*"))); m != nil {
				out = append(out, Operation{Name: m[1]})
			}
		}
		return out
	}
	ops := yamlValue(doc, "operations")
	if ops == nil || ops.Kind != yaml.MappingNode {
		return nil
	}
	var out []Operation
	for i := 0; i+1 < len(ops.Content); i += 2 {
		op := Operation{Name: ops.Content[i].Value}
		body := ops.Content[i+1]
		if v := yamlValue(body, "module"); v != nil && v.Kind == yaml.ScalarNode {
			op.Module = v.Value
		} else if v := yamlValue(body, "handler"); v != nil && v.Kind == yaml.ScalarNode {
			op.Module = v.Value
		}
		if v := yamlValue(body, "route"); v != nil && v.Kind == yaml.ScalarNode {
			op.Route = v.Value
		}
		out = append(out, op)
	}
	return out
}

// yamlValue is key's value in the mapping m, nil when m is no mapping or
// has no such key.
func yamlValue(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}
