package ai

import (
	"context"
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/assist"
)

// Excerpt is a bounded piece of a repository file, as a prompt shows it.
type Excerpt struct {
	Path string
	Text string
}

// system renders the system prompt for persona p.
func (c *Client) system(slug string, p steps.Persona) (string, error) {
	return render(c.prompts.system, struct {
		Slug    string
		Persona steps.Persona
	}{slug, p})
}

// call renders the kind's prompt for data and completes it.
func (c *Client) call(ctx context.Context, kind, slug string, p steps.Persona, data any) (assist.Text, error) {
	sys, err := c.system(slug, p)
	if err != nil {
		return assist.Text{}, err
	}
	user, err := render(c.prompts.kind[kind], data)
	if err != nil {
		return assist.Text{}, err
	}
	return c.complete(ctx, sys, user)
}

// excerpts reads the quick scan's best files, skipping every file that
// looks like a secret, by its name or its content, or that the
// repository ignores or denies; those are the second result, with why.
func (c *Client) excerpts(paths []string) ([]Excerpt, []assist.Withheld) {
	var out []Excerpt
	var withheld []assist.Withheld
	for _, p := range paths {
		if len(out) == c.maxExcerpts {
			break
		}
		text, why := c.guard.excerpt(p, c.excerptSize)
		switch {
		case why != "":
			withheld = append(withheld, assist.Withheld{Path: p, Reason: why})
		case text != "":
			out = append(out, Excerpt{Path: p, Text: text})
		}
	}
	return out, withheld
}

// withheld lists the files among paths a draft's prompt leaves out, and
// why, without calling the model.
func (c *Client) withheld(paths []string) []assist.Withheld {
	_, w := c.excerpts(paths)
	return w
}

type drafter struct{ c *Client }

func (d drafter) Draft(ctx context.Context, req assist.DraftRequest) (assist.Text, error) {
	files, _ := d.c.excerpts(req.Files)
	data := struct {
		assist.DraftRequest
		Files []Excerpt
	}{req, files}
	return d.c.call(ctx, "draft.tmpl", req.Slug, req.Persona, data)
}

type responder struct{ c *Client }

var (
	answeredRe = lazyre.New(`(?i)^\s*\**ANSWERED\**\s*:\s*(.*)$`)
	openRe     = lazyre.New(`(?i)^\s*\**OPEN\**\s*[:.]?\s*$`)
)

// Respond asks for a reply; a question counts as answered only when the
// reply cites an answer file the analysis really has.
func (r responder) Respond(ctx context.Context, req assist.RespondRequest) (assist.Reply, error) {
	data := struct {
		assist.RespondRequest
		Earlier []assist.Answer
		Files   []Excerpt
	}{req, req.Answers, nil}
	t, err := r.c.call(ctx, "respond.tmpl", req.Slug, req.Persona, data)
	if err != nil {
		return assist.Reply{}, err
	}
	first, rest, _ := strings.Cut(strings.TrimSpace(t.Text), "\n")
	rep := assist.Reply{Text: t}
	switch {
	case answeredRe.MatchString(first):
		cited := strings.Trim(strings.TrimSpace(answeredRe.FindStringSubmatch(first)[1]), "`[]")
		rep.Text.Text = strings.TrimSpace(rest)
		for _, a := range req.Answers {
			if a.File == cited {
				rep.Answered = true
				rep.Text.Text += fmt.Sprintf("\n\n(From `%s`.)", a.File)
				break
			}
		}
	case openRe.MatchString(first):
		rep.Text.Text = strings.TrimSpace(rest)
	}
	if strings.TrimSpace(rep.Text.Text) == "" {
		return assist.Reply{}, fmt.Errorf("the reply held no text")
	}
	return rep, nil
}

type voice struct{ c *Client }

func (v voice) Contribute(ctx context.Context, req assist.VoiceRequest) (assist.Text, error) {
	data := struct {
		assist.VoiceRequest
		Earlier []assist.Answer
		Files   []Excerpt
	}{VoiceRequest: req}
	return v.c.call(ctx, "voice.tmpl", req.Slug, req.Persona, data)
}

type reviewer struct{ c *Client }

var noteRe = lazyre.New(`^\s*[-*]\s+(.+)$`)

// Review returns at most five notes, one per list item of the reply.
func (r reviewer) Review(ctx context.Context, req assist.ReviewRequest) ([]assist.Text, error) {
	data := struct {
		assist.ReviewRequest
		Earlier []assist.Answer
		Files   []Excerpt
	}{ReviewRequest: req}
	t, err := r.c.call(ctx, "review.tmpl", req.Slug, req.Persona, data)
	if err != nil {
		return nil, err
	}
	var notes []assist.Text
	for _, line := range strings.Split(t.Text, "\n") {
		if m := noteRe.FindStringSubmatch(line); m != nil && len(notes) < 5 {
			notes = append(notes, assist.Text{Text: strings.TrimSpace(m[1]), Prov: t.Prov})
		}
	}
	return notes, nil
}

type summariser struct{ c *Client }

func (s summariser) Summarise(ctx context.Context, req assist.HandoffRequest) (assist.Text, error) {
	arts := map[string]string{}
	for p, text := range req.Artifacts {
		if len(text) > 6<<10 {
			text = text[:6<<10] + "\n[… cut]"
		}
		arts[p] = text
	}
	req.Artifacts = arts
	return s.c.call(ctx, "handoff.tmpl", req.Slug, req.To, req)
}
