package artifacts

import (
	"fmt"
	"regexp"
	"strings"
)

// Module is one "Module: <name>" block of 04-01, split into the sections
// of its design file. Fenced code is kept byte for byte.
type Module struct {
	Name     string
	Sections map[string][]string // section -> lines
}

// ModuleSections are the sections of a module design, in file order.
var ModuleSections = []string{"Responsibilities", "Boundaries", "Interfaces and Data Structures", "Error Handling"}

var (
	moduleRe = regexp.MustCompile(`(?i)^\s*(?:[-*]\s*)?module:\s*(.+?)\s*$`)
	labelRe  = regexp.MustCompile(`(?i)^\s*(?:[-*]\s*)?(responsible for|responsibilities|purpose|changes|not responsible for|boundaries|touches|stays exactly the same|stays the same|unchanged|invalid input|dependency failure|errors|error handling|failure|invariants)\s*:\s*(.*)$`)
)

var labelSection = map[string]string{
	"responsible for": "Responsibilities", "responsibilities": "Responsibilities", "purpose": "Responsibilities", "changes": "Responsibilities",
	"not responsible for": "Boundaries", "boundaries": "Boundaries", "touches": "Boundaries",
	"stays exactly the same": "Boundaries", "stays the same": "Boundaries", "unchanged": "Boundaries",
	"invalid input": "Error Handling", "dependency failure": "Error Handling", "errors": "Error Handling",
	"error handling": "Error Handling", "failure": "Error Handling",
	"invariants": "Interfaces and Data Structures",
}

// ParseModules splits an answer at "Module:" lines outside fenced code.
// Text is filed under a section by its leading label ("Responsible for:",
// "Not responsible for:", "Invalid input:", …); fenced code goes under
// Interfaces and Data Structures, and unlabelled text stays with the
// section before it.
func ParseModules(answer string) []Module {
	var mods []Module
	cur := ""
	fence := ""
	for _, l := range strings.Split(strings.TrimRight(answer, "\n"), "\n") {
		t := strings.TrimSpace(l)
		if fence != "" {
			add(mods, "Interfaces and Data Structures", l)
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
				fence = ""
			}
			continue
		}
		if m := moduleRe.FindStringSubmatch(l); m != nil {
			mods = append(mods, Module{Name: m[1], Sections: map[string][]string{}})
			cur = "Responsibilities"
			continue
		}
		if len(mods) == 0 {
			continue
		}
		if f := fenceOpen(t); f != "" {
			fence, cur = f, "Interfaces and Data Structures"
			add(mods, cur, l)
			continue
		}
		if m := labelRe.FindStringSubmatch(l); m != nil {
			cur = labelSection[strings.ToLower(m[1])]
			l = "**" + strings.TrimSpace(m[1]) + ":** " + m[2]
		}
		add(mods, cur, l)
	}
	return mods
}

func add(mods []Module, sec, line string) {
	m := &mods[len(mods)-1]
	m.Sections[sec] = append(m.Sections[sec], line)
}

// fenceOpen returns the fence marker a line opens ("```" or "~~~"), or "".
func fenceOpen(t string) string {
	for _, f := range []string{"```", "~~~"} {
		if strings.HasPrefix(t, f) {
			n := len(t) - len(strings.TrimLeft(t, f[:1]))
			return strings.Repeat(f[:1], n)
		}
	}
	return ""
}

// moduleDesigns writes module-design-<name>.md per module block.
func moduleDesigns(in Input) (Result, error) {
	var res Result
	for _, m := range ParseModules(in.Answer) {
		p := fmt.Sprintf("%s/module-design-%s.md", in.ItemDir, fileSlug(m.Name))
		vars := map[string]string{"module": m.Name}
		for _, sec := range ModuleSections {
			body := strings.Trim(strings.Join(m.Sections[sec], "\n"), "\n")
			if strings.TrimSpace(body) == "" {
				body = "_Not stated for this module in step " + in.StepID + "._"
			}
			res.Fills = append(res.Fills, Fill{Path: p, Template: "module-design.md", Vars: vars, Section: sec, Body: body})
		}
	}
	return res, nil
}

// errorTaxonomy renders "CODE | meaning | what the caller sees | retry
// yes/no" lines as a table.
func errorTaxonomy(in Input) (Result, error) {
	if err := needsSection(in, "error-taxonomy"); err != nil {
		return Result{}, err
	}
	var b strings.Builder
	b.WriteString("| Code | Meaning | What the caller sees | Retry? |\n| --- | --- | --- | --- |\n")
	for _, l := range answerLines(in.Answer) {
		parts := strings.Split(l, "|")
		for len(parts) < 4 {
			parts = append(parts, "")
		}
		retry := strings.ToLower(strings.TrimSpace(parts[3]))
		retry = strings.TrimSpace(strings.TrimLeft(strings.TrimPrefix(retry, "retry"), ": "))
		switch {
		case strings.HasPrefix(retry, "yes"):
			retry = "Yes" + retry[3:]
		case strings.HasPrefix(retry, "no"):
			retry = "No" + retry[2:]
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", strings.TrimSpace(parts[0]), cell(parts[1]), cell(parts[2]), cell(retry))
	}
	return section(in, b.String()), nil
}

// dataFlowSection draws the flow as a Mermaid sequence diagram over the
// connections of 03-03 when they are known, or else as a chain of the
// flow's own steps, then keeps the answer as written.
func dataFlowSection(in Input) (Result, error) {
	if err := needsSection(in, "data-flow"); err != nil {
		return Result{}, err
	}
	var b strings.Builder
	b.WriteString("```mermaid\n")
	if a, ok := look(in, "03-03.connections"); ok && len(ParseConnections(a)) > 0 {
		b.WriteString("sequenceDiagram\n")
		seen := map[string]bool{}
		conns := ParseConnections(a)
		var names []string
		if c, ok := look(in, "03-03.components"); ok {
			for _, x := range ParseComponents(c) {
				names = append(names, x.Name)
			}
		}
		for _, c := range conns {
			names = append(names, c.From, c.To)
		}
		for _, n := range names {
			id := mermaidID(n)
			if !seen[id] && used(conns, n) {
				seen[id] = true
				fmt.Fprintf(&b, "    participant %s as %s\n", id, mermaidText(n))
			}
		}
		for _, c := range conns {
			fmt.Fprintf(&b, "    %s->>%s: %s\n", mermaidID(c.From), mermaidID(c.To), mermaidText(shortLabel(c.What)))
		}
	} else {
		b.WriteString("flowchart TD\n")
		steps := answerLines(in.Answer)
		for i, s := range steps {
			fmt.Fprintf(&b, "    S%d[\"%s\"]\n", i+1, mermaidText(shortLabel(s)))
			if i > 0 {
				fmt.Fprintf(&b, "    S%d --> S%d\n", i, i+1)
			}
		}
	}
	b.WriteString("```\n\n")
	b.WriteString(strings.TrimSpace(in.Answer))
	return section(in, b.String()), nil
}

func used(conns []Connection, name string) bool {
	for _, c := range conns {
		if c.From == name || c.To == name {
			return true
		}
	}
	return false
}

var stillOpenRe = regexp.MustCompile(`(?i)^still open\s*:\s*`)

// designReview splits a review verdict: lines starting "Still open:" go to
// the Still Open section, everything else stays under the mapped section.
func designReview(in Input) (Result, error) {
	if err := needsSection(in, "design-review"); err != nil {
		return Result{}, err
	}
	var kept, open []string
	for _, l := range strings.Split(strings.TrimSpace(in.Answer), "\n") {
		t := strings.TrimSpace(bullet.ReplaceAllString(l, ""))
		if stillOpenRe.MatchString(t) {
			open = append(open, "- "+stillOpenRe.ReplaceAllString(t, ""))
			continue
		}
		kept = append(kept, l)
	}
	res := section(in, strings.TrimSpace(strings.Join(kept, "\n")))
	if len(open) > 0 {
		res.Fills = append(res.Fills, Fill{Path: in.OutputPath, Template: in.Output, Section: "Still Open", Body: strings.Join(open, "\n")})
	}
	return res, nil
}
