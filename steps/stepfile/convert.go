package stepfile

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps"
)

// Convert writes s in rtgit's strict dialect: every question under its id,
// drafts on Draft: lines, rules and prose criteria, and one mapping per
// answer and section. Parsing the result gives the same questions, drafts,
// rules, criteria and mappings as s (question texts up to whitespace), so a
// maintainer can move a seed-dialect file to the strict form and keep
// running the same step. persona, when not "", replaces the persona field
// (a resolved key for a name like "Maya Chen").
func Convert(s *steps.Step, persona string) []byte {
	if persona == "" {
		persona = s.Persona
	}
	var b strings.Builder
	b.WriteString("---\n")
	fmt.Fprintf(&b, "step_id: %s\n", strconv.Quote(s.ID))
	fmt.Fprintf(&b, "title: %s\n", strconv.Quote(s.Title))
	fmt.Fprintf(&b, "persona: %s\n", strconv.Quote(persona))
	fmt.Fprintf(&b, "depth: %s\n", strconv.Quote(string(s.Depth)))
	b.WriteString("outputs:\n")
	for _, o := range s.Outputs {
		fmt.Fprintf(&b, "  - %s\n", plainOrQuoted(o))
	}
	if len(s.DependsOn) > 0 {
		q := make([]string, len(s.DependsOn))
		for i, d := range s.DependsOn {
			q[i] = strconv.Quote(d)
		}
		fmt.Fprintf(&b, "depends_on: [%s]\n", strings.Join(q, ", "))
	}
	if len(s.Topics) > 0 {
		q := make([]string, len(s.Topics))
		for i, t := range s.Topics {
			q[i] = plainOrQuoted(t)
		}
		fmt.Fprintf(&b, "topics: [%s]\n", strings.Join(q, ", "))
	}
	if s.SkipIf != "" {
		fmt.Fprintf(&b, "skip_if: %s\n", strconv.Quote(s.SkipIf))
	}
	keys := make([]string, 0, len(s.Extra))
	for k := range s.Extra {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "%s:%s\n", extraKey(k), extraValue(s.Extra[k]))
	}
	b.WriteString("---\n")
	if s.Standard != nil && s.Whole != nil {
		// Questions only the whole body holds (under an unknown heading)
		// stay in the whole body, ahead of every mode: they are asked at
		// no depth, but rules and mappings may still name them.
		writeQuestions(&b, orphans(s))
	}
	writeMode(&b, secBrief, s.Brief)
	writeMode(&b, secStandard, s.Standard)
	writeMode(&b, secDeep, s.Deep)
	// Without a Standard Mode the step's base questions are the whole
	// file's (Step.Questions), whatever other modes it has; they must
	// survive as the converted Standard Mode.
	if s.Standard == nil && s.Whole != nil {
		writeMode(&b, secStandard, s.Whole)
	}
	var rules []string
	for _, r := range s.Rules {
		if r.Kind == "required" {
			continue
		}
		line := fmt.Sprintf("- `%s` %s", r.Question, r.Kind)
		switch {
		case r.Kind == "min_words" || r.Kind == "max_words":
			line += fmt.Sprintf(" %d", r.N)
		case r.Kind == "filled":
			// Its arguments are the draft's leftovers, found again on parse.
		default:
			for _, a := range r.Args {
				line += " " + strconv.Quote(a)
			}
		}
		if r.Hint != "" {
			line += " -- " + r.Hint
		}
		rules = append(rules, line)
	}
	writeList(&b, secValidation, rules)
	var crit []string
	for _, c := range s.Criteria {
		crit = append(crit, "- "+c.Text)
	}
	writeList(&b, secCriteria, crit)
	var maps []string
	for _, m := range s.Mappings {
		line := fmt.Sprintf("- `%s` -> %s", m.Question, m.Output)
		if m.Section != "" {
			line += "#" + m.Section
		}
		if m.Transform != "" {
			line += " as " + m.Transform
		}
		maps = append(maps, line)
	}
	writeList(&b, secArtifacts, maps)
	var prompts []string
	for _, p := range s.Elaboration {
		prompts = append(prompts, fmt.Sprintf("- `%s` %s", p.Persona, p.Text))
	}
	writeList(&b, secElaboration, prompts)
	return []byte(b.String())
}

func writeMode(b *strings.Builder, name string, sec *steps.Section) {
	if sec == nil {
		return
	}
	fmt.Fprintf(b, "\n## %s\n", name)
	for _, p := range sec.Prose {
		fmt.Fprintf(b, "\n%s\n", proseBlock(p))
	}
	writeQuestions(b, sec.Questions)
}

// blockStartRe is a line that, written at the margin after a paragraph line,
// would start a block of its own (a heading, list, quote, fence, break,
// setext underline or HTML) instead of continuing the paragraph.
var blockStartRe = lazyre.New(`^(#|>|[-*+=_~<|]|` + "`" + `|[0-9]+[.)])`)

// proseBlock writes a paragraph so that it reads back as prose with the
// same lines. The parser gives a paragraph's lines without their
// indentation, so a continuation line such as "# Artifacts", indented in the
// source, would become a heading at the margin; four spaces keep it a
// continuation line, and the parser drops them again on the way back. A
// line that opens a block (the first, or one after a blank line, as a
// seed-dialect code block kept as prose has) cannot be indented without
// becoming code, so its marker is escaped the Markdown way instead.
func proseBlock(p string) string {
	lines := strings.Split(EscapeUnknownPlaceholders(p), "\n")
	for i, l := range lines {
		opens := i == 0 || strings.TrimSpace(lines[i-1]) == ""
		switch t := strings.TrimSpace(l); {
		case !blockStartRe.MatchString(t):
		case opens:
			lines[i] = escapeBlockStart(t)
		default:
			lines[i] = "    " + l
		}
	}
	return strings.Join(lines, "\n")
}

// escapeBlockStart puts a backslash before the character that makes line
// open a block: the first, or the dot or parenthesis after a list number.
func escapeBlockStart(line string) string {
	if m := orderedRe.FindStringIndex(line); m != nil {
		return line[:m[1]-1] + `\` + line[m[1]-1:]
	}
	return `\` + line
}

var orderedRe = lazyre.New(`^[0-9]+[.)]`)

// orphans lists the questions of s.Whole that no mode section asks.
func orphans(s *steps.Step) []steps.Question {
	seen := map[string]bool{}
	for _, sec := range []*steps.Section{s.Brief, s.Standard, s.Deep} {
		if sec == nil {
			continue
		}
		for _, q := range sec.Questions {
			seen[q.ID] = true
		}
	}
	var out []steps.Question
	for _, q := range s.Whole.Questions {
		if !seen[q.ID] {
			seen[q.ID] = true
			out = append(out, q)
		}
	}
	return out
}

func writeQuestions(b *strings.Builder, qs []steps.Question) {
	if len(qs) > 0 {
		b.WriteString("\n")
	}
	for _, q := range qs {
		// One line: rtgit's dialect reads a question's continuation lines
		// as one sentence, so a nested list would not survive a re-read.
		fmt.Fprintf(b, "- `%s` %s\n", q.ID, strings.Join(strings.Fields(strings.ReplaceAll(q.Text, "\n  - ", " - ")), " "))
		if q.Draft != "" {
			dl := strings.Split(q.Draft, "\n")
			fmt.Fprintf(b, "  Draft: %s\n", dl[0])
			for _, l := range dl[1:] {
				if strings.TrimSpace(l) == "" {
					continue
				}
				fmt.Fprintf(b, "  %s\n", l)
			}
		}
	}
}

func writeList(b *strings.Builder, name string, items []string) {
	if len(items) == 0 {
		return
	}
	fmt.Fprintf(b, "\n## %s\n\n%s\n", name, strings.Join(items, "\n"))
}

// extraKeyRe is a frontmatter key written bare.
var extraKeyRe = lazyre.New(`^[A-Za-z_][A-Za-z0-9_-]*$`)

func extraKey(k string) string {
	if extraKeyRe.MatchString(k) {
		return k
	}
	return strconv.Quote(k)
}

// extraValue writes a frontmatter field rtgit keeps but does not use, as
// the text after its key: bare when YAML reads it back as the same scalar
// (research: true), as an indented block when it was a list or map, and
// quoted otherwise (a value such as "a: b" would be a map).
func extraValue(v string) string {
	if n, ok := yamlValueOf(" " + v); ok && n.Kind == yaml.ScalarNode && n.Value == v && !strings.Contains(v, "\n") {
		return " " + v
	}
	if block := "\n  " + strings.ReplaceAll(v, "\n", "\n  "); strings.Contains(v, "\n") {
		if n, ok := yamlValueOf(block); ok && n.Kind != yaml.ScalarNode {
			return block
		}
	}
	return " " + strconv.Quote(v)
}

// yamlValueOf parses "k:" followed by text and returns the value node.
func yamlValueOf(text string) (*yaml.Node, bool) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte("k:"+text+"\n"), &doc); err != nil || len(doc.Content) != 1 {
		return nil, false
	}
	m := doc.Content[0]
	if m.Kind != yaml.MappingNode || len(m.Content) != 2 {
		return nil, false
	}
	return m.Content[1], true
}

// plainRe is a value YAML reads back as the same string when written bare:
// a file name or topic as step files write them.
var plainRe = lazyre.New(`^[A-Za-z0-9_][A-Za-z0-9_.*/ -]*[A-Za-z0-9_.*/-]$|^[A-Za-z0-9_]$`)

// plainOrQuoted writes v bare when YAML reads it back unchanged, quoted
// otherwise ("!x" would be a tag, "a: b" a map, "0x10" a number).
func plainOrQuoted(v string) string {
	if plainRe.MatchString(v) && !numberLikeRe.MatchString(v) {
		return v
	}
	return strconv.Quote(v)
}

// numberLikeRe is a bare value YAML would read as a number or a boolean.
var numberLikeRe = lazyre.New(`^(?i:[-+]?[0-9][0-9_.e+-]*|0x[0-9a-f]+|0o[0-7]+|true|false|yes|no|on|off|null|~)$`)
