package ai

import (
	"bytes"
	"strings"
	"text/template"

	"github.com/rtgit/rtgit/internal/tmplerr"
)

// Templates resolves a template by name, the repository's override first
// (templates.Set does this for .rtgit/templates/).
type Templates interface {
	Read(name string) (data []byte, source string, err error)
}

// TemplateDir is where the prompt templates live, embedded and in a
// repository's .rtgit/templates/ override.
const TemplateDir = "ai/"

// The prompt templates: one system prompt, two shared partials, and one
// user prompt per kind of call.
var (
	partials = []string{"context.tmpl", "step.tmpl"}
	kinds    = []string{"draft.tmpl", "respond.tmpl", "voice.tmpl", "review.tmpl", "handoff.tmpl"}
)

const systemTemplate = "system.tmpl"

// prompts holds the parsed templates.
type prompts struct {
	system *template.Template
	kind   map[string]*template.Template
}

// loadPrompts parses every prompt template. A broken override is an error
// naming its file, never replaced by the embedded default.
func loadPrompts(t Templates) (*prompts, error) {
	read := func(name string) (string, string, error) {
		data, source, err := t.Read(TemplateDir + name)
		if err != nil {
			return "", source, err
		}
		return string(data), source, nil
	}
	parse := func(root *template.Template, name string) (*template.Template, error) {
		text, source, err := read(name)
		if err != nil {
			return nil, err
		}
		if root == nil {
			root = template.New(source)
		} else {
			root = root.New(source)
		}
		tt, err := root.Option("missingkey=error").Parse(text)
		if err != nil {
			return nil, tmplerr.Explain(err, nil)
		}
		return tt, nil
	}
	p := &prompts{kind: map[string]*template.Template{}}
	var err error
	if p.system, err = parse(nil, systemTemplate); err != nil {
		return nil, err
	}
	for _, k := range kinds {
		var base *template.Template
		for _, name := range partials {
			if base, err = parse(base, name); err != nil {
				return nil, err
			}
		}
		tt, err := parse(base, k)
		if err != nil {
			return nil, err
		}
		p.kind[k] = tt
	}
	return p, nil
}

// render executes a template; an error names the template's file.
func render(t *template.Template, data any) (string, error) {
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		return "", tmplerr.Explain(err, data)
	}
	return strings.TrimSpace(b.String()), nil
}
