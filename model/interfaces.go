package model

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/rtgit/rtgit/internal/lazyre"
)

var (
	yamlFenceRe = lazyre.New("(?ms)^[ \t]*(```|~~~)[ \t]*(?:ya?ml|json)?[ \t]*\n(.*?)\n[ \t]*```[ \t]*$")
	yamlLineRe  = lazyre.New(`^yaml: line (\d+): (.*)$`)
	operationRe = lazyre.New(`(?i)^operation:\s*(\S+)\s*(.*)$`)
	opFieldRe   = lazyre.New(`(?i)\b(input|output|errors):\s*`)
)

// ExtractYAML returns the YAML in an answer: the first fenced block (with
// any prose around it as notes), or the whole answer when it is a YAML
// mapping by itself.
func ExtractYAML(answer string) (doc *yaml.Node, notes string, ok bool) {
	if m := yamlFenceRe.FindStringSubmatchIndex(answer); m != nil {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(answer[m[4]:m[5]]), &n); err == nil && (isMapping(&n) || isOperationList(&n)) {
			notes = strings.TrimSpace(answer[:m[0]] + "\n" + answer[m[1]:])
			return contractMapping(&n), strings.Join(strings.Fields(notes), " "), true
		}
	}
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(answer), &n); err == nil && (isMapping(&n) || isOperationList(&n)) {
		return contractMapping(&n), "", true
	}
	return nil, "", false
}

// operationKeys name an operation in a list of them, as people write it.
var operationKeys = []string{"operation", "name", "op"}

// isOperationList: a YAML list whose items are mappings, each an
// operation with its fields, as many people write a contract.
func isOperationList(n *yaml.Node) bool {
	if n.Kind != yaml.DocumentNode || len(n.Content) != 1 || n.Content[0].Kind != yaml.SequenceNode || len(n.Content[0].Content) == 0 {
		return false
	}
	for _, it := range n.Content[0].Content {
		if it.Kind != yaml.MappingNode {
			return false
		}
	}
	return true
}

// contractMapping is the document's mapping; a list of operations
// becomes "operations:" with one key per operation, named by its
// operation (or name) field, its other fields as written.
func contractMapping(n *yaml.Node) *yaml.Node {
	root := n.Content[0]
	if root.Kind == yaml.MappingNode {
		return root
	}
	ops := &yaml.Node{Kind: yaml.MappingNode}
	for i, it := range root.Content {
		name, named := fmt.Sprintf("operation-%d", i+1), false
		fields := &yaml.Node{Kind: yaml.MappingNode, Style: it.Style}
		for j := 0; j+1 < len(it.Content); j += 2 {
			k, v := it.Content[j], it.Content[j+1]
			if !named && v.Kind == yaml.ScalarNode && slices.Contains(operationKeys, strings.ToLower(k.Value)) {
				name, named = v.Value, true
				continue
			}
			fields.Content = append(fields.Content, k, v)
		}
		key := &yaml.Node{Kind: yaml.ScalarNode, Value: name, LineComment: it.Content[1].LineComment}
		ops.Content = append(ops.Content, key, fields)
	}
	return &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{{Kind: yaml.ScalarNode, Value: "operations"}, ops}}
}

// ContractProblem reports a fenced contract in an answer that is not a
// YAML (or JSON) mapping: the answer's line the parser stopped at, 1-based,
// and why. bad is false when the answer holds no fenced block, or its
// first one parses: a contract written as operation lines is read as such.
func ContractProblem(answer string) (line int, msg string, bad bool) {
	m := yamlFenceRe.FindStringSubmatchIndex(answer)
	if m == nil {
		return 0, "", false
	}
	body := answer[m[4]:m[5]]
	first := strings.Count(answer[:m[4]], "\n") + 1 // the block's first line
	var n yaml.Node
	err := yaml.Unmarshal([]byte(body), &n)
	switch {
	case err == nil && (isMapping(&n) || isOperationList(&n)):
		return 0, "", false
	case err == nil:
		return first, "the fenced contract is neither a mapping of operations nor a list of them; write `operations:` with one key per operation, or one `- operation: <name>` item per operation", true
	}
	msg = err.Error()
	at := first
	if lm := yamlLineRe.FindStringSubmatch(msg); lm != nil {
		k, _ := strconv.Atoi(lm[1])
		at, msg = first+k-1, lm[2]
	}
	return at, "the fenced contract does not parse as YAML: " + msg + " (a value that starts with a quote, a bracket or a brace must be quoted as a whole)", true
}

func isMapping(n *yaml.Node) bool {
	return n.Kind == yaml.DocumentNode && len(n.Content) == 1 && n.Content[0].Kind == yaml.MappingNode
}

// ParseOperations reads one operation per line; other lines are notes.
func ParseOperations(answer string) (*yaml.Node, []string) {
	ops := &yaml.Node{Kind: yaml.MappingNode}
	var notes []string
	for _, l := range answerLines(answer) {
		m := operationRe.FindStringSubmatch(l)
		if m == nil {
			notes = append(notes, l)
			continue
		}
		op := &yaml.Node{Kind: yaml.MappingNode}
		rest := m[2]
		locs := opFieldRe.FindAllStringSubmatchIndex(rest, -1)
		for i, loc := range locs {
			end := len(rest)
			if i+1 < len(locs) {
				end = locs[i+1][0]
			}
			key := strings.ToLower(rest[loc[2]:loc[3]])
			val := strings.TrimSpace(rest[loc[1]:end])
			if key == "errors" {
				seq := &yaml.Node{Kind: yaml.SequenceNode}
				for _, e := range strings.Split(val, ",") {
					if e = strings.TrimSpace(e); e != "" {
						seq.Content = append(seq.Content, str(e))
					}
				}
				setKey(op, key, seq)
				continue
			}
			setKey(op, key, str(val))
		}
		setKey(ops, strings.TrimSpace(m[1]), op)
	}
	return ops, notes
}

func str(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
}

// setKey replaces key's value in a mapping node, or appends it.
func setKey(m *yaml.Node, key string, v *yaml.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			m.Content[i+1] = v
			return
		}
	}
	m.Content = append(m.Content, str(key), v)
}
