package export

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"gopkg.in/yaml.v3"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/roundtable"
	"github.com/rtgit/rtgit/templates"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// demoSource is the demo's analysis as the step machine hands it over:
// every answer of templates/demo/answers.yaml, with the feature library's
// mappings, at a fixed commit.
func demoSource(t testing.TB) *roundtable.Source {
	t.Helper()
	return scriptedSource(t, "", "demo/answers.yaml", steps.Deep)
}

// bugSource is the bug demo's analysis, with the questions the bug
// library asks at depth answered from templates/demo/answers-bug.yaml.
func bugSource(t testing.TB, depth steps.Depth) *roundtable.Source {
	t.Helper()
	return scriptedSource(t, "bug", "demo/answers-bug.yaml", depth)
}

// scriptedSource answers the questions library lib asks at depth from a
// demo's scripted answers, with the library's mappings, at a fixed commit.
func scriptedSource(t testing.TB, lib, file string, depth steps.Depth) *roundtable.Source {
	t.Helper()
	p, err := library.LoadLibrary(templates.FS, fstest.MapFS{}, lib)
	if err != nil {
		t.Fatal(err)
	}
	data, err := templates.FS.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var demo struct {
		Slug, Description string
		Answers           map[string]map[string]string
	}
	if err := yaml.Unmarshal(data, &demo); err != nil {
		t.Fatal(err)
	}
	src := &roundtable.Source{Slug: demo.Slug, Description: demo.Description, Library: lib,
		AsksRequirements: roundtable.AsksRequirements(p),
		Dir:              "docs/requirements/" + demo.Slug, Commit: "0123456789abcdef0123456789abcdef01234567"}
	for _, s := range p.Steps() {
		for _, q := range s.Questions(depth) {
			text, ok := demo.Answers[s.ID][q.ID]
			if !ok {
				continue
			}
			sa := roundtable.SourceAnswer{Step: s.ID, Question: q.ID, Text: strings.TrimSpace(text)}
			for _, m := range s.Mappings {
				if m.Question == q.ID {
					sa.Mappings = append(sa.Mappings, m)
				}
			}
			src.Answers = append(src.Answers, sa)
		}
	}
	return src
}

// withProse adds a criterion written in free prose to FR-003.
func withProse(src *roundtable.Source) *roundtable.Source {
	for i, a := range src.Answers {
		if a.Question == "requirements" {
			src.Answers[i].Text = strings.Replace(a.Text, "- FR-004:",
				"  - AC-003-02: Filtering by status feels instant to a bookkeeper at month-end.\n- FR-004:", 1)
		}
	}
	return src
}

func render(t *testing.T, a *Analysis, format string, existing fstest.MapFS) *Result {
	t.Helper()
	r, err := Render(a, format, Options{Templates: templates.Set{}, Existing: existing})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// golden compares got with testdata/<name>, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	p := filepath.Join("testdata", filepath.FromSlash(name))
	if *update {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("%v (run go test ./export -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file; run go test ./export -update and review the diff\n--- got\n%s", p, got)
	}
}

func TestGolden(t *testing.T) {
	for _, format := range Formats {
		t.Run(format, func(t *testing.T) {
			r := render(t, New(demoSource(t)), format, nil)
			if r.Flagged != 0 {
				t.Errorf("the demo has no criterion in free prose, but %d were flagged: %v", r.Flagged, r.FlaggedIDs)
			}
			for _, f := range r.Files {
				golden(t, format+"/"+f.Path, f.Data)
			}
		})
	}
}

func TestProseCriterionIsFlaggedNotRewritten(t *testing.T) {
	a := New(withProse(demoSource(t)))
	for _, format := range Formats {
		t.Run(format, func(t *testing.T) {
			r := render(t, a, format, nil)
			if r.Flagged != 1 || r.FlaggedIDs[0] != "AC-003-02" {
				t.Fatalf("flagged %d %v, want AC-003-02 alone", r.Flagged, r.FlaggedIDs)
			}
			all := ""
			for _, f := range r.Files {
				all += string(f.Data)
			}
			if !strings.Contains(all, "Filtering by status feels instant to a bookkeeper at month-end") {
				t.Errorf("the criterion is not exported as written")
			}
			if !strings.Contains(all, FlagLabel) {
				t.Errorf("the criterion is not flagged with %q", FlagLabel)
			}
			if format == "gherkin" {
				golden(t, "prose/"+r.Files[0].Path, r.Files[0].Data)
			}
		})
	}
}

func TestDeterministic(t *testing.T) {
	for _, format := range Formats {
		one := render(t, New(demoSource(t)), format, nil)
		two := render(t, New(demoSource(t)), format, nil)
		for i := range one.Files {
			if one.Files[i].Path != two.Files[i].Path || !bytes.Equal(one.Files[i].Data, two.Files[i].Data) {
				t.Errorf("%s: %s differs between two renders of the same analysis", format, one.Files[i].Path)
			}
		}
	}
}

// A revision rewrites only the files whose text it changes; the others
// keep their bytes, stamp included, though the commit moved on.
func TestRevisionChangesOnlyWhatChanged(t *testing.T) {
	dir := t.TempDir()
	src := demoSource(t)
	r := render(t, New(src), "openspec", nil)
	if _, err := Write(dir, r.Files, false); err != nil {
		t.Fatal(err)
	}
	before := readAll(t, dir, r.Files)
	src.Commit = "fedcba9876543210fedcba9876543210fedcba98"
	for i, a := range src.Answers {
		if a.Question == "chosen" {
			src.Answers[i].Text += " We revisit this after the first month."
		}
	}
	r2 := render(t, New(src), "openspec", nil)
	acts, err := Write(dir, r2.Files, false)
	if err != nil {
		t.Fatal(err)
	}
	after := readAll(t, dir, r2.Files)
	for _, a := range acts {
		changed := !bytes.Equal(before[a.Path], after[a.Path])
		want := strings.HasSuffix(a.Path, "/design.md")
		if changed != want || (a.State == Updated) != want {
			t.Errorf("%s: changed %v, state %s; only design.md should change", a.Path, changed, a.State)
		}
	}
	if !bytes.Contains(after["openspec/changes/invoice-csv-export/design.md"], []byte(" at fedcba98")) {
		t.Errorf("the rewritten design.md does not name the new commit")
	}
}

func readAll(t *testing.T, dir string, files []File) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Path)))
		if err != nil {
			t.Fatal(err)
		}
		out[f.Path] = b
	}
	return out
}

func TestEditedFilesAreNotOverwritten(t *testing.T) {
	dir := t.TempDir()
	r := render(t, New(demoSource(t)), "kiro", nil)
	acts, err := Write(dir, r.Files, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range acts {
		if a.State != Created {
			t.Errorf("%s: %s, want created", a.Path, a.State)
		}
	}
	again, err := Write(dir, r.Files, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range again {
		if a.State != Unchanged {
			t.Errorf("second export: %s: %s, want unchanged", a.Path, a.State)
		}
	}

	design := filepath.Join(dir, ".kiro/specs/invoice-csv-export/design.md")
	edited := append(readAll(t, dir, r.Files)[".kiro/specs/invoice-csv-export/design.md"], "\nOur own note.\n"...)
	if err := os.WriteFile(design, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	// A file rtgit never wrote (no stamp) is the user's too.
	tasks := filepath.Join(dir, ".kiro/specs/invoice-csv-export/tasks.md")
	if err := os.WriteFile(tasks, []byte("- [ ] 1. our own plan\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := demoSource(t)
	src.Commit = "fedcba9876543210fedcba9876543210fedcba98"
	r2 := render(t, New(src), "kiro", nil)
	_, err = Write(dir, r2.Files, false)
	var ee *EditedError
	if !errors.As(err, &ee) {
		t.Fatalf("err = %v, want the edited files named", err)
	}
	want := ".kiro/specs/invoice-csv-export/design.md, .kiro/specs/invoice-csv-export/tasks.md"
	if got := strings.Join(ee.Paths, ", "); got != want {
		t.Errorf("named %s, want %s", got, want)
	}
	if !strings.Contains(err.Error(), "--force") {
		t.Errorf("the error does not say how to replace them: %v", err)
	}
	if b, _ := os.ReadFile(design); !bytes.Equal(b, edited) {
		t.Errorf("the edited design.md was changed")
	}

	acts, err = Write(dir, r2.Files, true)
	if err != nil {
		t.Fatal(err)
	}
	states := map[string]string{}
	for _, a := range acts {
		states[filepath.Base(a.Path)] = a.State
	}
	if states["design.md"] != Forced || states["tasks.md"] != Forced || states["requirements.md"] != Unchanged {
		t.Errorf("with --force: %v", states)
	}
	if b, _ := os.ReadFile(design); bytes.Contains(b, []byte("Our own note.")) {
		t.Errorf("--force left the edit in place")
	}
}

func TestSpecKitNumber(t *testing.T) {
	a := New(demoSource(t))
	dir := func(existing fstest.MapFS) string {
		return filepath.Dir(render(t, a, "spec-kit", existing).Files[0].Path)
	}
	if got := dir(nil); got != "specs/001-invoice-csv-export" {
		t.Errorf("first feature: %s", got)
	}
	taken := fstest.MapFS{"specs/001-login/spec.md": {}, "specs/007-search/spec.md": {}, "specs/notes.md": {}}
	if got := dir(taken); got != "specs/008-invoice-csv-export" {
		t.Errorf("after 007: %s", got)
	}
	taken["specs/003-invoice-csv-export/spec.md"] = &fstest.MapFile{}
	if got := dir(taken); got != "specs/003-invoice-csv-export" {
		t.Errorf("exported before as 003: %s", got)
	}
}

// brokenTemplates overrides one template with text, by default text
// that does not parse.
type brokenTemplates struct{ name, text string }

func (b brokenTemplates) Read(name string) ([]byte, string, error) {
	if name == b.name {
		if b.text == "" {
			return []byte("{{range .Requirements}"), ".rtgit/templates/" + name, nil
		}
		return []byte(b.text), ".rtgit/templates/" + name, nil
	}
	return templates.Set{}.Read(name)
}

func TestBrokenOverrideNamesTheFile(t *testing.T) {
	_, err := Render(New(demoSource(t)), "gherkin", Options{Templates: brokenTemplates{name: "export/gherkin/feature.tmpl"}})
	if err == nil || !strings.HasPrefix(err.Error(), ".rtgit/templates/export/gherkin/feature.tmpl:1: ") {
		t.Fatalf("err = %v, want it to start with the override's path and line", err)
	}
}

// An override that parses but names a field the analysis does not have
// is named by its line, the field and the fields there are, never by a
// Go type.
func TestOverrideWithUnknownFieldNamesTheField(t *testing.T) {
	_, err := Render(New(demoSource(t)), "gherkin",
		Options{Templates: brokenTemplates{"export/gherkin/feature.tmpl", "Feature: {{.Slug}}\n\n{{.Titel}}\n"}})
	want := ".rtgit/templates/export/gherkin/feature.tmpl:3: {{.Titel}}: there is no field Titel here; the fields here are ."
	if err == nil || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), ".Slug") || strings.Contains(err.Error(), "export.") {
		t.Fatalf("err = %v, want it to start with %q and list .Slug", err, want)
	}
}

func TestUnknownFormat(t *testing.T) {
	if _, err := Render(New(demoSource(t)), "cucumber", Options{Templates: templates.Set{}}); err == nil {
		t.Fatal("an unknown format rendered")
	}
}

// OpenSpec's limits rtgit cannot meet without rewriting the answers are
// reported, not worked around.
func TestOpenSpecNotes(t *testing.T) {
	src := demoSource(t)
	for i, a := range src.Answers {
		if a.Question == "problem" {
			src.Answers[i].Text = strings.Repeat("Bookkeepers retype every invoice by hand. ", 30)
		}
	}
	r := render(t, New(src), "openspec", nil)
	if len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "proposal.md: the problem statement is 1259 characters") {
		t.Errorf("notes: %q", r.Notes)
	}
	if r := render(t, New(demoSource(t)), "openspec", nil); len(r.Notes) != 0 {
		t.Errorf("the demo fits OpenSpec's limits, but: %q", r.Notes)
	}
}

// An analysis that discussed nothing (every phase skipped, or a library
// that asks none of these questions) still leaves no heading empty: a
// section no step discussed says so.
func TestUndiscussedSectionsSaySo(t *testing.T) {
	a := New(&roundtable.Source{Slug: "cart-expiry", Description: "Expire saved carts after 30 days",
		Dir: "docs/requirements/cart-expiry", Commit: strings.Repeat("a", 40)})
	heading := regexp.MustCompile(`^(#{1,6}) `)
	for _, format := range Formats {
		for _, f := range render(t, a, format, nil).Files {
			if !strings.HasSuffix(f.Path, ".md") {
				continue
			}
			lines := strings.Split(string(f.Data), "\n")
			for i, l := range lines {
				m := heading.FindStringSubmatch(l)
				if m == nil {
					continue
				}
				j := i + 1
				for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
					j++
				}
				if j == len(lines) {
					t.Errorf("%s %s:%d: %q ends the file with nothing under it", format, f.Path, i+1, l)
					continue
				}
				if n := heading.FindStringSubmatch(lines[j]); n != nil && len(n[1]) <= len(m[1]) {
					t.Errorf("%s %s:%d: %q has nothing under it", format, f.Path, i+1, l)
				}
			}
		}
	}
}
