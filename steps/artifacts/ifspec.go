package artifacts

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

var (
	yamlFenceRe = regexp.MustCompile("(?ms)^[ \t]*(```|~~~)[ \t]*(?:ya?ml)?[ \t]*\n(.*?)\n[ \t]*```[ \t]*$")
	operationRe = regexp.MustCompile(`(?i)^operation:\s*(\S+)\s*(.*)$`)
	opFieldRe   = regexp.MustCompile(`(?i)\b(input|output|errors):\s*`)
)

// ExtractYAML returns the YAML in an answer: the first fenced block (with
// any prose around it as notes), or the whole answer when it is a YAML
// mapping by itself.
func ExtractYAML(answer string) (doc *yaml.Node, notes string, ok bool) {
	if m := yamlFenceRe.FindStringSubmatchIndex(answer); m != nil {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(answer[m[4]:m[5]]), &n); err == nil && isMapping(&n) {
			notes = strings.TrimSpace(answer[:m[0]] + "\n" + answer[m[1]:])
			return n.Content[0], strings.Join(strings.Fields(notes), " "), true
		}
	}
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(answer), &n); err == nil && isMapping(&n) {
		return n.Content[0], "", true
	}
	return nil, "", false
}

func isMapping(n *yaml.Node) bool {
	return n.Kind == yaml.DocumentNode && len(n.Content) == 1 && n.Content[0].Kind == yaml.MappingNode
}

// interfaceSpec builds interface-spec.yaml from 04-02's answers. The
// contract answer is kept as YAML when it is YAML (fenced or not), and
// otherwise read as "operation: <name> input: … output: … errors: …" lines,
// so the file always parses. Other questions land under their own key, and
// keys written by earlier runs or other questions survive in their order.
func interfaceSpec(in Input) (Result, error) {
	root := &yaml.Node{Kind: yaml.MappingNode}
	if old, err := in.Read(in.OutputPath); err != nil {
		return Result{}, err
	} else if old != nil {
		var n yaml.Node
		if yaml.Unmarshal(old, &n) == nil && isMapping(&n) {
			root = n.Content[0]
			dropHeader(root)
		}
	}
	setKey(root, "item", str(in.Slug))
	answer := strings.TrimSpace(in.Answer)
	switch {
	case answer == "":
		setKey(root, in.Question, str(NeedsClarification(in.QuestionText)))
	case in.Question == "contracts":
		if given, notes, ok := ExtractYAML(answer); ok {
			for i := 0; i+1 < len(given.Content); i += 2 {
				setKey(root, given.Content[i].Value, given.Content[i+1])
			}
			if notes != "" {
				setKey(root, "notes", str(notes))
			}
		} else {
			ops, notes := parseOperations(answer)
			setKey(root, "operations", ops)
			if len(notes) > 0 {
				setKey(root, "notes", str(strings.Join(notes, "\n")))
			}
		}
	default:
		setKey(root, in.Question, str(answer))
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "%s%s (rtgit step %s, %s).\n", ifspecHeader, in.Slug, in.StepID, in.StepTitle)
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return Result{}, err
	}
	if err := enc.Close(); err != nil {
		return Result{}, err
	}
	return Result{Files: []File{{in.OutputPath, buf.Bytes()}}}, nil
}

// parseOperations reads one operation per line; other lines are notes.
func parseOperations(answer string) (*yaml.Node, []string) {
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

// ifspecHeader starts every interface-spec.yaml rtgit writes.
const ifspecHeader = "# Interface specification for "

// dropHeader takes the header comment of a file rtgit wrote before off
// the parsed document, so writing it again does not stack a second copy
// on top of the first each time a question of the step is rendered.
func dropHeader(root *yaml.Node) {
	strip := func(c string) string {
		var keep []string
		for _, l := range strings.Split(c, "\n") {
			if !strings.HasPrefix(l, ifspecHeader) {
				keep = append(keep, l)
			}
		}
		return strings.TrimSpace(strings.Join(keep, "\n"))
	}
	root.HeadComment = strip(root.HeadComment)
	if len(root.Content) > 0 {
		root.Content[0].HeadComment = strip(root.Content[0].HeadComment)
	}
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
