package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/rtgit/rtgit/steps/roundtable"
)

// printReply renders a reply for a terminal: the conversation, any
// problems, then the open step with its questions and menu.
func printReply(w io.Writer, slug string, r *roundtable.Reply) {
	for _, l := range r.Lines {
		if l.Speaker != "" {
			fmt.Fprintf(w, "%s: %s\n", l.Speaker, l.Text)
		} else {
			fmt.Fprintln(w, l.Text)
		}
	}
	if len(r.Problems) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Still needed before this step can complete:")
		for _, p := range r.Problems {
			fmt.Fprintf(w, "  %s\n", p)
		}
	}
	if d := r.Discussion; d != nil {
		fmt.Fprintln(w)
		fmt.Fprintf(w, "Roundtable on step %s, turn %d of %d (%s).\n", d.StepID, d.Turn, d.MaxTurns, d.File)
		fmt.Fprintf(w, "Reply with: rtgit elaborate %s \"...\" (address anyone by name; say \"done\" to wrap up)\n", slug)
		return
	}
	if v := r.Step; v != nil {
		fmt.Fprintln(w)
		fmt.Fprintln(w, v.Header)
		for _, p := range v.Prose {
			fmt.Fprintln(w)
			fmt.Fprintln(w, indent(p, "  "))
		}
		fmt.Fprintln(w)
		for i, q := range v.Questions {
			mark := " "
			if q.Answered {
				mark = "x"
			}
			opt := ""
			if !q.Required {
				opt = " (optional)"
			}
			fmt.Fprintf(w, "  [%s] %d. %s%s  {%s}\n", mark, i+1, q.Text, opt, q.ID)
		}
		for _, c := range v.Contributors {
			fmt.Fprintln(w)
			fmt.Fprintf(w, "  Also at the table, %s (%s) asks:\n", c.Name, c.Role)
			for _, p := range c.Prompts {
				fmt.Fprintf(w, "  - %s\n", p)
			}
		}
		if len(v.Criteria) > 0 {
			fmt.Fprintln(w)
			fmt.Fprintln(w, "  A good answer meets each of these:")
			for _, c := range v.Criteria {
				fmt.Fprintf(w, "  - %s\n", c)
			}
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "Answer in %s (or: rtgit answer %s <id> \"text\"), then run: rtgit next %s\n", v.AnswerFile, slug, slug)
		fmt.Fprintln(w, "---")
		for _, m := range v.Menu {
			fmt.Fprintf(w, "[%s] %s\n", m.Key, m.Label)
		}
		fmt.Fprintln(w, "Or type naturally to provide feedback.")
		fmt.Fprintln(w, "---")
	}
}

func indent(s, pre string) string {
	return pre + strings.ReplaceAll(s, "\n", "\n"+pre)
}
