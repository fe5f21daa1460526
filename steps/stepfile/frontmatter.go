package stepfile

import (
	"bytes"
	"fmt"
	"path"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps"
)

var stepIDRe = lazyre.New(`^[0-9]{2}-[0-9]{2}$`)

// splitFrontmatter separates the YAML between the opening and closing "---"
// lines from the body. bodyLine is the 1-based file line where the body starts.
func splitFrontmatter(data []byte) (front []byte, body []byte, bodyLine int, ok bool) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	lines := bytes.SplitAfter(data, []byte("\n"))
	if len(lines) == 0 || strings.TrimRight(string(lines[0]), "\r\n") != "---" {
		return nil, data, 1, false
	}
	for i := 1; i < len(lines); i++ {
		if l := strings.TrimRight(string(lines[i]), " \t\r\n"); l == "---" || l == "..." {
			front = bytes.Join(lines[1:i], nil)
			body = bytes.Join(lines[i+1:], nil)
			return front, body, i + 2, true
		}
	}
	return nil, data, 1, false
}

// parseFrontmatter fills the frontmatter fields of s, reporting problems
// with file lines (the YAML starts on line 2).
func parseFrontmatter(s *steps.Step, front []byte, add func(int, steps.Severity, string, ...any)) {
	var doc yaml.Node
	if err := yaml.Unmarshal(front, &doc); err != nil {
		line, msg := yamlLine(err)
		add(line+1, steps.Error, "invalid frontmatter: %s", msg)
		return
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		add(2, steps.Error, "frontmatter must be a YAML mapping")
		return
	}
	m := doc.Content[0]
	fields := map[string]*yaml.Node{}
	keyLine := map[string]int{}
	rawKey := map[string]string{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		key := fieldKey(k.Value)
		if _, dup := fields[key]; dup {
			add(k.Line+1, steps.Error, "duplicate frontmatter key %q", k.Value)
		}
		fields[key] = v
		keyLine[key] = k.Line + 1
		rawKey[key] = k.Value
	}
	s.FieldLines = keyLine
	str := func(key string) string {
		v, ok := fields[key]
		if !ok {
			add(2, steps.Error, "missing required field %q", key)
			return ""
		}
		if v.Kind != yaml.ScalarNode || v.Tag == "!!null" || strings.TrimSpace(v.Value) == "" {
			add(v.Line+1, steps.Error, "%s must be a non-empty string", key)
			return ""
		}
		return strings.TrimSpace(v.Value)
	}
	s.ID = str("step_id")
	s.Title = str("title")
	s.Persona = str("persona")
	if d := str("depth"); d != "" {
		s.Depth = steps.Depth(strings.ToLower(d))
		if !s.Depth.Valid() {
			add(fields["depth"].Line+1, steps.Error, "depth %q must be one of brief, standard, deep", d)
		}
	}
	if s.ID != "" && !stepIDRe.MatchString(s.ID) {
		add(fields["step_id"].Line+1, steps.Error, "step_id %q must have the form NN-NN", s.ID)
	}
	if v, ok := fields["outputs"]; !ok {
		add(2, steps.Error, "missing required field %q", "outputs")
	} else if list, good := stringList(v); !good || len(list) == 0 {
		add(v.Line+1, steps.Error, "outputs must be a non-empty list of file names")
	} else {
		s.Outputs = list
		for i, o := range list {
			if msg := checkOutput(o); msg != "" {
				// A block list names the item's own line, not the first.
				line := v.Line
				if v.Kind == yaml.SequenceNode && i < len(v.Content) {
					line = v.Content[i].Line
				}
				add(line+1, steps.Error, "output %q %s", o, msg)
			}
		}
	}
	if v, ok := fields["depends_on"]; ok && v.Tag != "!!null" {
		if list, good := stringList(v); good {
			s.DependsOn = list
		} else {
			add(v.Line+1, steps.Warning, "depends_on must be a list of step ids; ignoring it")
		}
	}
	if v, ok := fields["skip_if"]; ok && v.Tag != "!!null" {
		if v.Kind == yaml.ScalarNode && v.Tag == "!!str" {
			s.SkipIf = strings.TrimSpace(v.Value)
		} else {
			add(v.Line+1, steps.Warning, "skip_if must be a string; ignoring it")
		}
	}
	if v, ok := fields["topics"]; ok && v.Tag != "!!null" {
		if list, good := stringList(v); good {
			s.Topics = list
		} else {
			add(v.Line+1, steps.Warning, "topics must be a list of words; ignoring it")
		}
	}
	for k, v := range fields {
		switch k {
		case "step_id", "title", "persona", "depth", "outputs", "depends_on", "skip_if", "topics":
		default:
			if s.Extra == nil {
				s.Extra = map[string]string{}
			}
			s.Extra[rawKey[k]] = nodeText(v)
			add(keyLine[k], steps.Info, "frontmatter field %q is kept but not used by rtgit", rawKey[k])
		}
	}
}

// fieldKey folds the spellings step files use for one key: "step_id",
// "step-id", "stepId" and "Step_ID" are the same field.
func fieldKey(k string) string {
	var b strings.Builder
	for i, r := range strings.TrimSpace(k) {
		switch {
		case r == '-' || r == ' ':
			b.WriteByte('_')
		case r >= 'A' && r <= 'Z':
			if i > 0 && !strings.HasSuffix(b.String(), "_") && k[i-1] >= 'a' && k[i-1] <= 'z' {
				b.WriteByte('_')
			}
			b.WriteRune(r + 'a' - 'A')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// nodeText renders a YAML value back as compact text for Step.Extra.
func nodeText(v *yaml.Node) string {
	if v.Kind == yaml.ScalarNode {
		return v.Value
	}
	out, err := yaml.Marshal(v)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// stringList accepts a YAML sequence of scalars, or a single scalar.
func stringList(v *yaml.Node) ([]string, bool) {
	switch v.Kind {
	case yaml.ScalarNode:
		if strings.TrimSpace(v.Value) == "" {
			return nil, true
		}
		var out []string
		for _, part := range strings.Split(v.Value, ",") {
			if p := strings.TrimSpace(part); p != "" {
				out = append(out, p)
			}
		}
		return out, v.Tag == "!!str"
	case yaml.SequenceNode:
		out := make([]string, 0, len(v.Content))
		for _, c := range v.Content {
			if c.Kind != yaml.ScalarNode || strings.TrimSpace(c.Value) == "" {
				return nil, false
			}
			out = append(out, strings.TrimSpace(c.Value))
		}
		return out, true
	}
	return nil, false
}

// checkOutput explains why an output name could escape the item folder, or
// returns "" when it is a plain file name.
func checkOutput(o string) string {
	switch {
	case strings.ContainsAny(o, "/\\"):
		return "must be a plain file name, without directories"
	case o == "." || o == ".." || strings.Contains(o, ".."):
		return "must not contain .."
	case path.IsAbs(o) || strings.HasPrefix(o, "~"):
		return "must not be an absolute path"
	case strings.ContainsAny(o, "\x00:?[]{}"):
		return "contains a character not allowed in a file name"
	case strings.ContainsAny(o, " \t\r\n\v\f#"):
		// A mapping names its output as "-> name#Section": a space or a #
		// in the name could never be mapped.
		return "must not contain spaces or #"
	case strings.Count(o, "*") > 1:
		return "may use at most one *"
	case path.Ext(o) == "":
		return "needs a file extension"
	}
	return ""
}

// yamlLine pulls the line number out of a yaml.v3 error.
func yamlLine(err error) (int, string) {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	var line int
	if n, _ := fmt.Sscanf(msg, "line %d:", &line); n == 1 {
		_, rest, _ := strings.Cut(msg, ":")
		return line, strings.TrimSpace(rest)
	}
	return 1, msg
}
