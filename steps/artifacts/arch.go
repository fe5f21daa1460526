package artifacts

import (
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/model"
)

// optionsSection renders each option with its pros and cons.
func optionsSection(in Input) (Result, error) {
	if err := needsSection(in, "options"); err != nil {
		return Result{}, err
	}
	opts := in.Model.Options
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

func componentsSection(in Input) (Result, error) {
	if err := needsSection(in, "components"); err != nil {
		return Result{}, err
	}
	var b strings.Builder
	b.WriteString("| Component | Responsibility |\n| --- | --- |\n")
	for _, c := range in.Model.Components {
		fmt.Fprintf(&b, "| **%s** | %s |\n", cell(c.Name), cell(c.Role))
	}
	return section(in, b.String()), nil
}

// integrationSection draws the components and their connections as a
// Mermaid flowchart, then lists each connection.
func integrationSection(in Input) (Result, error) {
	if err := needsSection(in, "integration"); err != nil {
		return Result{}, err
	}
	conns, comps := in.Model.Connections, in.Model.Components
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
func ComponentDiagram(comps []model.Component, conns []model.Connection) string {
	return componentDiagram(comps, conns)
}

// componentDiagram is a Mermaid flowchart of the named components.
func componentDiagram(comps []model.Component, conns []model.Connection) string {
	var b strings.Builder
	b.WriteString("```mermaid\nflowchart LR\n")
	ids := map[string]string{} // nodeKey -> node id
	node := func(name string) string {
		k := nodeKey(name)
		if id, ok := ids[k]; ok {
			return id
		}
		id := mermaidID(nodeName(name))
		ids[k] = id
		fmt.Fprintf(&b, "    %s[\"%s\"]\n", id, mermaidText(name))
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
		fmt.Fprintf(&b, "    %s -->|\"%s\"| %s\n", node(c.From), mermaidText(shortLabel(c.What)), node(c.To))
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
