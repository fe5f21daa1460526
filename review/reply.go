package review

import (
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/steps/artifacts"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// markerPrefix starts the hidden marker in every comment rtgit writes.
// A marker means something only in a comment by rtgit's own account
// (Action.own): anyone else can type one.
const markerPrefix = "<!-- rtgit:bot"

// marker returns the hidden marker line for a comment rtgit writes.
func marker(what string) string { return markerPrefix + " " + what + " -->" }

// replyMarker ties a reply to the comment it answers, so a replayed run
// can see the answer was already given.
func replyMarker(c Comment) string { return marker("reply=" + c.Key()) }

const dashboardMarker = markerPrefix + " dashboard -->"

// dashboardEnd closes the dashboard when it lives in a PR body, so the
// author's own text around it survives every update.
const dashboardEnd = markerPrefix + " dashboard-end -->"

// defang keeps text rtgit echoes (an answer, a feedback gist) from
// carrying a marker or hiding the rest of the reply in an HTML comment.
func defang(s string) string { return strings.ReplaceAll(s, "<!--", "&lt;!--") }

// RenderReply turns the machine's reply into the markdown of a PR comment:
// what was said, in the speakers' voices, what is still needed, what
// changed, and the open step's questions with how to answer them. It is
// deliberately general, so any verb's reply (including future
// multi-persona discussions) posts the same way.
func RenderReply(slug string, r *roundtable.Reply, err error) string {
	var b strings.Builder
	for _, l := range r.Lines {
		if l.Speaker != "" {
			fmt.Fprintf(&b, "**%s**: %s\n\n", defang(l.Speaker), defang(l.Text))
		} else {
			fmt.Fprintf(&b, "%s\n\n", defang(l.Text))
		}
	}
	if err != nil && len(r.Problems) == 0 {
		fmt.Fprintf(&b, "I couldn't do that: %s\n\n", defang(err.Error()))
	}
	if len(r.Problems) > 0 {
		b.WriteString("**Still needed before this step can complete:**\n\n")
		for _, p := range r.Problems {
			fmt.Fprintf(&b, "- %s\n", defang(p))
		}
		b.WriteString("\n")
	}
	if len(r.Notes) > 0 {
		b.WriteString("**Worth a second look while you are there** (none of these blocks the step):\n\n")
		for _, n := range r.Notes {
			fmt.Fprintf(&b, "- %s\n", defang(n))
		}
		b.WriteString("\n")
	}
	if len(r.Changed) > 0 {
		paths := make([]string, len(r.Changed))
		for i, p := range r.Changed {
			paths[i] = artifacts.Code(p)
		}
		fmt.Fprintf(&b, "Updated %s.\n\n", strings.Join(paths, ", "))
	}
	if v := r.Step; v != nil {
		renderStep(&b, slug, v)
	}
	if r.Done {
		b.WriteString("The analysis is complete. ✅\n\n")
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

func renderStep(b *strings.Builder, slug string, v *roundtable.StepView) {
	fmt.Fprintf(b, "#### %s\n\n", defang(v.Header))
	for _, p := range v.Prose {
		fmt.Fprintf(b, "%s\n\n", defang(p))
	}
	for i, q := range v.Questions {
		mark := "⬜"
		if q.Answered {
			mark = "✅"
		}
		opt := ""
		if !q.Required {
			opt = " _(optional)_"
		}
		fmt.Fprintf(b, "%d. %s %s `%s`%s\n", i+1, mark, defang(oneLine(q.Text)), q.ID, opt)
	}
	fmt.Fprintf(b, "\nAnswer by quoting a question and writing below it, with `/rtgit answer <id>` and the answer on the next lines, "+
		"by commenting on its line in %s, or by editing that file on the branch.\n\n", artifacts.Code(v.AnswerFile))
	var menu []string
	for _, m := range v.Menu {
		menu = append(menu, fmt.Sprintf("**[%s]** %s", m.Key, defang(m.Label)))
	}
	if len(menu) > 0 {
		fmt.Fprintf(b, "%s. Reply with the letter, or write naturally to give feedback.\n\n", strings.Join(menu, " · "))
	}
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// branchText is text rtgit did not write (an issue's title, which an
// outsider chooses and which becomes the analysis's description; a
// tracked question) made one line and quieted as a quoted comment is, so
// that posting it under rtgit's account pings nobody and loads nothing.
func branchText(s string) string { return defang(quiet(oneLine(s))) }
