package stepfile

import (
	"path"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps"
)

// The seed dialect says where answers go in prose:
//
//	- Create or update `requirements-spec.md` in the artifact folder:
//	  - Section: "2. Stakeholders and Personas"
//	  - Content: One subsection per identified user type
//
// Backticked file names pick the output, "Section:" lines name sections of
// it, and Content/Include/Format lines describe what belongs there. The
// answers are spread over the named sections by what each question asks
// about; a declared output the instructions name no section of gets the
// answers in a section titled after the step, so no answer goes nowhere.

var (
	backtickRe    = lazyre.New("`([^`]+)`")
	sectionLineRe = lazyre.New(`(?i)^[\s*_>-]*sections?[\s*_]*(?::|–|—)[\s*_]*(.*)$`)
	inlineSecRe   = lazyre.New(`(?i)\bsections?[\s*_]*:?[\s*_]*["“']([^"”']+)["”']`)
	quotedRe      = lazyre.New(`["“]([^"”]+)["”]`)
	wordRe        = lazyre.New(`[\p{L}\p{N}]+`)
)

// seedTransforms are the structured writers for outputs that are not
// markdown, by file name.
var seedTransforms = map[string]string{
	"user-stories.json":       "user-stories",
	"traceability-matrix.csv": "traceability",
	"interface-spec.yaml":     "interface-spec",
	// The shared matrix under docs/common/ is one table for every item;
	// only its transform keeps other items' rows.
	"nfr-matrix.md": "nfr-matrix",
}

type seedTarget struct {
	output   string
	line     int
	sections []seedSection
}

type seedSection struct {
	title string
	hints []string
	line  int
}

// seedMappings reads the Artifacts instructions into mappings.
func (b *bodyParser) seedMappings() {
	s := b.step
	var targets []*seedTarget
	find := func(out string) *seedTarget {
		for _, t := range targets {
			if t.output == out {
				return t
			}
		}
		return nil
	}
	var cur *seedTarget
	for _, l := range b.seed.artifacts {
		for _, m := range backtickRe.FindAllStringSubmatch(l.text, -1) {
			name := strings.Trim(strings.TrimSpace(m[1]), `"'`)
			if path.Ext(name) == "" || strings.HasSuffix(name, "/") {
				continue
			}
			out := matchOutput(s.Outputs, name)
			if out == "" {
				b.add(l.line, steps.Info, "artifact instructions name %s, which is not in the step's outputs %v; nothing is written to it", name, s.Outputs)
				continue
			}
			if cur = find(out); cur == nil {
				cur = &seedTarget{output: out, line: l.line}
				targets = append(targets, cur)
			}
		}
		titles := sectionTitles(l.text)
		if len(titles) == 0 {
			if cur != nil && len(cur.sections) > 0 {
				last := &cur.sections[len(cur.sections)-1]
				last.hints = append(last.hints, l.text)
			}
			continue
		}
		if cur == nil {
			out := firstMarkdown(s.Outputs)
			if out == "" {
				continue
			}
			cur = &seedTarget{output: out, line: l.line}
			targets = append(targets, cur)
		}
		for _, t := range titles {
			cur.sections = append(cur.sections, seedSection{title: t, line: l.line})
		}
	}
	for _, o := range s.Outputs {
		if find(o) == nil {
			targets = append(targets, &seedTarget{output: o, line: b.firstLine})
		}
	}
	qs := s.AllQuestions()
	var maps []steps.Mapping
	for _, t := range targets {
		switch {
		case seedTransforms[path.Base(t.output)] != "" && (path.Ext(t.output) != ".md" || len(t.sections) == 0):
			maps = append(maps, steps.Mapping{Question: steps.AllAnswers, Output: t.output, Transform: seedTransforms[path.Base(t.output)], Line: t.line})
		case path.Ext(t.output) == ".md" && !strings.Contains(t.output, "*"):
			secs := t.sections
			if len(secs) == 0 {
				secs = []seedSection{{title: s.Title, line: t.line}}
			}
			maps = append(maps, b.spread(t.output, secs, qs)...)
		default:
			b.add(t.line, steps.Warning, "rtgit cannot write the answers into %s: it is not a markdown file and has no transform", t.output)
		}
	}
	s.Mappings = append(s.Mappings, maps...)
}

// spread maps each question to the section its words fit best, the Brief
// confirmation to every section, and gives a section no question fits the
// question that fits it best at each depth, so every named section says
// something.
func (b *bodyParser) spread(output string, secs []seedSection, qs []steps.Question) []steps.Mapping {
	s := b.step
	assigned := make([][]string, len(secs))
	has := func(i int, id string) bool { return contains(assigned[i], id) }
	for _, q := range qs {
		if q.ID == ConfirmID {
			for i := range secs {
				assigned[i] = append(assigned[i], q.ID)
			}
			continue
		}
		best, bestScore := 0, -1
		for i, sec := range secs {
			if sc := fit(q.Text, sec); sc > bestScore {
				best, bestScore = i, sc
			}
		}
		assigned[best] = append(assigned[best], q.ID)
	}
	for _, d := range []steps.Depth{steps.Standard, steps.Deep} {
		asked := s.Questions(d)
		for i, sec := range secs {
			covered := false
			for _, q := range asked {
				covered = covered || has(i, q.ID)
			}
			if covered || len(asked) == 0 {
				continue
			}
			best, bestScore := asked[0].ID, -1
			for _, q := range asked {
				if sc := fit(q.Text, sec); sc > bestScore {
					best, bestScore = q.ID, sc
				}
			}
			assigned[i] = append(assigned[i], best)
		}
	}
	var out []steps.Mapping
	for _, q := range qs {
		for i, sec := range secs {
			if has(i, q.ID) {
				out = append(out, steps.Mapping{Question: q.ID, Output: output, Section: sec.title, Transform: sectionTransform(output, sec.title), Line: sec.line})
			}
		}
	}
	return out
}

// exclusionRe is what a section of left-out things is called, and what a
// question asking about them says.
var exclusionRe = lazyre.New(`(?i)\bout[\s-]+of[\s-]+scope\b|\bnot in scope\b|\bexclu(?:ded|des?|sions?|ding)\b|\bnon-?goals?\b|\bwon'?t\b|\bwill not\b`)

// sectionNumberRe is the numbering in front of a section title: "6. ",
// "1.2 ".
var sectionNumberRe = lazyre.New(`^\d+(?:\.\d+)*\.?\s+`)

// sectionTransform is the structured writer for a named section whose
// answers rtgit reads as data: the functional requirements of the spec
// (FR-001 lines with their criteria), which the stories link to and the
// traceability matrix and the critic check. Answers in another shape are
// kept as written.
func sectionTransform(output, title string) string {
	t := strings.ToLower(strings.TrimSpace(sectionNumberRe.ReplaceAllString(strings.TrimSpace(title), "")))
	if path.Base(output) == "requirements-spec.md" && t == "functional requirements" {
		return "requirements"
	}
	return ""
}

// fit scores how well a question's words match a section's title and
// description.
func fit(question string, sec seedSection) int {
	if exclusionRe.MatchString(sec.title) && !exclusionRe.MatchString(question) {
		// A section of what is left out takes only questions about what is
		// left out: a capability filed there would read as its opposite.
		return -1
	}
	want := map[string]bool{}
	for _, w := range keyWords(sec.title + " " + strings.Join(sec.hints, " ")) {
		want[w] = true
	}
	score := 0
	for _, w := range keyWords(question) {
		if want[w] {
			score++
		}
	}
	return score
}

// keyWords lowercases text into its longer words, with a plural s dropped.
func keyWords(text string) []string {
	var out []string
	for _, w := range wordRe.FindAllString(strings.ToLower(text), -1) {
		if len(w) < 4 || stopWords[w] {
			continue
		}
		out = append(out, strings.TrimSuffix(w, "s"))
	}
	return out
}

var stopWords = map[string]bool{"what": true, "which": true, "where": true, "when": true, "there": true, "this": true,
	"that": true, "with": true, "from": true, "have": true, "does": true, "will": true, "your": true, "they": true,
	"each": true, "about": true, "into": true, "would": true, "should": true, "could": true, "their": true, "them": true,
	"these": true, "those": true, "than": true, "then": true, "format": true, "content": true, "include": true, "table": true,
	"column": true, "columns": true, "section": true, "update": true, "create": true, "file": true, "artifact": true, "folder": true}

// sectionTitles returns the section names a line of instructions gives.
func sectionTitles(line string) []string {
	if m := sectionLineRe.FindStringSubmatch(line); m != nil {
		rest := strings.TrimSpace(m[1])
		var out []string
		for _, q := range quotedRe.FindAllStringSubmatch(rest, -1) {
			if t := cleanTitle(q[1]); t != "" {
				out = append(out, t)
			}
		}
		if len(out) > 0 {
			return out
		}
		if t := cleanTitle(rest); t != "" && !strings.Contains(t, "`") {
			return []string{t}
		}
		return nil
	}
	var out []string
	for _, m := range inlineSecRe.FindAllStringSubmatch(line, -1) {
		if t := cleanTitle(m[1]); t != "" {
			out = append(out, t)
		}
	}
	return out
}

func cleanTitle(t string) string {
	t = strings.Trim(strings.TrimSpace(t), "*_\"'“”`:;,.")
	t = strings.TrimSpace(strings.TrimPrefix(t, "#"))
	return strings.Join(strings.Fields(t), " ")
}

// matchOutput finds the declared output a file name in the instructions
// refers to: the same name, the same base name, or for a family written
// with a placeholder ("module-design-{name}.md") an output it starts with.
func matchOutput(outputs []string, name string) string {
	base := path.Base(name)
	for _, o := range outputs {
		if o == name || o == base {
			return o
		}
	}
	if i := strings.IndexAny(base, "{*"); i > 0 {
		stem := strings.TrimRight(base[:i], "-_")
		for _, o := range outputs {
			os := strings.TrimSuffix(o, path.Ext(o))
			if strings.HasPrefix(os, stem) && path.Ext(o) == path.Ext(base) {
				return o
			}
		}
	}
	return ""
}

func firstMarkdown(outputs []string) string {
	for _, o := range outputs {
		if path.Ext(o) == ".md" && !strings.Contains(o, "*") {
			return o
		}
	}
	return ""
}
