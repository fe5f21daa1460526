package library

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/signoff"
	"github.com/rtgit/rtgit/steps"
)

// A library is the set of phases and steps one kind of analysis follows.
// "feature" is the default (the five phases of the seeds); "bug" analyses
// a defect. Each analysis records its library in meta.json.
//
// Layout, embedded and in a repository:
//
//	templates/steps/<phase>/NN-name.md                    feature library
//	templates/libraries/<name>/library.yaml               phases and leads of a library
//	templates/libraries/<name>/steps/<phase>/NN-name.md   its steps
//	.rtgit/steps/<phase>/NN-name.md                       repo steps of the feature library
//	.rtgit/libraries/<name>/library.yaml                  a repo library's phases (optional)
//	.rtgit/libraries/<name>/steps/<phase>/NN-name.md      repo steps of library <name>
//
// A repo file with a step_id the library already has replaces that step;
// any other adds one. A directory under .rtgit/libraries that names no
// embedded library adds a new library.
const (
	// DefaultLibrary is the library of an analysis that names none.
	DefaultLibrary = "feature"
	// LibrariesDir is where libraries live, under the embedded templates
	// and under .rtgit in a repository.
	LibrariesDir = "libraries"
	// RepoLibrariesDir is where a repository keeps its libraries.
	RepoLibrariesDir = ".rtgit/" + LibrariesDir
)

// Library describes one library: what it is for, and for each phase its
// lead persona and the words rtgit uses when handing it over.
type Library struct {
	Name        string         `yaml:"name"`
	Description string         `yaml:"description"`
	Phases      []LibraryPhase `yaml:"phases"`
	Source      string         `yaml:"-"`
}

// LibraryPhase is one phase of a library.
type LibraryPhase struct {
	Key         string `yaml:"key"`
	Lead        string `yaml:"lead"` // persona key
	Name        string `yaml:"name"`
	Description string `yaml:"description"`
	Activity    string `yaml:"activity"`
	Artifact    string `yaml:"artifact"`
	// Area is the sign-off area the phase's answers belong to
	// (requirements, architecture, design); "" leaves it to the phase's
	// number, as in the feature library (package signoff).
	Area string `yaml:"area"`
}

// phase returns the library's Phase for key, falling back to PhaseFor.
func (l *Library) phase(key string) (steps.Phase, string) {
	p := steps.PhaseFor(key)
	if l == nil {
		return p, ""
	}
	for _, lp := range l.Phases {
		if lp.Key != key {
			continue
		}
		if lp.Name != "" {
			p.Name = lp.Name
		}
		if lp.Description != "" {
			p.Description = lp.Description
		}
		if lp.Activity != "" {
			p.Activity = lp.Activity
		}
		if lp.Artifact != "" {
			p.Artifact = lp.Artifact
		}
		return p, lp.Lead
	}
	return p, ""
}

// PhaseArea is the sign-off area the library assigns to the phase with
// key, "" when it assigns none.
func (p *Route) PhaseArea(key string) string {
	if p == nil || p.lib == nil {
		return ""
	}
	for _, lp := range p.lib.Phases {
		if lp.Key == key {
			return lp.Area
		}
	}
	return ""
}

// libraryNameRe is the form of a library's name: that of a persona key.
var libraryNameRe = lazyre.New(`^[a-z][a-z0-9-]*$`)

// ValidLibraryName reports whether name can name a library (and a folder).
func ValidLibraryName(name string) bool {
	return name != "" && libraryNameRe.MatchString(name)
}

// Libraries lists the libraries available: feature, every embedded one
// and every one the repository adds, sorted with feature first.
func Libraries(embedded, repo fs.FS) ([]string, error) {
	set := map[string]bool{DefaultLibrary: true}
	for _, src := range []struct {
		fsys fs.FS
		dir  string
	}{{embedded, LibrariesDir}, {repo, RepoLibrariesDir}} {
		if src.fsys == nil {
			continue
		}
		entries, err := fs.ReadDir(src.fsys, src.dir)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", src.dir, err)
		}
		for _, e := range entries {
			if e.IsDir() && ValidLibraryName(e.Name()) {
				set[e.Name()] = true
			}
		}
	}
	out := make([]string, 0, len(set))
	for k := range set {
		if k != DefaultLibrary {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return append([]string{DefaultLibrary}, out...), nil
}

// UnknownLibraryError says a library does not exist, and which do.
type UnknownLibraryError struct {
	Name  string
	Known []string
}

func (e *UnknownLibraryError) Error() string {
	return fmt.Sprintf("unknown analysis type %q (known: %s; a repository adds one under %s/<name>/steps/)", e.Name, strings.Join(e.Known, ", "), RepoLibrariesDir)
}

// loadLibrary reads a library's library.yaml, the repository's first.
func loadLibrary(embedded, repo fs.FS, name string) (*Library, error) {
	for _, src := range []struct {
		fsys   fs.FS
		dir    string
		prefix string
	}{{repo, RepoLibrariesDir, ""}, {embedded, LibrariesDir, "embedded:templates/"}} {
		if src.fsys == nil {
			continue
		}
		p := path.Join(src.dir, name, "library.yaml")
		data, err := fs.ReadFile(src.fsys, p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%s%s: %w", src.prefix, p, err)
		}
		var l Library
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(true)
		if err := dec.Decode(&l); err != nil && !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s%s:%w", src.prefix, p, yamlErr(err))
		}
		l.Source = src.prefix + p
		for _, lp := range l.Phases {
			if lp.Area != "" && !signoff.Valid(lp.Area) {
				return nil, fmt.Errorf("%s%s: phase %s: area %q is not a sign-off area; want one of %s", src.prefix, p, lp.Key, lp.Area, strings.Join(signoff.Areas, ", "))
			}
		}
		if l.Name == "" {
			l.Name = name
		}
		return &l, nil
	}
	return &Library{Name: name}, nil
}

// LoadLibrary resolves the route of one library. Load is LoadLibrary for
// the feature library.
func LoadLibrary(embedded, repo fs.FS, name string) (*Route, error) {
	if name == "" {
		name = DefaultLibrary
	}
	known, err := Libraries(embedded, repo)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(known, name) {
		return nil, &UnknownLibraryError{Name: name, Known: known}
	}
	personas, err := LoadPersonas(embedded, repo)
	if err != nil {
		return nil, err
	}
	lib, err := loadLibrary(embedded, repo, name)
	if err != nil {
		return nil, err
	}
	p := &Route{Personas: personas, Library: name, lib: lib}
	var roots []stepRoot
	if name == DefaultLibrary {
		roots = append(roots, stepRoot{embedded, "steps", "embedded:templates/"})
	}
	roots = append(roots, stepRoot{embedded, path.Join(LibrariesDir, name, "steps"), "embedded:templates/"})
	if repo != nil {
		if name == DefaultLibrary {
			roots = append(roots, stepRoot{repo, RepoStepsDir, ""})
		}
		roots = append(roots, stepRoot{repo, path.Join(RepoLibrariesDir, name, "steps"), ""})
	}
	var files []stepFile
	for _, r := range roots {
		found, err := discover(r.fsys, r.root, r.prefix)
		if err != nil {
			return nil, err
		}
		files = append(files, found...)
	}
	p.build(files)
	p.checkRefs()
	p.Problems.Sort()
	p.Problems = dedupe(p.Problems)
	return p, nil
}

// stepRoot is one directory of phase directories of step files.
type stepRoot struct {
	fsys   fs.FS
	root   string
	prefix string // how its files are named to users
}
