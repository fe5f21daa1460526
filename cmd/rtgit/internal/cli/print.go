package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/fatih/color"

	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// printReply renders a reply for a terminal: the conversation, any
// problems, then the open step with its questions and, from the commands
// that open or show a step, its menu (printStepMenu).
// On a terminal p colours the headings, the speakers and what is missing.
func printReply(w io.Writer, p palette, slug string, r *roundtable.Reply) {
	printReplyMenu(w, p, slug, r, true)
}

// printReplyMenu is printReply with the menu left out when menu is
// false: after `rtgit answer` the person is still answering the step, and
// the line naming the answer file and `rtgit next` is all they need.
func printReplyMenu(w io.Writer, p palette, slug string, r *roundtable.Reply, menu bool) {
	for _, l := range r.Lines {
		if l.Speaker != "" {
			fmt.Fprintf(w, "%s %s\n", p.head(l.Speaker+":"), l.Text)
		} else {
			fmt.Fprintln(w, l.Text)
		}
	}
	if len(r.Problems) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, p.paint("Still needed before this step can complete:", color.FgYellow, color.Bold))
		for _, pr := range r.Problems {
			fmt.Fprintf(w, "  %s\n", p.bad(pr))
		}
	}
	if len(r.Notes) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, p.paint("Worth a second look while you are there (none of these blocks the step):", color.FgYellow))
		for _, n := range r.Notes {
			fmt.Fprintf(w, "  %s\n", p.warn(n))
		}
	}
	if d := r.Discussion; d != nil {
		fmt.Fprintln(w)
		fmt.Fprintln(w, p.head(fmt.Sprintf("Roundtable on step %s, turn %d of %d (%s).", d.StepID, d.Turn, d.MaxTurns, d.File)))
		fmt.Fprintf(w, "Reply with: %s (address anyone by name; say \"done\" to wrap up)\n", p.hint(fmt.Sprintf("rtgit elaborate %s \"...\"", slug)))
		return
	}
	if v := r.Step; v != nil {
		fmt.Fprintln(w)
		fmt.Fprintln(w, p.head(v.Header))
		for _, p := range v.Prose {
			fmt.Fprintln(w)
			fmt.Fprintln(w, indent(p, "  "))
		}
		fmt.Fprintln(w)
		for i, q := range v.Questions {
			opt := ""
			if !q.Required {
				opt = p.faint(" (optional)")
			}
			switch {
			case q.DraftedAt != "" && !q.Answered:
				opt += p.faint(fmt.Sprintf(" (rtgit's draft for the %s-depth question: edit it)", q.DraftedAt))
			case q.Unfinished:
				opt += p.faint(" (rtgit's draft, unfinished: add what the question asks for)")
			case q.DraftedAt != "":
				opt += p.faint(" (rtgit's draft: edit it, or `rtgit next` confirms it)")
			}
			fmt.Fprintf(w, "  %s %d. %s%s  %s\n", p.box(q.Answered), i+1, q.Text, opt, p.hint("{"+q.ID+"}"))
		}
		for _, c := range v.Contributors {
			fmt.Fprintln(w)
			fmt.Fprintf(w, "  %s\n", p.head(fmt.Sprintf("Also at the table, %s (%s) asks:", c.Name, c.Role)))
			for _, pr := range c.Prompts {
				fmt.Fprintf(w, "  - %s\n", pr)
			}
		}
		if len(v.Criteria) > 0 {
			fmt.Fprintln(w)
			fmt.Fprintf(w, "  %s\n", p.head("A good answer meets each of these:"))
			for _, c := range v.Criteria {
				fmt.Fprintf(w, "  - %s\n", c)
			}
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "Answer in %s (or: %s), then run: %s\n", v.AnswerFile, p.hint(fmt.Sprintf("rtgit answer %s <id> \"text\"", slug)), p.hint("rtgit next "+slug))
		if menu {
			printStepMenu(w, p, slug, v.Menu)
		}
	}
}

// printStepMenu names, for each choice of the step menu, the command
// that makes it. The menu of interface-spec §5.2 was written for a chat;
// nothing reads typed input after a CLI screen, so the last line names
// `rtgit comment`, the command that takes feedback in a person's words.
func printStepMenu(w io.Writer, p palette, slug string, menu []answers.MenuItem) {
	fmt.Fprintln(w, "---")
	for _, m := range menu {
		fmt.Fprintf(w, "%s  %s\n", p.hint(menuCommand(m.Key, slug)), m.Label)
	}
	fmt.Fprintf(w, "%s  Feedback on this step, in your own words\n", p.hint(fmt.Sprintf("rtgit comment %s \"...\"", slug)))
	fmt.Fprintln(w, "---")
}

// menuCommand is the command behind a menu key.
func menuCommand(key, slug string) string {
	switch key {
	case "E":
		return fmt.Sprintf("rtgit elaborate %s \"...\"", slug)
	case "S":
		return "rtgit skip " + slug
	}
	return "rtgit next " + slug // C: continue, complete, or apply a revision
}

func indent(s, pre string) string {
	return pre + strings.ReplaceAll(s, "\n", "\n"+pre)
}
