package review

import (
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"

	mdquiet "github.com/rtgit/rtgit/internal/quiet"
)

// respond tells the pull request what happened, once the work is pushed:
// a reply per comment, reactions, a word to outsiders, annotations for
// problems and the dashboard. Failures here are warnings: the analysis has
// already moved on, and the next run's dashboard catches up.
func (r *run) respond() {
	for _, out := range r.res.Handled {
		if out.Comment != nil && out.OK() && out.Reply != nil && out.Reply.Acknowledged {
			// Thanks and approval get a reaction, not a comment.
			r.react(r.ctx, r.res, *out.Comment, "+1")
			continue
		}
		body := RenderReply(r.slug, out.Reply, out.Err)
		if c := out.Comment; c != nil {
			body = quoteFirstLine(c, r.linkHost()) + body
		}
		var to *Comment
		if out.Comment != nil {
			to = out.Comment
		}
		for _, part := range Split(body, marker("reply="+out.Key)) {
			if err := r.GitHub.Post(r.ctx, r.pr.Number, to, part); err != nil {
				r.warn(r.res, err)
				break
			}
		}
		if out.Comment != nil {
			reaction := "+1"
			if !out.OK() {
				reaction = "confused"
			}
			r.react(r.ctx, r.res, *out.Comment, reaction)
		}
		r.res.Problems = out.Reply.Problems
		for _, p := range out.Reply.Problems {
			r.logf("%s", annotation(p))
		}
	}
	for i := range r.res.Outsiders {
		c := &r.res.Outsiders[i]
		if r.told[strings.ToLower(c.User.Login)] {
			continue
		}
		r.told[strings.ToLower(c.User.Login)] = true
		if err := r.GitHub.Post(r.ctx, r.pr.Number, nil, outsiderReply(*c)); err != nil {
			r.warn(r.res, err)
		}
		r.react(r.ctx, r.res, *c, "confused")
	}
	r.staleness()
	if err := r.updateDashboard(); err != nil {
		r.warn(r.res, fmt.Errorf("update the dashboard: %w", err))
	}
}

// quoteFirstLine starts a conversation reply with what it answers; a
// review comment's reply sits in its own thread and needs no quote. The
// quote is quieted as a model's text is (mdquiet.Markdown): host is the
// repository's web host.
func quoteFirstLine(c *Comment, host string) string {
	if c.Kind == KindReviewComment {
		return ""
	}
	line, _, _ := strings.Cut(strings.TrimSpace(c.Body), "\n")
	line = strings.TrimLeft(line, "> ")
	// Cut before quieting: a cut made after could open a code span
	// quieting closed, and the address in it would be a link again.
	if r := []rune(line); len(r) > 80 {
		line = string(r[:80]) + "…"
	}
	line = mdquiet.Markdown(line, host)
	return fmt.Sprintf("> @%s: %s\n\n", c.User.Login, defang(line))
}

// quiet quiets text rtgit did not write where the repository's host is
// not at hand: mentions broken, images dropped, no address a link.
func quiet(s string) string { return mdquiet.Markdown(s, "") }

// linkHost is the web host of the pull request's repository, where links
// in quoted and model-written text may keep pointing.
func (r *run) linkHost() string {
	if r.pr == nil {
		return ""
	}
	u, err := url.Parse(r.pr.URL)
	if err != nil {
		return ""
	}
	return u.Hostname()
}

// updateDashboard keeps one dashboard: in the PR body when configured so
// or when the body has one (as `rtgit pr` writes it), otherwise in a
// single sticky comment.
func (r *run) updateDashboard() error {
	if r.Config.Dashboard == "off" {
		return nil
	}
	st, err := r.Machine.Status(r.slug)
	if err != nil {
		return err
	}
	route, err := r.Route()
	if err != nil {
		return err
	}
	st.Staleness = r.res.Staleness
	st.Neighbours = r.neighbours()
	dash := Dashboard(route, st)
	if r.Config.Dashboard == "body" || strings.Contains(r.pr.Body, dashboardMarker) {
		if body := WithDashboard(r.pr.Body, dash); body != r.pr.Body {
			return r.GitHub.EditBody(r.ctx, r.pr.Number, body)
		}
		return nil
	}
	comments, err := r.GitHub.Comments(r.ctx, r.pr.Number)
	if err != nil {
		return err
	}
	var sticky *Comment
	for i := range comments {
		c := &comments[i]
		if c.Kind == KindIssueComment && r.own(*c) && strings.HasPrefix(c.Body, dashboardMarker) {
			sticky = c
		}
	}
	if sticky == nil {
		return r.GitHub.Post(r.ctx, r.pr.Number, nil, dash)
	}
	if sticky.Body == dash {
		return nil
	}
	return r.GitHub.EditComment(r.ctx, sticky.ID, dash)
}

// annotation turns "path:line: reason" into a workflow error annotation.
func annotation(problem string) string {
	file, rest, ok := strings.Cut(problem, ":")
	if !ok {
		return "::error::" + escapeData(problem)
	}
	line, msg, ok := strings.Cut(rest, ":")
	if n, err := strconv.Atoi(line); ok && err == nil && n > 0 {
		return fmt.Sprintf("::error file=%s,line=%d::%s", escapeProperty(file), n, escapeData(strings.TrimSpace(msg)))
	}
	return fmt.Sprintf("::error file=%s::%s", escapeProperty(file), escapeData(strings.TrimSpace(rest)))
}

// escapeData and escapeProperty follow the workflow-command encoding, so a
// hostile answer cannot inject a command of its own.
func escapeData(s string) string { return EscapeData(s) }

// EscapeData encodes s as the message of a workflow command.
func EscapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// WriteSummary writes the job summary in markdown.
func WriteSummary(w io.Writer, res *Result) error {
	var b strings.Builder
	b.WriteString("## rtgit\n\n")
	if res.Slug != "" {
		fmt.Fprintf(&b, "Analysis `%s` on pull request #%d.\n\n", res.Slug, res.PR)
	}
	if res.Failed != "" {
		fmt.Fprintf(&b, "**The run failed:** %s\n\nComments it did not apply stay unprocessed, for the next run.\n\n", defang(res.Failed))
	}
	if res.Skipped != "" {
		fmt.Fprintf(&b, "Nothing to do: %s.\n", defang(res.Skipped))
	}
	for _, d := range res.Done {
		fmt.Fprintf(&b, "- %s\n", defang(d))
	}
	if len(res.Done) > 0 {
		b.WriteString("\n")
	}
	if len(res.Handled) > 0 {
		b.WriteString("| input | result | commits |\n|---|---|---|\n")
		for _, o := range res.Handled {
			who := o.Key
			if o.Comment != nil {
				who = fmt.Sprintf("%s by @%s", o.Key, o.Comment.User.Login)
			}
			result := "done"
			if o.Err != nil {
				result = strings.ReplaceAll(defang(o.Err.Error()), "|", "\\|")
			}
			fmt.Fprintf(&b, "| %s | %s | %d |\n", who, result, len(o.Commits))
		}
		b.WriteString("\n")
	} else if res.Skipped == "" && res.Failed == "" && len(res.Done) == 0 {
		b.WriteString("No new comments to process.\n\n")
	}
	for _, c := range res.Outsiders {
		fmt.Fprintf(&b, "- Ignored %s by @%s: no write access.\n", c.Key(), c.User.Login)
	}
	if len(res.Problems) > 0 {
		b.WriteString("\n**Still needed:**\n\n")
		for _, p := range res.Problems {
			fmt.Fprintf(&b, "- %s\n", defang(p))
		}
	}
	if res.Staleness != nil {
		b.WriteString("\n" + stalenessMarkdown(res.Staleness))
	}
	for _, n := range res.Notices {
		fmt.Fprintf(&b, "- ℹ️ %s\n", defang(n))
	}
	for _, wmsg := range res.Warnings {
		fmt.Fprintf(&b, "- ⚠️ %s\n", defang(wmsg))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
