// Package templates holds rtgit's embedded defaults: the step library,
// the personas, the answer-file template and the artifact templates.
//
// A repository overrides any of them with a same-named file: step files
// under .rtgit/steps/, personas in .rtgit/personas.yaml, and everything else
// under .rtgit/templates/. Overrides are read fresh on every run.
package templates

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
)

// FS holds the defaults, rooted so that "steps/00-quick-scan/…",
// "personas.yaml" and "answer-file.md.tmpl" are top-level paths.
//
//go:embed personas.yaml steps answer-file.md.tmpl demo artifacts init libraries ai export
var FS embed.FS

// OverrideDir is where a repository keeps template overrides.
const OverrideDir = ".rtgit/templates"

// Set resolves templates for one repository.
type Set struct {
	Repo fs.FS // the worktree; nil means defaults only
}

// Read returns the template called name, preferring the repository's
// override, and names where it came from so errors can point at the file.
func (s Set) Read(name string) (data []byte, source string, err error) {
	if s.Repo != nil {
		p := path.Join(OverrideDir, name)
		data, err = fs.ReadFile(s.Repo, p)
		if err == nil {
			return data, p, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, p, fmt.Errorf("%s: %w", p, err)
		}
	}
	data, err = fs.ReadFile(FS, name)
	if err != nil {
		return nil, "embedded:templates/" + name, fmt.Errorf("no template %q: %w", name, err)
	}
	return data, "embedded:templates/" + name, nil
}
