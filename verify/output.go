package verify

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/rtgit/rtgit/internal/termsafe"
)

// WriteJSON writes the report as one JSON object (the --json form; its
// field names are part of rtgit's output).
func WriteJSON(w io.Writer, r Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteText writes the report for a person: what the change advances,
// the findings, the criteria, and the notes on what was not checked.
// Paths and titles come from the repository and are made safe to print.
func WriteText(w io.Writer, r Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%d file(s) changed\n", len(r.Files))
	if len(r.Advances) == 0 {
		b.WriteString("\nAdvances no task of a merged analysis.\n")
	} else {
		b.WriteString("\nAdvances:\n")
		for _, t := range r.Advances {
			var why []string
			if len(t.Files) > 0 {
				why = append(why, "changes "+strings.Join(t.Files, ", "))
			}
			if t.Named {
				why = append(why, "named")
			}
			issue := ""
			if t.Issue > 0 {
				issue = fmt.Sprintf(" (#%d)", t.Issue)
			}
			fmt.Fprintf(&b, "  %s %s%s %s: %s\n", t.Analysis, t.Task, issue, t.Title, strings.Join(why, "; "))
		}
	}
	if len(r.Findings) == 0 {
		b.WriteString("\nNo findings.\n")
	} else {
		b.WriteString("\nFindings:\n")
		for _, f := range r.Findings {
			where := f.Path
			if where != "" && f.Line > 0 {
				where = fmt.Sprintf("%s:%d", f.Path, f.Line)
			}
			if where != "" {
				where += ": "
			}
			fmt.Fprintf(&b, "  %-7s %s%s [%s]\n", f.Level, where, f.Message, f.Rule)
		}
	}
	if len(r.Criteria) > 0 {
		b.WriteString("\nCriteria:\n")
		for _, c := range r.Criteria {
			state := "no test names it"
			if len(c.Tests) > 0 {
				t := c.Tests[0]
				state = fmt.Sprintf("named in %s:%d", t.Path, t.Line)
				if t.Name != "" {
					state += " (" + t.Name + ")"
				}
			}
			if c.Result != "" {
				state += ", " + strings.ReplaceAll(c.Result, "-", " ")
			}
			fmt.Fprintf(&b, "  %s %s (%s): %s\n", c.Analysis, c.ID, c.Task, state)
		}
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "\nNote: %s\n", n)
	}
	_, err := io.WriteString(w, termsafe.Lines(b.String()))
	return err
}
