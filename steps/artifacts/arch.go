package artifacts

import (
	"fmt"
	"regexp"
	"strings"
)

// Option is one architecture or technology option with its tradeoffs.
type Option struct {
	Label       string // "Option A", or the option's name
	Title       string
	Description string
	Pros, Cons  string
}

// Name is how the option is referred to in headings and ADRs.
func (o Option) Name() string {
	if o.Title == "" || o.Title == o.Label {
		return o.Label
	}
	return o.Label + ": " + o.Title
}

var (
	optionRe = regexp.MustCompile(`(?i)^(option\s+[a-z0-9]+)\s*[:.)-]\s*(.*)$`)
	prosRe   = regexp.MustCompile(`(?i)\bpros?\s*:\s*`)
	consRe   = regexp.MustCompile(`(?i)\bcons?\s*:\s*`)
)

// ParseOptions reads "Option A: title. What it is. Pros: … Cons: …"
// paragraphs; lines that do not start an option continue the last one.
func ParseOptions(answer string) []Option {
	var out []Option
	for _, l := range answerLines(answer) {
		if m := optionRe.FindStringSubmatch(l); m != nil {
			out = append(out, Option{Label: strings.TrimSpace(m[1]), Description: m[2]})
			continue
		}
		if len(out) > 0 {
			out[len(out)-1].Description += " " + l
		}
	}
	for i := range out {
		o := &out[i]
		text := o.Description
		if loc := consRe.FindStringIndex(text); loc != nil {
			o.Cons, text = strings.TrimSpace(text[loc[1]:]), text[:loc[0]]
		}
		if loc := prosRe.FindStringIndex(text); loc != nil {
			o.Pros, text = strings.TrimSpace(text[loc[1]:]), text[:loc[0]]
		}
		text = strings.TrimSpace(text)
		if t, rest, ok := strings.Cut(text, ". "); ok {
			o.Title, text = strings.TrimSpace(t), strings.TrimSpace(rest)
		} else {
			o.Title, text = strings.TrimSuffix(text, "."), ""
		}
		o.Description = text
	}
	return out
}

// optionsSection renders each option with its pros and cons.
func optionsSection(in Input) (Result, error) {
	if err := needsSection(in, "options"); err != nil {
		return Result{}, err
	}
	opts := ParseOptions(in.Answer)
	if len(opts) == 0 {
		return section(in, strings.TrimSpace(in.Answer)), nil
	}
	var b strings.Builder
	for i, o := range opts {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "### %s\n\n", o.Name())
		if o.Description != "" {
			b.WriteString(o.Description + "\n\n")
		}
		fmt.Fprintf(&b, "- **Pros:** %s\n- **Cons:** %s\n", orNone(o.Pros), orNone(o.Cons))
	}
	return section(in, b.String()), nil
}

func orNone(s string) string {
	if strings.TrimSpace(s) == "" {
		return "none stated"
	}
	return strings.TrimSpace(s)
}

// Component is one "Name: responsibility" line of 03-03.
type Component struct{ Name, Role string }

// ParseComponents reads one component per line.
func ParseComponents(answer string) []Component {
	var out []Component
	for _, l := range answerLines(answer) {
		name, role, _ := strings.Cut(l, ":")
		out = append(out, Component{strings.TrimSpace(name), strings.TrimSpace(role)})
	}
	return out
}

func componentsSection(in Input) (Result, error) {
	if err := needsSection(in, "components"); err != nil {
		return Result{}, err
	}
	var b strings.Builder
	b.WriteString("| Component | Responsibility |\n| --- | --- |\n")
	for _, c := range ParseComponents(in.Answer) {
		fmt.Fprintf(&b, "| **%s** | %s |\n", cell(c.Name), cell(c.Role))
	}
	return section(in, b.String()), nil
}

// Connection is one "From -> To: what flows" line of 03-03.
type Connection struct{ From, To, What string }

var arrowRe = regexp.MustCompile(`\s*-+>\s*`)

// ParseConnections reads one connection per line.
func ParseConnections(answer string) []Connection {
	var out []Connection
	for _, l := range answerLines(answer) {
		parts := arrowRe.Split(l, 2)
		if len(parts) != 2 {
			continue
		}
		to, what, _ := strings.Cut(parts[1], ":")
		out = append(out, Connection{strings.TrimSpace(parts[0]), strings.TrimSpace(to), strings.TrimSpace(what)})
	}
	return out
}

// integrationSection draws the components and their connections as a
// Mermaid flowchart, then lists each connection.
func integrationSection(in Input) (Result, error) {
	if err := needsSection(in, "integration"); err != nil {
		return Result{}, err
	}
	conns := ParseConnections(in.Answer)
	var comps []Component
	if a, ok := look(in, in.StepID+".components"); ok {
		comps = ParseComponents(a)
	}
	var b strings.Builder
	b.WriteString(componentDiagram(comps, conns))
	b.WriteString("\n| From | To | What flows |\n| --- | --- | --- |\n")
	for _, c := range conns {
		fmt.Fprintf(&b, "| %s | %s | %s |\n", cell(c.From), cell(c.To), cell(c.What))
	}
	return section(in, b.String()), nil
}

// ComponentDiagram is the Mermaid flowchart architecture-overview.md
// shows, for other layouts of the same design.
func ComponentDiagram(comps []Component, conns []Connection) string {
	return componentDiagram(comps, conns)
}

// componentDiagram is a Mermaid flowchart of the named components.
func componentDiagram(comps []Component, conns []Connection) string {
	var b strings.Builder
	b.WriteString("```mermaid\nflowchart LR\n")
	seen := map[string]bool{}
	node := func(name string) string {
		id := mermaidID(name)
		if !seen[id] {
			seen[id] = true
			fmt.Fprintf(&b, "    %s[\"%s\"]\n", id, mermaidText(name))
		}
		return id
	}
	for _, c := range comps {
		node(c.Name)
	}
	for _, c := range conns {
		node(c.From)
		node(c.To)
	}
	for _, c := range conns {
		fmt.Fprintf(&b, "    %s -->|\"%s\"| %s\n", mermaidID(c.From), mermaidText(shortLabel(c.What)), mermaidID(c.To))
	}
	b.WriteString("```\n")
	return b.String()
}

// shortLabel keeps an edge label readable: the text before any
// parenthesis, cut to a few words.
func shortLabel(s string) string {
	if i := strings.Index(s, " ("); i > 0 {
		s = s[:i]
	}
	words := strings.Fields(s)
	if len(words) > 8 {
		words = append(words[:8], "…")
	}
	return strings.Join(words, " ")
}
