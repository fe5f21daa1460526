package stepfile

import (
	"fmt"
	"strings"

	"github.com/yuin/goldmark/ast"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps"
)

// ConfirmID is the id of the one question a prose Brief Mode becomes.
const ConfirmID = "confirm"

// seedState is what the seed dialect gathers while reading the body and
// turns into questions, rules and mappings once the whole file is read.
type seedState struct {
	next      map[*steps.Section]int // the number of the next question in a section
	lines     map[*steps.Section]int // file line of a section's first block
	artifacts []seedLine             // the Artifacts section, one entry per line of text
}

type seedLine struct {
	text string
	line int
}

// seedBlock reads one top-level block of a seed-dialect body.
func (b *bodyParser) seedBlock(n ast.Node, current string, sections map[string]*steps.Section, whole *steps.Section) {
	switch current {
	case secValidation, secCriteria:
		for _, l := range b.flatLines(n) {
			if t := strings.TrimSpace(l.text); t != "" {
				b.step.Criteria = append(b.step.Criteria, steps.Criterion{Text: t, Line: l.line})
			}
		}
		return
	case secArtifacts:
		b.seed.artifacts = append(b.seed.artifacts, b.flatLines(n)...)
		return
	case secElaboration:
		if n.Kind() == ast.KindList {
			b.eachItem(n, b.prompt)
		}
		return
	}
	sec := sections[current]
	if sec == nil {
		sec = &steps.Section{}
		sections[current] = sec
	}
	if b.seed.next == nil {
		b.seed.next, b.seed.lines = map[*steps.Section]int{}, map[*steps.Section]int{}
	}
	if _, ok := b.seed.lines[sec]; !ok {
		_, b.seed.lines[sec] = b.rawLines(n)
	}
	switch n.Kind() {
	case ast.KindList:
		for item := n.FirstChild(); item != nil; item = item.NextSibling() {
			text, line := b.itemText(item)
			if text == "" {
				continue
			}
			b.seed.next[sec]++
			q := steps.Question{ID: fmt.Sprintf("q%d", b.seed.next[sec]), Text: seedPlaceholders(text), Line: line}
			sec.Questions = append(sec.Questions, q)
			if sec != whole && !hasQuestion(whole.Questions, q.ID) {
				whole.Questions = append(whole.Questions, q)
			}
		}
	case ast.KindHeading, ast.KindThematicBreak:
	default:
		lines, _ := b.rawLines(n)
		p := seedPlaceholders(strings.TrimSpace(strings.Join(lines, "\n")))
		if p == "" {
			return
		}
		sec.Prose = append(sec.Prose, p)
		if sec != whole {
			whole.Prose = append(whole.Prose, p)
		}
	}
}

// itemText is a list item's text with its nested lists kept as indented
// "- " lines, and the item's file line.
func (b *bodyParser) itemText(item ast.Node) (string, int) {
	var parts []string
	first := 0
	for c := item.FirstChild(); c != nil; c = c.NextSibling() {
		if c.Kind() == ast.KindList {
			for sub := c.FirstChild(); sub != nil; sub = sub.NextSibling() {
				t, l := b.itemText(sub)
				if first == 0 {
					first = l
				}
				for i, line := range strings.Split(t, "\n") {
					if i == 0 {
						parts = append(parts, "  - "+line)
					} else {
						parts = append(parts, "  "+line)
					}
				}
			}
			continue
		}
		lines, l := b.rawLines(c)
		if first == 0 {
			first = l
		}
		for _, line := range lines {
			if t := strings.TrimSpace(line); t != "" {
				parts = append(parts, t)
			}
		}
	}
	return strings.Join(parts, "\n"), first
}

// flatLines lists every line of text in a block, list items and their
// nested items alike, each with its file line. The seed's validation
// criteria and artifact instructions are read line by line, whatever
// nesting the author chose.
func (b *bodyParser) flatLines(n ast.Node) []seedLine {
	var out []seedLine
	if n.Kind() == ast.KindList {
		for item := n.FirstChild(); item != nil; item = item.NextSibling() {
			for c := item.FirstChild(); c != nil; c = c.NextSibling() {
				out = append(out, b.flatLines(c)...)
			}
		}
		return out
	}
	if n.Kind() == ast.KindHeading || n.Kind() == ast.KindThematicBreak {
		return nil
	}
	segs := n.Lines()
	if segs.Len() == 0 && n.FirstChild() != nil {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if c.Type() == ast.TypeBlock {
				out = append(out, b.flatLines(c)...)
			}
		}
		return out
	}
	for i := 0; i < segs.Len(); i++ {
		seg := segs.At(i)
		out = append(out, seedLine{strings.TrimSpace(string(seg.Value(b.src))), b.line(seg.Start)})
	}
	return out
}

// seedFinish turns what the seed dialect collected into the step's
// questions, rules and mappings.
func (b *bodyParser) seedFinish() {
	s := b.step
	if br := s.Brief; br != nil && len(br.Questions) == 0 && len(br.Prose) > 0 {
		paras := append([]string{}, br.Prose...)
		paras[0] = stripSpeaker(paras[0])
		draft, ask, note := briefDraft(paras, paras[0] != br.Prose[0])
		if note != "" {
			ask = "The step file's brief: “" + note + "” " + ask
		}
		br.Questions = []steps.Question{{ID: ConfirmID, Text: ask, Draft: draft, Line: b.seed.lines[br]}}
		br.Prose = nil
	}
	// A Standard or Deep Mode written without a list asks the questions
	// in its paragraphs.
	for _, sec := range []*steps.Section{s.Standard, s.Deep} {
		if sec == nil || len(sec.Questions) > 0 {
			continue
		}
		var prose []string
		for _, p := range sec.Prose {
			if !strings.Contains(p, "?") {
				prose = append(prose, p)
				continue
			}
			sec.Questions = append(sec.Questions, steps.Question{ID: fmt.Sprintf("q%d", len(sec.Questions)+1), Text: stripSpeaker(p), Line: b.seed.lines[sec]})
		}
		sec.Prose = prose
	}
	for _, q := range s.AllQuestions() {
		if q.Draft != "" {
			s.Rules = append(s.Rules, steps.Rule{Question: q.ID, Kind: "filled", Line: q.Line})
		}
	}
	b.seedMappings()
	b.fillRuleArgs()
}

var speakerRe = lazyre.New(`^\s*(?:\*\*|__)?[A-Z][\p{L}'.-]*(?:\s+[A-Z][\p{L}'.-]*){0,3}(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*`)

// stripSpeaker drops a "Maya Chen:" label from the start of a draft: the
// answer file already says who is speaking, and the draft is the user's.
func stripSpeaker(p string) string {
	if loc := speakerRe.FindStringIndex(p); loc != nil && loc[1] < len(p) {
		return p[loc[1]:]
	}
	return p
}

// seedPlaceholderRe finds "{name}" placeholders of the seed's prose.
var seedPlaceholderRe = lazyre.New(`\{([^{}\n]{1,80})\}`)

// seedAliases names the values rtgit knows under the words seed files use
// for them. Anything else stays visible, braces and all, for the user to
// fill in.
var seedAliases = map[string]string{
	"description": "description", "feature description": "description", "item description": "description",
	"the description": "description", "request": "description", "summary": "description",
	"problem": "description", "problem statement": "description", "change": "description",
	"slug": "slug", "item slug": "slug", "item": "slug",
	"scope": "scope", "small/medium/large": "scope", "small / medium / large": "scope", "small|medium|large": "scope", "size": "scope",
	"complexity": "complexity", "low/medium/high": "complexity", "low / medium / high": "complexity", "low|medium|high": "complexity",
	"n": "file_count", "file count": "file_count", "file_count": "file_count", "number of files": "file_count", "n files": "file_count",
	"keywords": "keywords", "keyword list": "keywords", "key terms": "keywords",
	"files": "candidate_files", "file list": "candidate_files", "candidate files": "candidate_files",
	"candidate_files": "candidate_files", "affected files": "candidate_files", "key files": "candidate_files",
}

// SeedPlaceholder returns the rtgit placeholder a seed "{name}" stands
// for, or "" when rtgit knows no value for it.
func SeedPlaceholder(name string) string {
	n := strings.ToLower(strings.Join(strings.Fields(name), " "))
	if v, ok := seedAliases[n]; ok {
		return v
	}
	if refRe.MatchString(n) {
		return n
	}
	return ""
}

// bareCountRe and bareLevelRe are the seed's generic placeholders: "{N}"
// is any number and "{low/medium/high}" any level, so their words alone do
// not say which value they stand for.
var (
	bareCountRe = lazyre.New(`^(?i:n)$`)
	bareLevelRe = lazyre.New(`^(?i:low\s*[/|]\s*medium\s*[/|]\s*high)$`)
	filesNextRe = lazyre.New(`^\s+(?i:files?)\b`)
	levelNextRe = lazyre.New(`^\s+(?i:complexity)\b`)
	levelPrevRe = lazyre.New(`(?i:\bcomplexity)\W{0,3}$`)
	// reachRe marks a count of the files a change reaches rather than
	// edits ("Transitive impact: {N} files"), which the scan does not know.
	reachRe = lazyre.New(`(?i)\b(?:transitive|indirect|downstream)`)
)

// clauseBefore and clauseAfter are the words around a placeholder up to
// the nearest other placeholder or punctuation, so "Transitive impact:"
// speaks for the {N} it labels and not for the sentence before it.
func clauseBefore(s string) string {
	if i := strings.LastIndexAny(s, ".?!;,}"); i >= 0 {
		return s[i+1:]
	}
	return s
}

func clauseAfter(s string) string {
	if i := strings.IndexAny(s, ".?!;,{"); i >= 0 {
		return s[:i]
	}
	return s
}

// fitsContext reports whether a generic placeholder stands for name where
// it is written: "{N} files" is the quick scan's file count, "{N} modules",
// "FR-{N}" or "Transitive impact: {N} files" is not; "{low/medium/high}
// complexity" is the complexity, "Confidence: {low/medium/high}" or "risk
// level {low/medium/high}" is not.
// A placeholder rtgit cannot tell stays visible for the person answering:
// a wrong value filled in would read as something the user said.
func fitsContext(raw, name, before, after string) bool {
	raw = strings.TrimSpace(raw)
	switch {
	case name == "file_count" && bareCountRe.MatchString(raw):
		return filesNextRe.MatchString(after) && !reachRe.MatchString(clauseBefore(before)) && !reachRe.MatchString(clauseAfter(after))
	case name == "complexity" && bareLevelRe.MatchString(raw):
		return levelNextRe.MatchString(after) || levelPrevRe.MatchString(before)
	}
	return true
}

// seedPlaceholders rewrites the "{name}" placeholders rtgit can fill as
// "{{name}}", and leaves the rest as they are.
func seedPlaceholders(s string) string {
	var b strings.Builder
	last := 0
	for _, m := range seedPlaceholderRe.FindAllStringSubmatchIndex(s, -1) {
		start, end := m[0], m[1]
		if (start > 0 && s[start-1] == '{') || (end < len(s) && s[end] == '}') {
			continue
		}
		name := SeedPlaceholder(s[m[2]:m[3]])
		if name == "" || !fitsContext(s[m[2]:m[3]], name, s[:start], s[end:]) {
			continue
		}
		b.WriteString(s[last:start])
		b.WriteString("{{" + name + "}}")
		last = end
	}
	b.WriteString(s[last:])
	return b.String()
}

// Leftovers lists the "{placeholder}" tokens of a draft that rtgit could
// not fill, which an answer must not keep.
func Leftovers(draft string) []string {
	var out []string
	for _, m := range seedPlaceholderRe.FindAllStringSubmatchIndex(draft, -1) {
		start, end := m[0], m[1]
		if (start > 0 && draft[start-1] == '{') || (end < len(draft) && draft[end] == '}') {
			continue
		}
		tok := draft[start:end]
		if !contains(out, tok) {
			out = append(out, tok)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// fillRuleArgs gives every `filled` rule without arguments the leftover
// placeholders of its question's draft.
func (b *bodyParser) fillRuleArgs() {
	s := b.step
	for i, r := range s.Rules {
		if r.Kind != "filled" || len(r.Args) > 0 {
			continue
		}
		for _, q := range s.AllQuestions() {
			if q.ID == r.Question {
				s.Rules[i].Args = Leftovers(q.Draft)
			}
		}
	}
}

// criteria reads rtgit's ## Criteria section: one prose criterion per list
// item (or paragraph), the strict form of the seed's prose Validation.
func (b *bodyParser) criteria(n ast.Node) {
	for _, l := range b.flatLines(n) {
		if t := strings.TrimSpace(l.text); t != "" {
			b.step.Criteria = append(b.step.Criteria, steps.Criterion{Text: t, Line: l.line})
		}
	}
}
