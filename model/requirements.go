package model

import (
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// Requirement is one functional requirement parsed from an answer.
type Requirement struct {
	ID        string // FR-001
	Title     string // optional: "FR-001: Title -- statement"
	Statement string
	// Criteria are the requirement's acceptance criteria. Build splits
	// each into its Given/When/Then steps; ParseRequirements only reads
	// their ids and text.
	Criteria []Criterion
	// Priority ("Must Have", …; "" when not prioritised), Stories (the
	// US ids that link it) and Source are set by Build.
	Priority string
	Stories  []string
	Source   Source
}

var (
	frLineRe = lazyre.New(`^(FR-(\d{3}))\s*:\s*(.*)$`)
	// "AC-001-01: …", "AC: …" and "AC: AC-001-01 …" all name a criterion.
	acLineRe = lazyre.New(`(?i)^ac(?:-(\d{3})-(\d{2}))?\s*:\s*(?:ac-(\d{3})-(\d{2})\s*:?\s*)?(.*)$`)
	gwtRe    = lazyre.New(`(?i)^(given|when|then|and|but)\b`)
	thenRe   = lazyre.New(`(?i)\bthen\b|\bshall\b`)
)

// ParseRequirements reads "FR-NNN: statement" lines with their acceptance
// criteria below them: "AC-NNN-NN: Given … When … Then …", "AC: …", or
// bare Given/When/Then lines (EARS "When …, the system shall …" too).
// Criteria without an id are numbered after their requirement. Text before
// the first requirement is returned as the preamble.
func ParseRequirements(answer string) (reqs []Requirement, preamble string) {
	at, preamble := readRequirements(answer)
	for _, r := range at {
		reqs = append(reqs, r.Requirement)
	}
	return reqs, preamble
}

// readRequirements is ParseRequirements, each requirement and criterion
// with the line it starts on.
func readRequirements(answer string) (reqs []RequirementAt, preamble string) {
	var pre []string
	open := false // the last criterion still waits for its Then
	for _, l := range Lines(answer) {
		text := unboldID(l.Text)
		if m := frLineRe.FindStringSubmatch(text); m != nil {
			r := Requirement{ID: m[1], Statement: m[3]}
			if t, s, ok := strings.Cut(m[3], " -- "); ok {
				r.Title, r.Statement = strings.TrimSpace(t), strings.TrimSpace(s)
			}
			reqs = append(reqs, RequirementAt{Requirement: r, At: l})
			open = false
			continue
		}
		if len(reqs) == 0 {
			pre = append(pre, l.Text)
			continue
		}
		r := &reqs[len(reqs)-1]
		if m := acLineRe.FindStringSubmatch(text); m != nil {
			id, of := "", ""
			if m[1] != "" {
				id, of = "AC-"+m[1]+"-"+m[2], "FR-"+m[1]
			} else if m[3] != "" {
				id, of = "AC-"+m[3]+"-"+m[4], "FR-"+m[3]
			}
			r.Criteria = append(r.Criteria, Criterion{ID: id, Text: strings.TrimSpace(m[5])})
			r.CriteriaAt = append(r.CriteriaAt, CriterionAt{At: l, Written: id, Of: of})
			open = !thenRe.MatchString(m[5])
			continue
		}
		if g := gwtRe.FindStringSubmatch(l.Text); g != nil {
			kw := strings.ToLower(g[1])
			if open && len(r.Criteria) > 0 && kw != "given" {
				c := &r.Criteria[len(r.Criteria)-1]
				c.Text += " " + l.Text
			} else {
				r.Criteria = append(r.Criteria, Criterion{Text: l.Text})
				r.CriteriaAt = append(r.CriteriaAt, CriterionAt{At: l})
			}
			open = !thenRe.MatchString(r.Criteria[len(r.Criteria)-1].Text)
			continue
		}
		if len(r.Criteria) > 0 {
			c := &r.Criteria[len(r.Criteria)-1]
			c.Text += " " + l.Text
		} else {
			r.Statement += " " + l.Text
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

// NFR is one non-functional requirement: "NFR-001: Category: target" or
// "Category: target", numbered in order when the id is missing.
type NFR struct {
	ID, Category, Target string
	Source               Source // set by Build
}

var nfrLineRe = lazyre.New(`^(NFR-\d{3})\s*:\s*(.*)$`)

// ParseNFRs reads one requirement per line.
func ParseNFRs(answer string) []NFR {
	var out []NFR
	for _, x := range readNFRs(answer) {
		out = append(out, x.NFR)
	}
	return out
}

// readNFRs is ParseNFRs, each NFR with its line.
func readNFRs(answer string) []NFRAt {
	var out []NFRAt
	lines := Lines(answer)
	texts := make([]string, len(lines)) // each line with a bold id unbolded
	used := map[string]bool{}
	for i, l := range lines {
		texts[i] = unboldID(l.Text)
		if m := nfrLineRe.FindStringSubmatch(texts[i]); m != nil {
			used[m[1]] = true
		}
	}
	n := 0
	for i, line := range lines {
		x := NFRAt{At: line}
		l := texts[i]
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
		// "**Security:** …" is the category Security, in bold.
		l = unboldLabel(l)
		if cat, target, ok := strings.Cut(l, ":"); ok {
			x.Category, x.Target, x.Categorised = strings.TrimSpace(cat), strings.TrimSpace(target), true
		} else {
			x.Category, x.Target = "General", strings.TrimSpace(l)
		}
		out = append(out, x)
	}
	return out
}
