package artifacts

import (
	"fmt"
	"strings"
)

// requirementsSection renders FR-NNN subsections with their criteria, like
// the seed specification's "Functional Requirements".
func requirementsSection(in Input) (Result, error) {
	if err := needsSection(in, "requirements"); err != nil {
		return Result{}, err
	}
	reqs, pre := in.Model.Requirements, in.Model.Preamble
	var b strings.Builder
	if pre != "" {
		b.WriteString(pre + "\n\n")
	}
	for i, r := range reqs {
		if i > 0 {
			b.WriteString("\n")
		}
		head := r.ID
		if r.Title != "" {
			head += ": " + r.Title
		}
		fmt.Fprintf(&b, "### %s\n\n%s\n\n**Acceptance Criteria:**\n\n", head, strings.TrimSpace(r.Statement))
		if len(r.Criteria) == 0 {
			fmt.Fprintf(&b, "- %s\n", NeedsClarification("Given/When/Then acceptance criteria for "+r.ID))
		}
		for _, c := range r.Criteria {
			fmt.Fprintf(&b, "- %s: %s\n", c.ID, c.Text)
		}
	}
	if len(reqs) == 0 && pre == "" {
		b.WriteString(NeedsClarification(in.QuestionText))
	}
	return section(in, b.String()), nil
}

// nfrSection renders NFR-NNN subsections for requirements-spec.md.
func nfrSection(in Input) (Result, error) {
	if err := needsSection(in, "nfrs"); err != nil {
		return Result{}, err
	}
	var b strings.Builder
	for i, x := range in.Model.NFRs {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "### %s: %s\n\n%s\n", x.ID, x.Category, x.Target)
	}
	return section(in, b.String()), nil
}

// glossarySection renders the glossary the model read as a table.
func glossarySection(in Input) (Result, error) {
	if err := needsSection(in, "glossary"); err != nil {
		return Result{}, err
	}
	var b strings.Builder
	b.WriteString("| Term | Definition |\n| --- | --- |\n")
	for _, t := range in.Model.Glossary {
		fmt.Fprintf(&b, "| **%s** | %s |\n", cell(t.Term), cell(t.Definition))
	}
	return section(in, b.String()), nil
}

// blastRadius starts the blast radius from the quick scan's candidate
// files, then the answer.
func blastRadius(in Input) (Result, error) {
	if err := needsSection(in, "blast-radius"); err != nil {
		return Result{}, err
	}
	body := strings.TrimSpace(in.Answer)
	if files, ok := look(in, "candidate_files"); ok {
		body = "**Starting point (quick-scan candidate files):** " + files + "\n\n" + body
	} else if files, ok := look(in, "00-03.files"); ok {
		body = "**Starting point (quick-scan file review):** " + strings.Join(strings.Fields(files), " ") + "\n\n" + body
	}
	return section(in, body), nil
}
