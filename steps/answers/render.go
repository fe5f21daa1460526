package answers

import (
	"bytes"
	"fmt"
	"strings"
	"text/template"

	"github.com/rtgit/rtgit/internal/tmplerr"
)

// page is what the template sees; see the package doc.
type page struct {
	StepID, Slug, Depth, Header string
	DepthWhy                    string
	Intro, Prose                []string
	Questions                   []pageQuestion
	Menu                        []MenuItem
	Feedback                    string
	Criteria                    []string
	Contributors                []Contributor
	Withheld                    []string
	Kept                        []Kept
}

type pageQuestion struct {
	ID, Text string
	Optional bool
	Body     string // what goes between the answer markers
	Drafted  bool   // Body is a draft the user has not confirmed yet
	// DraftedBy names who drafted Body when a model wrote it ("Maya,
	// with the model gpt-4o-mini"), "" for rtgit's own drafts.
	DraftedBy string
	// DraftedAt names the depth a carried draft was written for when
	// that is not the file's depth: it answers another wording of the
	// question, and is no answer until a person edits it.
	DraftedAt string
	// Unfinished: Body is rtgit's draft, which the question's rules
	// refuse until a person adds to it.
	Unfinished bool
	// Provenance is the hidden marker line of a model-written Body.
	Provenance string
	// Suggestion is a model's suggestion block, markers included.
	Suggestion string
}

// Render executes the answer-file template tmpl for v. source names the
// template in errors. The output is checked by parsing it back, so an
// override that drops a marker or mangles an answer fails here, at render
// time, instead of losing the user's work later.
func Render(source, tmpl string, v View) ([]byte, error) {
	return (*Cache)(nil).Render(source, tmpl, v)
}

// Render is [Render] through the cache, which keeps the check's parse of
// the output for when the file is read back.
func (c *Cache) Render(source, tmpl string, v View) ([]byte, error) {
	pg, want, err := newPage(v)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	t, err := template.New(source).Option("missingkey=error").Funcs(template.FuncMap{
		"fileMarker":    func() string { return fileMarker(v.StepID, v.Depth, v.Slug) },
		"answerOpen":    answerOpen,
		"answerClose":   answerClose,
		"menuOpen":      func() string { return menuOpen },
		"menuClose":     func() string { return menuClose },
		"feedbackOpen":  func() string { return feedbackOpen },
		"feedbackClose": func() string { return feedbackClose },
		"quote":         quote,
	}).Parse(tmpl)
	if err != nil {
		return nil, tmplerr.Explain(err, nil)
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, pg); err != nil {
		// Worded by the fields the template can use, since the
		// person reading it is editing an override, not rtgit's code.
		return nil, tmplerr.Explain(err, pg)
	}
	out := append(bytes.TrimRight(buf.Bytes(), "\n"), '\n')
	if err := c.check(source, out, v, pg, want); err != nil {
		return nil, err
	}
	return out, nil
}

// newPage validates v and works out each answer area, returning the text
// each answer must parse back to.
func newPage(v View) (*page, map[string]string, error) {
	if !tokenRe.MatchString(v.StepID) || !tokenRe.MatchString(v.Slug) {
		return nil, nil, fmt.Errorf("step %q and slug %q must be plain words to fit in the file marker", v.StepID, v.Slug)
	}
	if !depths[v.Depth] {
		return nil, nil, fmt.Errorf("depth %q must be brief, standard or deep", v.Depth)
	}
	pg := &page{StepID: v.StepID, Slug: v.Slug, Depth: v.Depth, DepthWhy: oneLineText(v.DepthWhy), Header: v.Header, Menu: v.Menu,
		Feedback: trimBlankLines(normalise(v.Feedback))}
	for _, s := range v.Intro {
		pg.Intro = append(pg.Intro, trimBlankLines(normalise(s)))
	}
	for _, s := range v.Prose {
		pg.Prose = append(pg.Prose, trimBlankLines(normalise(s)))
	}
	for _, s := range v.Withheld {
		// One line each, and no HTML comment: a file name is never a
		// marker.
		pg.Withheld = append(pg.Withheld, strings.ReplaceAll(oneLineText(s), "<!--", "&lt;!--"))
	}
	for _, c := range v.Contributors {
		pc := Contributor{Name: oneLineText(c.Name), Role: oneLineText(c.Role)}
		for _, p := range c.Prompts {
			if t := oneLineText(p); t != "" {
				pc.Prompts = append(pc.Prompts, t)
			}
		}
		pg.Contributors = append(pg.Contributors, pc)
	}
	for _, s := range v.Criteria {
		if c := strings.Join(strings.Fields(s), " "); c != "" {
			pg.Criteria = append(pg.Criteria, c)
		}
	}
	want := map[string]string{}
	for _, q := range v.Questions {
		if !tokenRe.MatchString(q.ID) {
			return nil, nil, fmt.Errorf("question id %q must be a plain word to fit in its markers", q.ID)
		}
		if _, dup := want[q.ID]; dup {
			return nil, nil, fmt.Errorf("question id %q is asked twice", q.ID)
		}
		pq := pageQuestion{ID: q.ID, Text: strings.TrimSpace(normalise(q.Text)), Optional: q.Optional}
		ai := q.AI
		if ai != nil && unanswered(ai.Text) {
			ai = nil
		}
		if c, ok := v.Carry[q.ID]; ok && !unanswered(c) {
			pq.Body = trimBlankLines(normalise(c))
			if m, ok := v.CarryAI[q.ID]; ok && m.Text == TextHash(pq.Body) {
				pq.Provenance = aiMarker("ai", m)
			}
			if at, ok := v.CarryDraft[q.ID]; ok {
				pq.Drafted, pq.Unfinished = true, q.Unfinished
				if at != v.Depth {
					pq.DraftedAt = at
				}
				if m, ok := v.CarryAI[q.ID]; ok && m.Text == TextHash(pq.Body) && !m.Chosen {
					pq.DraftedBy = "the model " + SafeModel(m.Model)
				}
			}
		} else if ai != nil && !ai.Suggest {
			pq.Body, pq.Drafted = trimBlankLines(normalise(ai.Text)), true
			pq.DraftedBy = draftedBy(ai)
			pq.Provenance = aiMarker("ai", AIMark{ID: q.ID, Model: ai.Model, Prompt: ai.Prompt, Text: TextHash(pq.Body)})
		} else if !unanswered(q.Prefill) {
			pq.Body, pq.Drafted, pq.Unfinished = fitDraft(trimBlankLines(normalise(q.Prefill))), true, q.Unfinished
		}
		if ai != nil && ai.Suggest && pq.Body == "" {
			body := trimBlankLines(normalise(ai.Text))
			pq.Suggestion = suggestionBlock(AIMark{ID: q.ID, Model: ai.Model, Prompt: ai.Prompt, Text: TextHash(body)}, ai.By, body)
		}
		want[q.ID] = pq.Body
		if pq.Body == "" {
			pq.Body = Placeholder
		}
		pg.Questions = append(pg.Questions, pq)
	}
	for _, k := range v.Kept {
		if !tokenRe.MatchString(k.ID) {
			return nil, nil, fmt.Errorf("question id %q must be a plain word to fit in its markers", k.ID)
		}
		if _, dup := want[k.ID]; dup {
			return nil, nil, fmt.Errorf("question id %q is both asked and kept", k.ID)
		}
		body := trimBlankLines(normalise(k.Body))
		if unanswered(body) {
			continue // nothing was said, so nothing is kept
		}
		want[k.ID] = body
		pk := Kept{ID: k.ID, Text: strings.TrimSpace(normalise(k.Text)), Body: body, AskedAt: oneLineText(k.AskedAt)}
		if m, ok := v.CarryAI[k.ID]; ok && m.Text == TextHash(body) {
			pk.Provenance = aiMarker("ai", m)
		}
		pg.Kept = append(pg.Kept, pk)
	}
	return pg, want, nil
}

func draftedBy(ai *AI) string {
	if ai.By == "" {
		return "the model " + SafeModel(ai.Model)
	}
	return ai.By + ", with the model " + SafeModel(ai.Model) + ","
}

// check parses the rendered file back and compares it with what was meant
// to be written.
func (c *Cache) check(source string, out []byte, v View, pg *page, want map[string]string) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%s: rendering gives a broken answer file: %s", source, fmt.Sprintf(format, args...))
	}
	f, _, err := c.parse("output", out)
	if err != nil {
		return bad("%v", err)
	}
	if f.StepID != v.StepID || f.Depth != v.Depth || f.Slug != v.Slug {
		return bad("its file marker says step=%s depth=%s slug=%s, not step=%s depth=%s slug=%s (use {{fileMarker}})",
			f.StepID, f.Depth, f.Slug, v.StepID, v.Depth, v.Slug)
	}
	if f.Choice != "" {
		return bad("menu box [%s] is already ticked", f.Choice)
	}
	for i, q := range v.Questions {
		if i >= len(f.Answers) || f.Answers[i].ID != q.ID {
			return bad("answer block %q is missing or out of order (use {{answerOpen .ID}} and {{answerClose .ID}} for every question)", q.ID)
		}
		if a := f.Answers[i]; a.Text != want[q.ID] {
			return bad("answer %q does not read back as written (it has an unclosed code fence or HTML block, or the template changes .Body)", q.ID)
		}
	}
	for _, pq := range pg.Questions {
		if pq.Suggestion == "" {
			continue
		}
		if s, ok := f.Suggested(pq.ID); !ok || s.Ticked || TextHash(s.Body) != s.Text {
			return bad("the suggestion for %q does not read back as written (use {{.Suggestion}} on lines of its own)", pq.ID)
		}
	}
	for j, k := range pg.Kept {
		i := len(v.Questions) + j
		if i >= len(f.Answers) || f.Answers[i].ID != k.ID || f.Answers[i].Text != k.Body {
			return bad("the answer kept for %q is missing, out of order or changed (after the questions, use {{range .Kept}} with {{answerOpen .ID}}, {{.Body}} and {{answerClose .ID}})", k.ID)
		}
	}
	// A model's text must stay marked as the model's: a template that
	// drops .Provenance would pass it off as a person's.
	marked := map[string]string{}
	for _, m := range f.AI {
		marked[m.ID] = m.Text
	}
	for _, pq := range pg.Questions {
		if pq.Provenance != "" && marked[pq.ID] != TextHash(pq.Body) {
			return bad("the answer to %q is a model's text, and the file does not say so (use {{.Provenance}} on a line of its own before its answer block)", pq.ID)
		}
	}
	for _, k := range pg.Kept {
		if k.Provenance != "" && marked[k.ID] != TextHash(k.Body) {
			return bad("the answer kept for %q is a model's text, and the file does not say so (use {{.Provenance}} on a line of its own before its answer block)", k.ID)
		}
	}
	if n := len(v.Questions) + len(pg.Kept); len(f.Answers) > n {
		return bad("answer block %q is not one of the questions", f.Answers[n].ID)
	}
	if fb := trimBlankLines(normalise(v.Feedback)); !unanswered(fb) && f.Feedback != fb {
		return bad("the feedback does not read back as written (use {{feedbackOpen}} {{.Feedback}} {{feedbackClose}})")
	}
	return nil
}

// normalise makes any line endings "\n", the only kind a rendered file has.
func normalise(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}

// quote makes text a block quote, so a multi-line question stays one
// visual unit.
func quote(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) == "" {
			lines[i] = ">"
		} else {
			lines[i] = "> " + l
		}
	}
	return strings.Join(lines, "\n")
}

func oneLineText(s string) string { return strings.Join(strings.Fields(s), " ") }
