// Package templates holds rtgit's embedded defaults: the step library,
// the personas, the answer-file template and the artifact templates.
//
// A repository overrides any of them with a same-named file: step files
// under .rtgit/steps/, personas in .rtgit/personas.yaml, and everything else
// under .rtgit/templates/. Overrides are read fresh on every run, from
// the tree Set.Repo names: the worktree locally, the default branch's
// commit in the Action.
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
	// Repo is the tree overrides are read from: the worktree locally,
	// the default branch's commit in the Action. Nil means defaults
	// only.
	Repo fs.FS
	// Where says where Repo is, when it is not the worktree ("on main at
	// 1a2b3c4d"); it follows an override's path in sources and errors.
	Where string
}

// Read returns the template called name, preferring the repository's
// override, and names where it came from so errors can point at the file.
func (s Set) Read(name string) (data []byte, source string, err error) {
	if s.Repo != nil {
		p := path.Join(OverrideDir, name)
		src := p
		if s.Where != "" {
			src += " " + s.Where
		}
		data, err = fs.ReadFile(s.Repo, p)
		if err == nil {
			return data, src, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, src, fmt.Errorf("%s: %w", src, err)
		}
	}
	data, err = fs.ReadFile(FS, name)
	if err != nil {
		return nil, "embedded:templates/" + name, fmt.Errorf("no template %q: %w", name, err)
	}
	return data, "embedded:templates/" + name, nil
}
