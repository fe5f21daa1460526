package steps

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/internal/yamlerr"
)

// Persona is one of the roundtable's named characters.
type Persona struct {
	Key            string      `yaml:"key" json:"key"`
	Name           string      `yaml:"name" json:"name"`             // "Maya Chen"
	ShortName      string      `yaml:"short_name" json:"short_name"` // "Maya"
	Role           string      `yaml:"role" json:"role"`             // "Business Analyst"
	Identity       string      `yaml:"identity" json:"identity"`
	Style          string      `yaml:"style" json:"style"`
	Principles     []Principle `yaml:"principles" json:"principles"`
	Phases         []string    `yaml:"phases" json:"phases"`
	Acknowledgment string      `yaml:"acknowledgment" json:"acknowledgment"` // contains {point}
	// Elaboration lists the persona's general angles for elaboration mode.
	Elaboration []string `yaml:"elaboration" json:"elaboration"`
	// Contributes marks a persona who joins the table without leading:
	// a security reviewer, a QA engineer, an SRE, a domain expert. They
	// never lead a phase or a step; they speak in elaboration discussions
	// and bring their principles to the steps whose topics they name.
	Contributes bool `yaml:"contributes" json:"contributes,omitempty"`
	// Topics are the subjects a contributing persona cares about
	// ("security", "data"); see Step.Topic.
	Topics []string `yaml:"topics" json:"topics,omitempty"`
}

// Principle is one guiding principle of a persona.
type Principle struct {
	Title string `yaml:"title" json:"title"`
	Text  string `yaml:"text" json:"text"`
}

// First returns the persona's first name, for conversational lines.
func (p Persona) First() string {
	if p.ShortName != "" {
		return p.ShortName
	}
	if i := strings.IndexByte(p.Name, ' '); i > 0 {
		return p.Name[:i]
	}
	return p.Name
}

// Acknowledge renders the persona's acknowledgment pattern around point.
func (p Persona) Acknowledge(point string) string {
	return strings.ReplaceAll(p.Acknowledgment, "{point}", point)
}

// clauseSlotRe finds a {point} that stands where a sentence goes ("so
// {point}", "that {point}", "Noted: {point}"), rather than where a thing is named ("about
// {point}", "account for {point}").
var clauseSlotRe = lazyre.New(`(?i)(\b(so|that|because)\s*|:\s*)\{point\}`)

// FillAck renders an acknowledgment pattern so that it reads as a
// sentence: clause where the pattern's {point} takes a sentence, thing
// where it names something. The patterns are the personas' own words
// (personas.yaml), so which kind a slot is can only be read off them.
func FillAck(pattern, clause, thing string) string {
	point := thing
	if clauseSlotRe.MatchString(pattern) {
		point = clause
	}
	return strings.ReplaceAll(pattern, "{point}", point)
}

type personaFile struct {
	Personas []Persona `yaml:"personas"`
}

// ParsePersonas reads a personas.yaml document. name is used in errors.
func ParsePersonas(name string, data []byte) ([]Persona, error) {
	var f personaFile
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s:%w", name, yamlErr(err))
	}
	for i, p := range f.Personas {
		if p.Key == "" || p.Name == "" || p.Role == "" {
			return nil, fmt.Errorf("%s: persona %d needs key, name and role", name, i+1)
		}
	}
	return f.Personas, nil
}

// yamlErr rewords a yaml.v3 error as "N: msg" so callers can prefix a
// path and get "path:N: msg" (package yamlerr).
func yamlErr(err error) error {
	return errors.New(yamlerr.Line(err))
}

// LoadPersonas reads the embedded personas and merges the repo's
// .rtgit/personas.yaml over them by key. repo may be nil.
func LoadPersonas(embedded, repo fs.FS) ([]Persona, error) {
	data, err := fs.ReadFile(embedded, "personas.yaml")
	if err != nil {
		return nil, fmt.Errorf("embedded personas.yaml: %w", err)
	}
	base, err := ParsePersonas("embedded:templates/personas.yaml", data)
	if err != nil {
		return nil, err
	}
	if repo == nil {
		return base, nil
	}
	data, err = fs.ReadFile(repo, ".rtgit/personas.yaml")
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf(".rtgit/personas.yaml: %w", err)
	}
	if err == nil {
		extra, err := ParsePersonas(".rtgit/personas.yaml", data)
		if err != nil {
			return nil, err
		}
		base = mergePersonas(base, extra)
	}
	extra, err := personaDir(repo)
	if err != nil {
		return nil, err
	}
	return mergePersonas(base, extra), nil
}

// RepoPersonaDir holds one file per persona, for teams that keep each
// contributing persona separately.
const RepoPersonaDir = ".rtgit/personas"

// personaDir reads .rtgit/personas/*.yaml in name order. A file holds one
// persona (its fields at the top level) or a personas: list.
func personaDir(repo fs.FS) ([]Persona, error) {
	names, err := fs.Glob(repo, RepoPersonaDir+"/*.yaml")
	if err != nil {
		return nil, err
	}
	more, _ := fs.Glob(repo, RepoPersonaDir+"/*.yml")
	names = append(names, more...)
	sort.Strings(names)
	var out []Persona
	for _, name := range names {
		data, err := fs.ReadFile(repo, name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		var probe map[string]any
		if err := yaml.Unmarshal(data, &probe); err != nil {
			return nil, fmt.Errorf("%s:%w", name, yamlErr(err))
		}
		var ps []Persona
		if _, list := probe["personas"]; list {
			if ps, err = ParsePersonas(name, data); err != nil {
				return nil, err
			}
		} else {
			var one Persona
			dec := yaml.NewDecoder(bytes.NewReader(data))
			dec.KnownFields(true)
			if err := dec.Decode(&one); err != nil && !errors.Is(err, io.EOF) {
				return nil, fmt.Errorf("%s:%w", name, yamlErr(err))
			}
			if one.Key == "" || one.Name == "" || one.Role == "" {
				return nil, fmt.Errorf("%s: a persona needs key, name and role", name)
			}
			ps = []Persona{one}
		}
		out = append(out, ps...)
	}
	return out, nil
}

// mergePersonas overlays extra on base: a known key replaces the whole
// persona, a new key is appended.
func mergePersonas(base, extra []Persona) []Persona {
	out := append([]Persona{}, base...)
	for _, p := range extra {
		replaced := false
		for i := range out {
			if out[i].Key == p.Key {
				out[i] = p
				replaced = true
			}
		}
		if !replaced {
			out = append(out, p)
		}
	}
	return out
}

// MatchPersona finds the persona a step file's persona field means. Keys
// match exactly; failing that, names, first names and roles match ignoring
// case, spaces, hyphens and underscores, so "Maya Chen", "maya",
// "business_analyst" and "Business Analyst" all mean business-analyst.
func MatchPersona(personas []Persona, name string) (string, bool) {
	if _, ok := FindPersona(personas, name); ok {
		return name, true
	}
	want := foldName(name)
	if want == "" {
		return "", false
	}
	for _, p := range personas {
		for _, cand := range []string{p.Key, p.Name, p.First(), p.Role} {
			if foldName(cand) == want {
				return p.Key, true
			}
		}
	}
	return "", false
}

func foldName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}
