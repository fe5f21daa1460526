package library

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"

	"gopkg.in/yaml.v3"

	"github.com/rtgit/rtgit/internal/yamlerr"
	"github.com/rtgit/rtgit/steps"
)

type personaFile struct {
	Personas []steps.Persona `yaml:"personas"`
}

// ParsePersonas reads a personas.yaml document. name is used in errors.
func ParsePersonas(name string, data []byte) ([]steps.Persona, error) {
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
func LoadPersonas(embedded, repo fs.FS) ([]steps.Persona, error) {
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
func personaDir(repo fs.FS) ([]steps.Persona, error) {
	names, err := fs.Glob(repo, RepoPersonaDir+"/*.yaml")
	if err != nil {
		return nil, err
	}
	more, _ := fs.Glob(repo, RepoPersonaDir+"/*.yml")
	names = append(names, more...)
	sort.Strings(names)
	var out []steps.Persona
	for _, name := range names {
		data, err := fs.ReadFile(repo, name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		var probe map[string]any
		if err := yaml.Unmarshal(data, &probe); err != nil {
			return nil, fmt.Errorf("%s:%w", name, yamlErr(err))
		}
		var ps []steps.Persona
		if _, list := probe["personas"]; list {
			if ps, err = ParsePersonas(name, data); err != nil {
				return nil, err
			}
		} else {
			var one steps.Persona
			dec := yaml.NewDecoder(bytes.NewReader(data))
			dec.KnownFields(true)
			if err := dec.Decode(&one); err != nil && !errors.Is(err, io.EOF) {
				return nil, fmt.Errorf("%s:%w", name, yamlErr(err))
			}
			if one.Key == "" || one.Name == "" || one.Role == "" {
				return nil, fmt.Errorf("%s: a persona needs key, name and role", name)
			}
			ps = []steps.Persona{one}
		}
		out = append(out, ps...)
	}
	return out, nil
}

// mergePersonas overlays extra on base: a known key replaces the whole
// persona, a new key is appended.
func mergePersonas(base, extra []steps.Persona) []steps.Persona {
	out := append([]steps.Persona{}, base...)
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
