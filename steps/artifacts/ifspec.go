package artifacts

import (
	"bytes"
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

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
		if c := in.Model.Contract; c.YAML != nil {
			for i := 0; i+1 < len(c.YAML.Content); i += 2 {
				setKey(root, c.YAML.Content[i].Value, c.YAML.Content[i+1])
			}
			if c.YAMLNotes != "" {
				setKey(root, "notes", str(c.YAMLNotes))
			}
		} else {
			setKey(root, "operations", c.Operations)
			if len(c.Notes) > 0 {
				setKey(root, "notes", str(strings.Join(c.Notes, "\n")))
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

func isMapping(n *yaml.Node) bool {
	return n.Kind == yaml.DocumentNode && len(n.Content) == 1 && n.Content[0].Kind == yaml.MappingNode
}
