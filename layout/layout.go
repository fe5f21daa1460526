// Package layout owns where a repository keeps its analyses: the folder
// with one sub-folder per analysis (docs/requirements/<slug>, as the seed
// framework lays it out) and the folder of documents the analyses share
// (docs/common, holding nfr-matrix.md).
//
// A repository whose docs/ is its published site moves both with the
// analyses section of .rtgit/config.yaml:
//
//	analyses:
//	  root: .rtgit/analyses
//	  common: .rtgit/common
//
// Like every setting that decides what rtgit trusts, the section is read
// from the default branch only (package settings): an analysis branch
// cannot move the folders it is looked for in. The package is pure: it
// parses the section and names paths, and reads and writes nothing.
package layout

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/rtgit/rtgit/internal/yamlerr"
)

// The seed framework's folders, used when nothing else is set.
const (
	DefaultRoot   = "docs/requirements"
	DefaultCommon = "docs/common"
)

// Layout names the two folders. The zero value is the default layout, so
// a Layout nobody set behaves as the seed framework's.
type Layout struct {
	root, common string
}

// Default is the seed framework's layout.
func Default() Layout { return Layout{} }

// Root is the folder holding one folder per analysis.
func (l Layout) Root() string {
	if l.root == "" {
		return DefaultRoot
	}
	return l.root
}

// Common is the folder of the documents every analysis shares.
func (l Layout) Common() string {
	if l.common == "" {
		return DefaultCommon
	}
	return l.common
}

// Dir is the folder of the analysis slug.
func (l Layout) Dir(slug string) string { return l.Root() + "/" + slug }

// Meta is the analysis slug's meta.json.
func (l Layout) Meta(slug string) string { return l.Dir(slug) + "/meta.json" }

// NFRMatrix is the quality-requirements table every analysis shares.
func (l Layout) NFRMatrix() string { return l.Common() + "/nfr-matrix.md" }

// Holds reports whether the repository path p is one of the analyses'
// documents: under the root or the shared folder.
func (l Layout) Holds(p string) bool {
	return strings.HasPrefix(p, l.Root()+"/") || strings.HasPrefix(p, l.Common()+"/")
}

// SlugOf returns the analysis whose folder holds p, or "" when p lies in
// no analysis's folder.
func (l Layout) SlugOf(p string) string {
	rest, ok := strings.CutPrefix(p, l.Root()+"/")
	if !ok {
		return ""
	}
	slug, _, ok := strings.Cut(rest, "/")
	if !ok {
		return ""
	}
	return slug
}

// Excluded lists the path prefixes that hold rtgit's own documents, which
// a search of the project's code leaves out: the two folders and .rtgit/.
func (l Layout) Excluded() []string {
	out := []string{".rtgit/"}
	for _, d := range []string{l.Root(), l.Common()} {
		if !strings.HasPrefix(d, ".rtgit/") {
			out = append(out, d+"/")
		}
	}
	return out
}

// reserved are the paths under .rtgit/ that hold settings and overrides;
// analyses may live beside them, never in them.
var reserved = []string{".rtgit/config.yaml", ".rtgit/steps", ".rtgit/libraries", ".rtgit/personas", ".rtgit/personas.yaml", ".rtgit/templates"}

// Parse reads the analyses section of a .rtgit/config.yaml document read
// from source (nil: no file, the default layout). A folder that is not a
// plain relative path inside the repository, or that would sit inside
// the other, inside .git or on rtgit's own settings, is an error at its
// line.
func Parse(source string, data []byte) (Layout, error) {
	if data == nil {
		return Layout{}, nil
	}
	var f struct {
		Analyses struct {
			Root   yaml.Node `yaml:"root"`
			Common yaml.Node `yaml:"common"`
		} `yaml:"analyses"`
		Rest map[string]yaml.Node `yaml:",inline"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil && !errors.Is(err, io.EOF) {
		return Layout{}, yamlerr.At(source, err)
	}
	var l Layout
	for _, s := range []struct {
		key string
		n   *yaml.Node
		dst *string
	}{{"root", &f.Analyses.Root, &l.root}, {"common", &f.Analyses.Common, &l.common}} {
		if s.n.Kind == 0 {
			continue
		}
		if s.n.Kind != yaml.ScalarNode || s.n.Tag == "!!null" {
			return Layout{}, fmt.Errorf("%s:%d: analyses.%s must be a folder, such as .rtgit/analyses", source, s.n.Line, s.key)
		}
		p, err := folder(s.n.Value)
		if err != nil {
			return Layout{}, fmt.Errorf("%s:%d: analyses.%s is %q: %v", source, s.n.Line, s.key, s.n.Value, err)
		}
		*s.dst = p
	}
	if l.root != "" && l.common == "" {
		// The shared folder stands beside the analyses, as docs/common
		// beside docs/requirements.
		l.common = path.Join(path.Dir(l.root), "common")
		if l.common == "common" && path.Dir(l.root) == "." {
			l.common = l.root + "-common"
		}
	}
	// The default spelled out is the default: the zero value.
	if l.root == DefaultRoot {
		l.root = ""
	}
	if l.common == DefaultCommon {
		l.common = ""
	}
	r, c := l.Root(), l.Common()
	if r == c || strings.HasPrefix(r+"/", c+"/") || strings.HasPrefix(c+"/", r+"/") {
		line := f.Analyses.Common.Line
		if line == 0 {
			line = f.Analyses.Root.Line
		}
		return Layout{}, fmt.Errorf("%s:%d: the analyses' folder %s and the shared folder %s must not hold one another", source, line, r, c)
	}
	return l, nil
}

// folder checks one configured folder and returns it cleaned of a
// trailing slash.
func folder(v string) (string, error) {
	v = strings.TrimSuffix(strings.TrimSpace(v), "/")
	switch {
	case v == "" || v == ".":
		return "", errors.New("the repository's root cannot hold analyses; name a folder")
	case strings.Contains(v, "\\"):
		return "", errors.New("use / between folders")
	case path.IsAbs(v) || v != path.Clean(v) || v == ".." || strings.HasPrefix(v, "../"):
		return "", errors.New("name a folder inside the repository, relative to its root, without . or .. parts")
	}
	for _, part := range strings.Split(v, "/") {
		if strings.EqualFold(part, ".git") {
			return "", errors.New("a folder inside .git is not part of the repository")
		}
		if strings.HasPrefix(part, "-") || strings.ContainsAny(part, ":*?\"<>|\x00") {
			return "", fmt.Errorf("the folder name %q is not portable", part)
		}
	}
	if v == ".rtgit" {
		return "", errors.New(".rtgit holds the settings; name a folder inside it, such as .rtgit/analyses")
	}
	for _, r := range reserved {
		if v == r || strings.HasPrefix(v, r+"/") || strings.HasPrefix(r, v+"/") {
			return "", fmt.Errorf("%s holds rtgit's settings or overrides", r)
		}
	}
	return v, nil
}
