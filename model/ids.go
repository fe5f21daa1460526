package model

import "regexp"

// idRe matches the ids an analysis defines: requirements, their
// criteria, stories, NFRs and constraints.
var idRe = regexp.MustCompile(`\b(?:FR-\d{3}|AC-\d{3}-\d{2}|US-\d{3}|NFR-\d{3}|CON-\d{3})\b`)

// IDs are the requirement, criterion, story, NFR and constraint ids text
// names, each once, in the order it first names them; nil when it names
// none. It reads ids named in passing, in free text (a mitigation, a fix,
// a module's design), that no structured answer lists.
func IDs(text string) []string {
	all := idRe.FindAllString(text, -1)
	if all == nil {
		return nil
	}
	seen := make(map[string]bool, len(all))
	out := all[:0]
	for _, id := range all {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
