package roundtable_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"flag"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
	"gopkg.in/yaml.v3"

	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/artifacts"
	"github.com/rtgit/rtgit/steps/roundtable"
	"github.com/rtgit/rtgit/templates"
)

var update = flag.Bool("update", false, "rewrite the golden artifacts in testdata/artifacts")

// artRepo adapts gitops to the machine's Repo interface.
type artRepo struct{ *gitops.Repo }

func (g artRepo) Branches(prefix string) ([]roundtable.Branch, error) {
	bs, err := g.Repo.Branches(prefix)
	out := make([]roundtable.Branch, len(bs))
	for i, b := range bs {
		out[i] = roundtable.Branch{Name: b.Name, Time: b.Time}
	}
	return out, err
}

// demoScript is templates/demo/answers.yaml.
type demoScript struct {
	Slug        string                       `yaml:"slug"`
	Description string                       `yaml:"description"`
	Answers     map[string]map[string]string `yaml:"answers"`
}

func loadScript(t *testing.T) demoScript {
	t.Helper()
	raw, err := fs.ReadFile(templates.FS, "demo/answers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var s demoScript
	if err := yaml.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// newDemoMachine seeds the demo's sample codebase in a fresh repository.
func newDemoMachine(t *testing.T) (*roundtable.Machine, string) {
	t.Helper()
	dir := t.TempDir()
	repo, err := gitops.Init(dir)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	err = fs.WalkDir(templates.FS, "demo/repo", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, _ := fs.ReadFile(templates.FS, p)
		rel := strings.TrimPrefix(p, "demo/repo/")
		paths = append(paths, rel)
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := repo.Commit(paths, "Import ledgerly"); err != nil {
		t.Fatal(err)
	}
	fixed := time.Date(2025, 3, 14, 9, 0, 0, 0, time.UTC)
	return &roundtable.Machine{Repo: artRepo{repo}, Templates: templates.Set{Repo: os.DirFS(dir)},
		Embedded: templates.FS, Now: func() time.Time { return fixed }}, dir
}

// drive answers every step from the script until the analysis is done, or
// until the step after stopAfter is open. It returns the last error of Next.
func drive(t *testing.T, m *roundtable.Machine, s demoScript, stopAfter string) error {
	t.Helper()
	r, err := m.New(roundtable.NewOptions{Description: s.Description, Slug: s.Slug})
	if err != nil {
		t.Fatal(err)
	}
	for r.Step != nil && !r.Done {
		step := r.Step
		for _, q := range step.Questions {
			if text, ok := s.Answers[step.ID][q.ID]; ok {
				if _, err := m.Answer(s.Slug, q.ID, text); err != nil {
					t.Fatalf("%s %s: %v", step.ID, q.ID, err)
				}
			}
		}
		if r, err = m.Next(s.Slug); err != nil {
			return err
		}
		if step.ID == stopAfter {
			return nil
		}
	}
	return nil
}

// TestDemoArtifactsGolden runs the demo's answers through a real repository
// and checks every artifact: byte for byte against testdata/artifacts, the
// machine formats with real parsers, the markdown with goldmark.
func TestDemoArtifactsGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("whole demo: skipped with -short")
	}
	s := loadScript(t)
	m, dir := newDemoMachine(t)
	if err := drive(t, m, s, ""); err != nil {
		t.Fatal(err)
	}
	ready, err := m.Check(s.Slug)
	if err != nil {
		t.Fatal(err)
	}
	if !ready.Ready {
		t.Fatalf("complete demo analysis is not ready: missing %v, markers %v", ready.Missing, ready.Clarifications)
	}
	item := filepath.Join(dir, "docs", "requirements", s.Slug)
	got := map[string][]byte{}
	entries, err := os.ReadDir(item)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() || e.Name() == "meta.json" {
			continue
		}
		got[e.Name()], _ = os.ReadFile(filepath.Join(item, e.Name()))
	}
	got["nfr-matrix.md"], err = os.ReadFile(filepath.Join(dir, "docs", "common", "nfr-matrix.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"quick-scan.md", "requirements-spec.md", "user-stories.json", "traceability-matrix.csv",
		"impact-analysis.md", "architecture-overview.md", "tech-stack-decision.md", "adr-0001-architecture-approach.md",
		"module-design-invoices-export.md", "interface-spec.yaml", "data-flow.md", "error-taxonomy.md", "design-review.md"} {
		if got[want] == nil {
			t.Errorf("the demo produced no %s", want)
		}
	}
	golden := filepath.Join("testdata", "artifacts")
	if *update {
		_ = os.RemoveAll(golden)
		if err := os.MkdirAll(golden, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, data := range got {
		checkFormat(t, name, data)
		p := filepath.Join(golden, name)
		if *update {
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(p)
		if err != nil {
			t.Errorf("%s: no golden file (run go test -run TestDemoArtifactsGolden -update): %v", name, err)
			continue
		}
		if !bytes.Equal(want, data) {
			t.Errorf("%s differs from %s (run with -update after checking the change)", name, p)
		}
	}
	if !*update {
		goldens, _ := os.ReadDir(golden)
		for _, g := range goldens {
			if got[g.Name()] == nil {
				t.Errorf("golden %s was not produced", g.Name())
			}
		}
	}
}

// checkFormat parses one artifact with the parser its format calls for.
func checkFormat(t *testing.T, name string, data []byte) {
	t.Helper()
	switch path.Ext(name) {
	case ".json":
		checkStories(t, data)
	case ".csv":
		checkTrace(t, data)
	case ".yaml":
		var doc map[string]any
		if err := yaml.Unmarshal(data, &doc); err != nil || doc["operations"] == nil || doc["item"] == nil {
			t.Errorf("%s: not the expected YAML mapping (%v): %v", name, err, doc)
		}
	case ".md":
		checkMarkdown(t, name, data)
	}
}

var (
	usIDRe = regexp.MustCompile(`^US-\d{3}$`)
	frIDRe = regexp.MustCompile(`^(FR|NFR|CON)-\d{3}$`)
)

func checkStories(t *testing.T, data []byte) {
	var stories []map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&stories); err != nil || len(stories) == 0 {
		t.Fatalf("user-stories.json: %v (%d stories)", err, len(stories))
	}
	for _, s := range stories {
		for _, k := range []string{"id", "as_a", "i_want", "so_that", "acceptance_criteria", "priority", "linked_requirements"} {
			if _, ok := s[k]; !ok {
				t.Errorf("user-stories.json: story %v lacks %q", s["id"], k)
			}
		}
		if !usIDRe.MatchString(s["id"].(string)) || s["priority"] == "" {
			t.Errorf("user-stories.json: bad id or empty priority in %v", s)
		}
		for _, r := range s["linked_requirements"].([]any) {
			if !frIDRe.MatchString(r.(string)) {
				t.Errorf("user-stories.json: %v links %q", s["id"], r)
			}
		}
	}
}

func checkTrace(t *testing.T, data []byte) {
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatalf("traceability-matrix.csv: %v", err)
	}
	if strings.Join(rows[0], ",") != "Requirement,User Story,Priority,Status,Tasks" {
		t.Errorf("traceability-matrix.csv header = %v", rows[0])
	}
	seen := map[string]bool{}
	for _, r := range rows[1:] {
		seen[r[0]] = true
		if r[1] != "" && !usIDRe.MatchString(r[1]) || r[2] == "" {
			t.Errorf("traceability-matrix.csv: bad row %v", r)
		}
	}
	for i := 1; i <= 10; i++ {
		if id := "FR-0" + []string{"01", "02", "03", "04", "05", "06", "07", "08", "09", "10"}[i-1]; !seen[id] {
			t.Errorf("traceability-matrix.csv: no row for %s", id)
		}
	}
}

// checkMarkdown renders with goldmark (GFM) and checks the heading outline
// holds the template's required sections, in the template's order.
func checkMarkdown(t *testing.T, name string, data []byte) {
	body := data
	if bytes.HasPrefix(data, []byte("---\n")) {
		end := bytes.Index(data[4:], []byte("\n---\n"))
		if end < 0 {
			t.Fatalf("%s: unterminated front matter", name)
		}
		var fm map[string]any
		if err := yaml.Unmarshal(data[4:4+end], &fm); err != nil {
			t.Errorf("%s: front matter: %v", name, err)
		}
		if strings.HasPrefix(name, "adr-") && (fm["status"] != "accepted" || fm["date"] == nil) {
			t.Errorf("%s: MADR front matter needs status and date: %v", name, fm)
		}
		body = data[4+end+5:]
	}
	md := goldmark.New(goldmark.WithExtensions(extension.GFM))
	var out bytes.Buffer
	if err := md.Convert(body, &out); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	doc := md.Parser().Parse(text.NewReader(body))
	var outline []string
	h1 := 0
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := n.(*ast.Heading); ok && entering {
			if h.Level == 1 {
				h1++
			}
			outline = append(outline, steps.HeadingKey(string(h.Text(body))))
		}
		return ast.WalkContinue, nil
	})
	if h1 != 1 {
		t.Errorf("%s: %d top-level headings, want 1", name, h1)
	}
	tmpl := name
	switch {
	case name == artifacts.ModuleIndexFile:
		tmpl = "module-design-index.md"
	case strings.HasPrefix(name, "adr-"):
		tmpl = "adr.md"
	case strings.HasPrefix(name, "module-design-"):
		tmpl = "module-design.md"
	}
	at := 0
	for _, want := range artifacts.RequiredSections[tmpl] {
		found := false
		for at < len(outline) {
			at++
			if outline[at-1] == steps.HeadingKey(want) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("%s: heading %q missing or out of order in outline %v", name, want, outline)
			return
		}
	}
}

// A repository's override of an artifact template is used, and a broken one
// stops the step with an error naming the file; nothing is committed.
func TestArtifactTemplateOverride(t *testing.T) {
	s := loadScript(t)
	m, dir := newDemoMachine(t)
	over := filepath.Join(dir, ".rtgit", "templates", "artifacts", "requirements-spec.md")
	if err := os.MkdirAll(filepath.Dir(over), 0o755); err != nil {
		t.Fatal(err)
	}
	spec, _ := fs.ReadFile(templates.FS, "artifacts/requirements-spec.md")
	broken := strings.Replace(string(spec), "## 8. Glossary\n", "", 1)
	if err := os.WriteFile(over, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	err := drive(t, m, s, "01-01")
	if err == nil || !strings.Contains(err.Error(), ".rtgit/templates/artifacts/requirements-spec.md") || !strings.Contains(err.Error(), `"Glossary"`) {
		t.Fatalf("broken override: want an error naming the file and the heading, got %v", err)
	}
	if _, statErr := os.Stat(filepath.Join(dir, "docs", "requirements", s.Slug, "requirements-spec.md")); !os.IsNotExist(statErr) {
		t.Fatalf("a broken template still wrote the artifact: %v", statErr)
	}
	custom := strings.Replace(string(spec), "## 1. Project Overview\n", "Reviewed by the platform team before build.\n\n## 1. Project Overview\n", 1)
	if err := os.WriteFile(over, []byte(custom), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Next(s.Slug); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "docs", "requirements", s.Slug, "requirements-spec.md"))
	if err != nil || !strings.Contains(string(got), "Reviewed by the platform team before build.") || !strings.Contains(string(got), "<!-- rtgit:begin 01-01 problem-statement -->") {
		t.Fatalf("override not used (%v):\n%s", err, got)
	}
}
