package review

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// Dashboard renders the pull request's dashboard: the phase and step
// checklist, the depth, the open questions and a Mermaid diagram of the
// phases. It starts with the dashboard marker so it can be found and
// replaced, in a sticky comment or between markers in the PR body.
func Dashboard(route *library.Route, st *roundtable.Status) string {
	if st.Route != nil {
		route = st.Route // the route of the analysis's own library
	}
	var b strings.Builder
	b.WriteString(dashboardMarker + "\n")
	fmt.Fprintf(&b, "## rtgit analysis: `%s`\n\n", st.Slug)
	if d := oneLine(st.Description); d != "" {
		fmt.Fprintf(&b, "> %s\n\n", branchText(d))
	}
	phase, depth := "complete", st.Depth
	if depth == "" {
		depth = "–"
	}
	for _, ph := range route.Phases {
		if ph.Phase.Key == st.Phase {
			phase = ph.Phase.Number + " " + ph.Phase.Name
		}
	}
	kind := ""
	if st.Library != "" && st.Library != library.DefaultLibrary {
		kind = "**Type:** " + defang(st.Library) + " · "
	}
	fmt.Fprintf(&b, "%s**Status:** %s · **Phase:** %s · **Depth:** %s · **Steps done:** %d of %d\n\n",
		kind, st.AnalysisStatus, defang(phase), depth, len(st.StepsCompleted), st.StepsTotal)
	if s := stalenessMarkdown(st.Staleness); s != "" {
		b.WriteString(s + "\n")
	}
	if c := st.Closed; c != nil {
		fmt.Fprintf(&b, "**%s:** %s\n\n", strings.ToUpper(c.As[:1])+c.As[1:], defang(oneLine(c.Reason)))
	}
	if len(st.ReviewItems) > 0 {
		b.WriteString("**To review** (a refresh found changed code these finished steps name; revise the step, or run `rtgit reviewed <step>`):\n\n")
		for _, it := range st.ReviewItems {
			fmt.Fprintf(&b, "- %s (since refresh %s)\n", defang(oneLine(it.Text)), defang(it.Refresh))
		}
		b.WriteString("\n")
	}
	if t := st.Tasks; t != nil {
		fmt.Fprintf(&b, "**Build plan:** %s (%s) · **Coverage:** %s\n\n", defang(t.Summary), t.State, t.Coverage)
	}
	b.WriteString(neighboursMarkdown(st.Neighbours))
	b.WriteString(mermaid(route, st))
	b.WriteString("\n### Steps\n\n")
	for _, ph := range route.Phases {
		fmt.Fprintf(&b, "**%s %s** (%s)\n\n", ph.Phase.Number, defang(ph.Phase.Name), defang(ph.Persona.Name))
		phaseDone := slices.Contains(st.PhasesCompleted, ph.Phase.Key)
		for _, s := range ph.Steps {
			line := fmt.Sprintf("%s %s", s.ID, defang(oneLine(s.Title)))
			switch {
			case slices.Contains(st.StepsCompleted, s.ID):
				fmt.Fprintf(&b, "- [x] %s\n", line)
			case st.Step != nil && st.Step.ID == s.ID:
				fmt.Fprintf(&b, "- [ ] **%s** ← current\n", line)
			case phaseDone:
				// Skipped is not done: its questions are open, and the
				// box says so.
				fmt.Fprintf(&b, "- [ ] ~~%s~~ (skipped: its questions are open)\n", line)
			default:
				fmt.Fprintf(&b, "- [ ] %s\n", line)
			}
		}
		b.WriteString("\n")
	}
	if s := st.Step; s != nil {
		fmt.Fprintf(&b, "### Open questions: %s %s\n\n", s.ID, defang(oneLine(s.Title)))
		open := 0
		for _, q := range s.Questions {
			if q.Answered {
				continue
			}
			open++
			opt := ""
			if !q.Required {
				opt = " _(optional)_"
			}
			fmt.Fprintf(&b, "- `%s`: %s%s\n", q.ID, defang(oneLine(q.Text)), opt)
		}
		if open == 0 {
			b.WriteString("All answered. Comment `C` to continue.\n")
		}
		fmt.Fprintf(&b, "\nAnswer file: `%s`\n", s.AnswerFile)
	} else {
		b.WriteString("### Open questions\n\nNo step is open: every step is done or skipped. `rtgit check` says whether the analysis is ready to build.\n")
	}
	if len(st.OpenQuestions) > 0 {
		b.WriteString("\n### Tracked open questions\n\n")
		for _, q := range st.OpenQuestions {
			fmt.Fprintf(&b, "- **%s** %s\n", q.ID, branchText(q.Text))
		}
		b.WriteString("\nSettle one with `/rtgit resolve Q-NNN <answer>`; `rtgit check` fails while any is open.\n")
	}
	if t := signOffTable(st.SignOff); t != "" {
		b.WriteString("\n" + t)
	}
	b.WriteString("\n" + dashboardEnd + "\n")
	return b.String()
}

var mermaidUnsafe = lazyre.New(`[^A-Za-z0-9 ./()-]`)

// mermaid draws the phases left to right, coloured done, current or to do.
func mermaid(route *library.Route, st *roundtable.Status) string {
	var b strings.Builder
	b.WriteString("```mermaid\nflowchart LR\n")
	for i, ph := range route.Phases {
		done := 0
		for _, s := range ph.Steps {
			if slices.Contains(st.StepsCompleted, s.ID) {
				done++
			}
		}
		class := "todo"
		switch {
		case slices.Contains(st.PhasesCompleted, ph.Phase.Key):
			class = "done"
		case ph.Phase.Key == st.Phase:
			class = "current"
		}
		label := mermaidUnsafe.ReplaceAllString(ph.Phase.Number+" "+ph.Phase.Name, "")
		fmt.Fprintf(&b, "  p%d[\"%s<br/>%d/%d\"]:::%s\n", i, label, done, len(ph.Steps), class)
		if i > 0 {
			fmt.Fprintf(&b, "  p%d --> p%d\n", i-1, i)
		}
	}
	b.WriteString("  classDef done fill:#2da44e,color:#ffffff\n")
	b.WriteString("  classDef current fill:#bf8700,color:#ffffff\n")
	b.WriteString("  classDef todo fill:#eaeef2,color:#24292f\n")
	b.WriteString("```\n")
	return b.String()
}

// WithDashboard puts the dashboard into a PR body: it replaces the one
// already there, or is appended after the author's text.
func WithDashboard(body, dash string) string {
	start := strings.Index(body, dashboardMarker)
	if start < 0 {
		if strings.TrimSpace(body) == "" {
			return dash
		}
		return strings.TrimRight(body, "\n") + "\n\n" + dash
	}
	end := strings.Index(body[start:], dashboardEnd)
	if end < 0 {
		return body[:start] + dash
	}
	rest := body[start+end+len(dashboardEnd):]
	return body[:start] + strings.TrimRight(dash, "\n") + rest
}
