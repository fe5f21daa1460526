package artifacts

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/rtgit/rtgit/steps"
)

// Requirement is one functional requirement parsed from an answer.
type Requirement struct {
	ID        string // FR-001
	Title     string // optional: "FR-001: Title -- statement"
	Statement string
	Criteria  []Criterion
}

// Criterion is one acceptance criterion, AC-NNN-NN.
type Criterion struct {
	ID   string
	Text string
}

var (
	frLineRe = regexp.MustCompile(`^(FR-(\d{3}))\s*:\s*(.*)$`)
	// "AC-001-01: …", "AC: …" and "AC: AC-001-01 …" all name a criterion.
	acLineRe = regexp.MustCompile(`(?i)^ac(?:-(\d{3})-(\d{2}))?\s*:\s*(?:ac-(\d{3})-(\d{2})\s*:?\s*)?(.*)$`)
	gwtRe    = regexp.MustCompile(`(?i)^(given|when|then|and|but)\b`)
	thenRe   = regexp.MustCompile(`(?i)\bthen\b|\bshall\b`)
)

// ParseRequirements reads "FR-NNN: statement" lines with their acceptance
// criteria below them: "AC-NNN-NN: Given … When … Then …", "AC: …", or
// bare Given/When/Then lines (EARS "When …, the system shall …" too).
// Criteria without an id are numbered after their requirement. Text before
// the first requirement is returned as the preamble.
func ParseRequirements(answer string) (reqs []Requirement, preamble string) {
	var pre []string
	open := false // the last criterion still waits for its Then
	for _, l := range answerLines(answer) {
		if m := frLineRe.FindStringSubmatch(l); m != nil {
			r := Requirement{ID: m[1], Statement: m[3]}
			if t, s, ok := strings.Cut(m[3], " -- "); ok {
				r.Title, r.Statement = strings.TrimSpace(t), strings.TrimSpace(s)
			}
			reqs = append(reqs, r)
			open = false
			continue
		}
		if len(reqs) == 0 {
			pre = append(pre, l)
			continue
		}
		r := &reqs[len(reqs)-1]
		if m := acLineRe.FindStringSubmatch(l); m != nil {
			id := ""
			if m[1] != "" {
				id = "AC-" + m[1] + "-" + m[2]
			} else if m[3] != "" {
				id = "AC-" + m[3] + "-" + m[4]
			}
			r.Criteria = append(r.Criteria, Criterion{ID: id, Text: strings.TrimSpace(m[5])})
			open = !thenRe.MatchString(m[5])
			continue
		}
		if g := gwtRe.FindStringSubmatch(l); g != nil {
			kw := strings.ToLower(g[1])
			if open && len(r.Criteria) > 0 && kw != "given" {
				c := &r.Criteria[len(r.Criteria)-1]
				c.Text += " " + l
			} else {
				r.Criteria = append(r.Criteria, Criterion{Text: l})
			}
			open = !thenRe.MatchString(r.Criteria[len(r.Criteria)-1].Text)
			continue
		}
		if len(r.Criteria) > 0 {
			c := &r.Criteria[len(r.Criteria)-1]
			c.Text += " " + l
		} else {
			r.Statement += " " + l
		}
	}
	for i := range reqs {
		num := strings.TrimPrefix(reqs[i].ID, "FR-")
		used := map[string]bool{}
		for _, c := range reqs[i].Criteria {
			used[c.ID] = true
		}
		n := 0
		for j := range reqs[i].Criteria {
			if reqs[i].Criteria[j].ID != "" {
				continue
			}
			for {
				n++
				id := fmt.Sprintf("AC-%s-%02d", num, n)
				if !used[id] {
					reqs[i].Criteria[j].ID = id
					used[id] = true
					break
				}
			}
		}
	}
	return reqs, strings.Join(pre, "\n")
}

// requirementsSection renders FR-NNN subsections with their criteria, like
// the seed specification's "Functional Requirements".
func requirementsSection(in Input) (Result, error) {
	if err := needsSection(in, "requirements"); err != nil {
		return Result{}, err
	}
	reqs, pre := ParseRequirements(in.Answer)
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

// NFR is one non-functional requirement: "NFR-001: Category: target" or
// "Category: target", numbered in order when the id is missing.
type NFR struct {
	ID, Category, Target string
}

var nfrLineRe = regexp.MustCompile(`^(NFR-\d{3})\s*:\s*(.*)$`)

// ParseNFRs reads one requirement per line.
func ParseNFRs(answer string) []NFR {
	var out []NFR
	used := map[string]bool{}
	for _, l := range answerLines(answer) {
		if m := nfrLineRe.FindStringSubmatch(l); m != nil {
			used[m[1]] = true
		}
	}
	n := 0
	for _, l := range answerLines(answer) {
		var x NFR
		if m := nfrLineRe.FindStringSubmatch(l); m != nil {
			x.ID, l = m[1], m[2]
		} else {
			for {
				n++
				if id := fmt.Sprintf("NFR-%03d", n); !used[id] {
					x.ID = id
					used[id] = true
					break
				}
			}
		}
		if cat, target, ok := strings.Cut(l, ":"); ok {
			x.Category, x.Target = strings.TrimSpace(cat), strings.TrimSpace(target)
		} else {
			x.Category, x.Target = "General", strings.TrimSpace(l)
		}
		out = append(out, x)
	}
	return out
}

// nfrSection renders NFR-NNN subsections for requirements-spec.md.
func nfrSection(in Input) (Result, error) {
	if err := needsSection(in, "nfrs"); err != nil {
		return Result{}, err
	}
	var b strings.Builder
	for i, x := range ParseNFRs(in.Answer) {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "### %s: %s\n\n%s\n", x.ID, x.Category, steps.Capitalise(x.Target))
	}
	return section(in, b.String()), nil
}

// glossarySection renders "term: meaning" lines as a table.
func glossarySection(in Input) (Result, error) {
	if err := needsSection(in, "glossary"); err != nil {
		return Result{}, err
	}
	var b strings.Builder
	b.WriteString("| Term | Definition |\n| --- | --- |\n")
	for _, l := range answerLines(in.Answer) {
		term, def, ok := strings.Cut(l, ":")
		if !ok {
			term, def = l, ""
		}
		fmt.Fprintf(&b, "| **%s** | %s |\n", cell(term), cell(def))
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
