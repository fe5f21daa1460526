package artifacts

import (
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/model"
)

// Input is what a structured transform knows about the answer it turns
// into artifact content.
type Input struct {
	Slug, Description string
	ItemDir           string // docs/requirements/<slug>
	StepID, StepTitle string
	Output            string // the declared output key
	OutputPath        string // where that key lives
	Section           string // the mapping's #Section; "" for whole-file transforms
	Question          string
	QuestionText      string
	Answer            string // "" when unanswered
	// Model is what the model read of Answer and of the earlier answers
	// the transform builds on (model.ReadTransform): renderers write it
	// and read no answer text for structure.
	Model model.Reading
	// Read returns a file's current content (nil when absent).
	Read func(path string) ([]byte, error)
	// List returns the file names directly inside dir, including files
	// staged earlier in the same run.
	List func(dir string) ([]string, error)
	// Lookup resolves placeholders such as "01-06.requirements".
	Lookup func(name string) (string, bool)
	// Ask returns the question text behind "NN-NN.qid", for clarification
	// markers about answers a transform depends on.
	Ask func(ref string) string
	// Source returns where the answer "NN-NN.qid" came from when it was
	// not a person's own words: the meta.json record of a model's draft a
	// person confirmed ("ai-draft, confirmed by @login"); "" otherwise.
	// nil means every answer is a person's.
	Source func(ref string) string
	// Approved reports whether the sign-off area that owns the output is
	// approved now; the traceability matrix's Status says "Approved"
	// then, and "Draft" before. nil means not approved.
	Approved func() bool
	Now      time.Time
}

// File is one whole file a transform writes (JSON, CSV, YAML).
type File struct {
	Path string
	Data []byte
}

// Fill is one section of a markdown file a transform writes inside the
// step's markers. A file that does not exist yet starts from Template.
type Fill struct {
	Path     string
	Template string            // skeleton name under artifacts/, e.g. "adr.md"
	Vars     map[string]string // extra skeleton placeholders, e.g. title
	Section  string
	Body     string
	// Key names the marker block; "" is the step's own block for the
	// section. A fixed key lets a later step refresh a generated block.
	Key string
}

// Result is everything one transform writes.
type Result struct {
	Files []File
	Fills []Fill
}

// Transform turns one answer into artifact content.
type Transform func(Input) (Result, error)

// Transforms are the structured writers step files may name with `as`.
// A mapping with a #Section formats that section; one without writes files.
var Transforms = map[string]Transform{
	"user-stories":   userStories,
	"traceability":   traceability,
	"nfr-matrix":     nfrMatrix,
	"nfrs":           nfrSection,
	"requirements":   requirementsSection,
	"glossary":       glossarySection,
	"blast-radius":   blastRadius,
	"options":        optionsSection,
	"adr":            adrs,
	"components":     componentsSection,
	"integration":    integrationSection,
	"module-design":  moduleDesigns,
	"interface-spec": interfaceSpec,
	"error-taxonomy": errorTaxonomy,
	"data-flow":      dataFlowSection,
	"design-review":  designReview,
	// The build plan's artifact, tasks.md, is written after every render
	// from all of the answers (package plan), so the mapping itself
	// writes nothing.
	"tasks": func(Input) (Result, error) { return Result{}, nil },
	// The files answer is the Directly Affected Files table, which the
	// roundtable writes with every step that touches the impact analysis.
	"affected-files": func(Input) (Result, error) { return Result{}, nil },
}

// TransformNames lists the registered transforms, sorted.
func TransformNames() []string {
	var out []string
	for k := range Transforms {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// section is the usual result of a section format: one fill of the
// mapping's own section.
func section(in Input, body string) Result {
	return Result{Fills: []Fill{{Path: in.OutputPath, Template: in.Output, Section: in.Section, Body: body}}}
}

// needsSection refuses a section format used without a #Section.
func needsSection(in Input, name string) error {
	if in.Section == "" {
		return fmt.Errorf("transform %s formats a markdown section: map it as %s#<Section> as %s", name, in.Output, name)
	}
	return nil
}

// dep returns an earlier answer this transform builds on, or a
// clarification marker asking for it.
func dep(in Input, ref string) (string, bool) {
	if v, ok := look(in, ref); ok {
		return v, true
	}
	q := ref
	if in.Ask != nil {
		if t := in.Ask(ref); t != "" {
			q = t
		}
	}
	return NeedsClarification(q), false
}

// indentOf counts leading spaces (a tab counts as four).
func indentOf(l string) int {
	n := 0
	for _, r := range l {
		switch r {
		case ' ':
			n++
		case '\t':
			n += 4
		default:
			return n
		}
	}
	return n
}

func uniq(in []string) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// cell escapes text for one markdown table cell.
func cell(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(s, "|", `\|`)
}

func fileSlug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	out := strings.Trim(b.String(), "-")
	if len(out) > 40 {
		out = strings.Trim(out[:40], "-")
	}
	if out == "" {
		out = "untitled"
	}
	return out
}

// mermaidID turns a component name into a node id Mermaid accepts: the
// name's ASCII letters and digits in CamelCase, readable in the source.
// When the name holds anything else (Chinese, Cyrillic, "C++"), those
// letters alone would make different components one node, so a short hash
// of the whole name follows: distinct per name, and the same on every run.
// The name itself is always the node's label.
func mermaidID(name string) string {
	var b strings.Builder
	up, lossy := true, false
	for _, r := range name {
		switch {
		case (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9'):
			if up && r >= 'a' && r <= 'z' {
				r -= 'a' - 'A'
			}
			b.WriteRune(r)
			up = false
		case r == ' ' || r == '-' || r == '_' || r == '.' || r == '/' || r == '\t':
			up = true
		default:
			up, lossy = true, true
		}
	}
	id := b.String()
	if lossy || id == "" {
		sum := sha1.Sum([]byte(name))
		id += "_" + hex.EncodeToString(sum[:4])
	}
	if id[0] == '_' || (id[0] >= '0' && id[0] <= '9') {
		return "N" + id
	}
	return id
}

// mermaidText makes a label safe inside a quoted Mermaid string. Mermaid
// reads a backtick after the quote as the start of a markdown string and
// ";" as the end of a statement, so those and the quote, the pipe and the
// angle brackets are written as Mermaid's entity codes: the diagram shows
// the person's words, character for character.
func mermaidText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	r := strings.NewReplacer(`"`, "#quot;", ";", "#59;", "`", "#96;", "|", "#124;", "<", "#lt;", ">", "#gt;", "#", "#35;")
	return r.Replace(s)
}

// nodeKey is what makes two mentions of a component the same node: its
// name without code spans or parenthesised asides, so "Application
// settings (`lib/application.js`)" and "Application settings" meet.
func nodeKey(name string) string { return strings.ToLower(nodeName(name)) }

// nodeName is the name a node id is made from: nodeKey's, in its case.
func nodeName(name string) string {
	s := nodeCodeRe.ReplaceAllString(name, " ")
	s = parenRe.ReplaceAllString(s, " ")
	if s = strings.Join(strings.Fields(s), " "); s == "" {
		return strings.TrimSpace(name)
	}
	return s
}

var (
	nodeCodeRe = lazyre.New("`[^`]*`")
	parenRe    = lazyre.New(`\([^()]*\)`)
)

// look resolves a placeholder, treating blank values as unknown.
func look(in Input, name string) (string, bool) {
	if in.Lookup == nil {
		return "", false
	}
	v, ok := in.Lookup(name)
	v = strings.TrimSpace(v)
	return v, ok && v != ""
}
