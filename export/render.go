package export

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"text/template"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/internal/tmplerr"
)

// Formats are the layouts rtgit exports to, in the order help lists them.
var Formats = []string{"openspec", "spec-kit", "kiro", "gherkin"}

// Templates resolves a template by name, the repository's override first,
// and says where it came from (as roundtable.Templates does).
type Templates interface {
	Read(name string) (data []byte, source string, err error)
}

// File is one exported file, its path relative to the export's root.
type File struct {
	Path string
	Data []byte
}

// Result is what one export produced.
type Result struct {
	Format string
	Files  []File
	// Flagged counts the criteria exported as written because they are
	// not Given/When/Then; FlaggedIDs names them (a story's criterion by
	// its story's id).
	Flagged    int
	FlaggedIDs []string
	// Notes are what the target tool will say about the export that rtgit
	// cannot fix without inventing text (a Why too long for OpenSpec, …).
	Notes []string
}

// layout is one format: where its files go and which template writes each.
type layout struct {
	dir func(a *Analysis, existing fs.FS) (string, error)
	// files are the files the analysis is written as, under dir;
	// templates names the template of each that is not <base name>.tmpl
	// under templates/export/<format>/.
	files     func(a *Analysis) []string
	templates map[string]string
}

func mdComment(s string) string   { return "<!-- " + s + " -->" }
func hashComment(s string) string { return "# " + s }

// commentFor is the comment syntax of a file, by its name: Gherkin and
// YAML comment with #, Markdown with <!-- -->.
func commentFor(name string) func(string) string {
	switch path.Ext(name) {
	case ".feature", ".yaml":
		return hashComment
	}
	return mdComment
}

func fixed(files ...string) func(*Analysis) []string {
	return func(*Analysis) []string { return files }
}

var layouts = map[string]layout{
	"openspec": {
		dir:       func(a *Analysis, _ fs.FS) (string, error) { return "openspec/changes/" + a.Slug, nil },
		files:     openSpecFiles,
		templates: map[string]string{openSpecMetadata: "metadata.yaml"},
	},
	"spec-kit": {
		dir:   specKitDir,
		files: fixed("spec.md", "plan.md", "tasks.md"),
	},
	"kiro": {
		dir:   func(a *Analysis, _ fs.FS) (string, error) { return ".kiro/specs/" + a.Slug, nil },
		files: fixed("requirements.md", "design.md", "tasks.md"),
	},
	"gherkin": {
		dir:       func(*Analysis, fs.FS) (string, error) { return "features", nil },
		files:     fixed("{{slug}}.feature"),
		templates: map[string]string{"{{slug}}.feature": "feature"},
	},
}

// openSpecMetadata is an OpenSpec change's metadata file.
const openSpecMetadata = ".openspec.yaml"

// openSpecFiles are an OpenSpec change's files. An analysis whose library
// asks for no requirements (a bug fix restores the behaviour the specs
// already describe) changes no spec: its change declares skip_specs in its
// metadata, as OpenSpec asks of a change with no spec deltas, instead of
// carrying a spec file without requirements, which openspec validate
// refuses. A feature without requirements yet is unfinished, not
// spec-free, and keeps its spec file and the note that says so.
func openSpecFiles(a *Analysis) []string {
	if skipsSpecs(a) {
		return []string{"proposal.md", "design.md", "tasks.md", openSpecMetadata}
	}
	return []string{"proposal.md", "design.md", "tasks.md", "specs/{{slug}}/spec.md"}
}

func skipsSpecs(a *Analysis) bool { return !a.AsksRequirements && len(a.Built()) == 0 }

// Options tune an export.
type Options struct {
	Templates Templates
	// Existing is the export's root as it is now (the repository, or
	// --out): spec-kit's feature number is the next free one there, or the
	// one this analysis already has.
	Existing fs.FS
}

// Render writes the analysis in format. It reads nothing but the
// templates and, for spec-kit's numbering, the names under Existing.
func Render(a *Analysis, format string, opt Options) (*Result, error) {
	lay, ok := layouts[format]
	if !ok {
		return nil, fmt.Errorf("unknown format %q: use %s", format, strings.Join(Formats, ", "))
	}
	dir, err := lay.dir(a, opt.Existing)
	if err != nil {
		return nil, err
	}
	cp := *a
	a = &cp
	a.Feature = path.Base(dir)
	r := &Result{Format: format}
	flagged := map[string]bool{}
	for _, f := range lay.files(a) {
		base := path.Base(f)
		if t, ok := lay.templates[f]; ok {
			base = t
		}
		body, err := execute(opt.Templates, "export/"+format+"/"+base+".tmpl", a, flagged)
		if err != nil {
			return nil, err
		}
		rel := path.Join(dir, strings.ReplaceAll(f, "{{slug}}", a.Slug))
		r.Files = append(r.Files, File{Path: rel, Data: stamp(commentFor(f), a, body)})
	}
	for id := range flagged {
		r.FlaggedIDs = append(r.FlaggedIDs, id)
	}
	sort.Strings(r.FlaggedIDs)
	r.Flagged = len(r.FlaggedIDs)
	if format == "openspec" {
		r.Notes = openSpecNotes(a, dir, opt.Existing)
	}
	return r, nil
}

// execute runs one template. A template that does not parse or fails to
// run is an error naming the file it came from.
func execute(ts Templates, name string, a *Analysis, flagged map[string]bool) ([]byte, error) {
	src, source, err := ts.Read(name)
	if err != nil {
		return nil, err
	}
	// Named by its source, so an error starts with the file and line.
	t, err := template.New(source).Funcs(funcs(a, flagged)).Option("missingkey=error").Parse(string(src))
	if err != nil {
		return nil, tmplerr.Explain(err, nil)
	}
	var b bytes.Buffer
	if err := t.Execute(&b, a); err != nil {
		return nil, tmplerr.Explain(err, a)
	}
	return tidy(b.Bytes()), nil
}

var blankRunRe = lazyre.New(`\n{3,}`)

// tidy leaves at most one blank line between blocks, no trailing spaces
// and exactly one final newline, so templates can be laid out for reading.
func tidy(b []byte) []byte {
	lines := strings.Split(string(b), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	s := blankRunRe.ReplaceAllString(strings.Join(lines, "\n"), "\n\n")
	return []byte(strings.Trim(s, "\n") + "\n")
}

// specKitDir is specs/NNN-<slug>: the number this analysis already has
// there, else one past the highest in use.
func specKitDir(a *Analysis, existing fs.FS) (string, error) {
	highest := 0
	if existing != nil {
		entries, err := fs.ReadDir(existing, "specs")
		if err != nil && !isNotExist(err) {
			return "", err
		}
		for _, e := range entries {
			num, rest, ok := strings.Cut(e.Name(), "-")
			n, err := strconv.Atoi(num)
			if !ok || !e.IsDir() || err != nil || len(num) < 3 {
				continue
			}
			if rest == a.Slug {
				return "specs/" + e.Name(), nil
			}
			highest = max(highest, n)
		}
	}
	return fmt.Sprintf("specs/%03d-%s", highest+1, a.Slug), nil
}

// openSpecNotes says which of OpenSpec's limits the analysis exceeds, and
// what an earlier export left under dir in existing that OpenSpec would
// refuse beside this one.
func openSpecNotes(a *Analysis, dir string, existing fs.FS) []string {
	var notes []string
	if n := len(whyText(a)); n > maxWhy || n < minWhy {
		notes = append(notes, fmt.Sprintf("proposal.md: the problem statement is %d characters; openspec validate wants a Why of %d to %d", n, minWhy, maxWhy))
	}
	if skipsSpecs(a) {
		// Export writes files and never deletes one, so a spec file an
		// earlier export wrote stays; OpenSpec refuses it beside
		// skip_specs, and only a person should delete it.
		spec := "specs/" + a.Slug + "/spec.md"
		if existing != nil {
			if _, err := fs.Stat(existing, path.Join(dir, spec)); err == nil {
				notes = append(notes, fmt.Sprintf("%s: left from an earlier export; openspec validate refuses spec files in a change that declares skip_specs, so delete it", spec))
			}
		}
	} else if len(a.Built()) == 0 {
		notes = append(notes, fmt.Sprintf("specs/%s/spec.md: the analysis has no functional requirement to build yet; openspec validate refuses a change without one", a.Slug))
	}
	if n := len(a.Built()); n > maxDeltas {
		notes = append(notes, fmt.Sprintf("specs/%s/spec.md: %d requirements; openspec validate refuses a change with more than %d", a.Slug, n, maxDeltas))
	}
	return notes
}

// OpenSpec's limits on a change (its validator's constants).
const (
	minWhy    = 50
	maxWhy    = 1000
	maxDeltas = 10
)
