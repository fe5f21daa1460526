package artifacts

import (
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/model"
)

// moduleDesigns writes module-design-<name>.md per module block.
func moduleDesigns(in Input) (Result, error) {
	var res Result
	for _, m := range in.Model.Modules {
		p := fmt.Sprintf("%s/module-design-%s.md", in.ItemDir, fileSlug(m.Name))
		vars := map[string]string{"module": m.Name}
		for _, sec := range model.ModuleSections {
			body := strings.Trim(strings.Join(m.Sections[sec], "\n"), "\n")
			if strings.TrimSpace(body) == "" {
				body = "_Not stated for this module in step " + in.StepID + "._"
			}
			res.Fills = append(res.Fills, Fill{Path: p, Template: "module-design.md", Vars: vars, Section: sec, Body: body})
		}
	}
	if note := in.Model.ModuleNotes; note != "" {
		res.Fills = append(res.Fills, Fill{Path: in.ItemDir + "/" + ModuleIndexFile, Template: "module-design-index.md", Section: ModuleNotesSection, Body: note})
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
	rows, notes := in.Model.ErrorRows, in.Model.ErrorNotes
	for _, r := range rows {
		retry := strings.ToLower(r.Retry)
		retry = strings.TrimSpace(strings.TrimLeft(strings.TrimPrefix(retry, "retry"), ": "))
		switch {
		case strings.HasPrefix(retry, "yes"):
			retry = "Yes" + retry[3:]
		case strings.HasPrefix(retry, "no"):
			retry = "No" + retry[2:]
		}
		code := "`" + r.Code + "`"
		if r.Aside != "" {
			code += " (" + cell(r.Aside) + ")"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", code, cell(r.Meaning), cell(r.Caller), cell(retry))
	}
	// What the person wrote around the lines stays, after the table.
	if len(notes) > 0 {
		b.WriteString("\n" + strings.Join(notes, "\n\n") + "\n")
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
	if conns := in.Model.Connections; len(conns) > 0 {
		b.WriteString("sequenceDiagram\n")
		seen := map[string]bool{}
		var names []string
		for _, x := range in.Model.Components {
			names = append(names, x.Name)
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
		for i, s := range in.Model.Flow {
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

func used(conns []model.Connection, name string) bool {
	for _, c := range conns {
		if c.From == name || c.To == name {
			return true
		}
	}
	return false
}

var (
	stillOpenRe = lazyre.New(`(?i)^still open\s*:\s*`)
	bullet      = lazyre.New(`^\s*(?:[-*+]|\d+[.)])\s+`)
)

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
