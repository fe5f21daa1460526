package review

import (
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/signoff"
)

// signOffTable renders each area's sign-off as a table row: the area, its
// state in words, and who approved or asked for changes, with the stale
// approvals' reason. "" when the analysis has no area.
func signOffTable(areas []signoff.AreaStatus) string {
	if len(areas) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("### Sign-off\n\n| Area | State | By |\n| --- | --- | --- |\n")
	for _, a := range areas {
		var who []string
		for _, ap := range a.Approvals {
			who = append(who, defang(strings.TrimPrefix(ap.Text, a.Area+": ")))
		}
		by := strings.Join(who, "; ")
		if by == "" {
			by = "–"
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", a.Area, signOffWords(a), strings.ReplaceAll(by, "|", "\\|"))
	}
	b.WriteString("\nApprove with an **Approve** review (its first line may name the areas, `design, tasks`) or `/rtgit approve [area...]`; a later change to an area's answers makes its approval stale.\n")
	return b.String()
}

func signOffWords(a signoff.AreaStatus) string {
	switch a.State {
	case signoff.StateApproved:
		return "✅ approved"
	case signoff.StatePartly:
		return fmt.Sprintf("☑️ %d of %d approvals", len(a.Current()), a.Needs)
	case signoff.StateStale:
		return "⚠️ stale"
	case signoff.StateChangesRequested:
		return "❌ changes requested"
	case signoff.StateUnapproved:
		return "complete, not approved"
	case signoff.StateOpen:
		return fmt.Sprintf("open (%s)", strings.Join(a.Open, ", "))
	}
	return "no steps"
}
