package stepfile

import (
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps"
)

// ruleArity says how many arguments each rule takes, and of what kind.
var ruleArity = map[string]struct {
	min, max int
	numeric  bool
}{
	"required":  {0, 0, false},
	"optional":  {0, 0, false},
	"min_words": {1, 1, true},
	"max_words": {1, 1, true},
	"one_of":    {1, 64, false},
	"pattern":   {1, 1, false},
	"each_line": {1, 1, false},
	"filled":    {0, 64, false},
	"or_none":   {0, 0, false},
}

func (b *bodyParser) rule(id, rest string, extra []string, line int) {
	src := strings.TrimSpace(strings.Join(append([]string{rest}, extra...), " "))
	body, hint := splitHint(src)
	toks, err := tokenize(body)
	if err != nil {
		b.add(line, steps.Error, "rule for %q: %v", id, err)
		return
	}
	if len(toks) == 0 {
		b.add(line, steps.Error, "rule for %q names no rule", id)
		return
	}
	kind := toks[0]
	ar, ok := ruleArity[kind]
	if !ok {
		b.add(line, steps.Error, "unknown rule %q (known: required, optional, min_words, max_words, one_of, pattern, each_line, filled, or_none)", kind)
		return
	}
	args := toks[1:]
	if len(args) < ar.min || len(args) > ar.max {
		b.add(line, steps.Error, "rule %s takes %s", kind, arityText(ar.min, ar.max))
		return
	}
	r := steps.Rule{Question: id, Kind: kind, Args: args, Hint: hint, Line: line}
	if ar.numeric {
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 0 {
			b.add(line, steps.Error, "rule %s needs a whole number, got %q", kind, args[0])
			return
		}
		r.N = n
	}
	if kind == "pattern" || kind == "each_line" {
		if _, err := regexp.Compile(args[0]); err != nil {
			b.add(line, steps.Error, "rule %s: bad pattern: %v", kind, err)
			return
		}
	}
	b.step.Rules = append(b.step.Rules, r)
}

func arityText(min, max int) string {
	switch {
	case max == 0:
		return "no arguments"
	case min == max:
		return fmt.Sprintf("exactly %d argument", min)
	}
	return fmt.Sprintf("at least %d argument", min)
}

// splitHint cuts "rule args -- hint" at the first " -- " outside quotes.
func splitHint(s string) (string, string) {
	inQuote := false
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && inQuote:
			i++
		case s[i] == '"':
			inQuote = !inQuote
		case !inQuote && strings.HasPrefix(s[i:], " -- "):
			return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+4:])
		}
	}
	return s, ""
}

// tokenize splits rule text into bare words and Go-quoted strings.
func tokenize(s string) ([]string, error) {
	var out []string
	for {
		s = strings.TrimLeftFunc(s, unicode.IsSpace)
		if s == "" {
			return out, nil
		}
		if s[0] == '"' {
			q, err := strconv.QuotedPrefix(s)
			if err != nil {
				return nil, fmt.Errorf("unterminated or malformed string %s", truncate(s, 30))
			}
			v, _ := strconv.Unquote(q)
			out = append(out, v)
			s = s[len(q):]
			continue
		}
		end := strings.IndexFunc(s, unicode.IsSpace)
		if end < 0 {
			end = len(s)
		}
		out = append(out, s[:end])
		s = s[end:]
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

func (b *bodyParser) mapping(id, rest string, extra []string, line int) {
	src := strings.TrimSpace(strings.Join(append([]string{rest}, extra...), " "))
	m := mappingRe.FindStringSubmatch(src)
	if m == nil {
		b.add(line, steps.Error, "mapping for %q must read `%s` -> output.md#Section, or -> output as transform", id, id)
		return
	}
	mp := steps.Mapping{Question: id, Output: m[1], Section: strings.TrimSpace(m[2]), Transform: m[3], Line: line}
	b.step.Mappings = append(b.step.Mappings, mp)
}

func (b *bodyParser) prompt(id, rest string, extra []string, line int) {
	txt := strings.TrimSpace(strings.Join(append([]string{rest}, extra...), " "))
	if !personaKeyRe.MatchString(id) || txt == "" {
		b.add(line, steps.Error, "elaboration prompt must read `persona-key` prompt text")
		return
	}
	b.step.Elaboration = append(b.step.Elaboration, steps.Prompt{Persona: id, Text: txt, Line: line})
}

// check runs the rules that need the whole file: references between
// questions, rules, mappings, outputs and placeholders.
func (b *bodyParser) check() {
	s := b.step
	b.fillRuleArgs()
	known := map[string]bool{}
	for _, q := range s.AllQuestions() {
		known[q.ID] = true
	}
	if len(known) == 0 {
		b.add(b.firstLine, steps.Error, "the step asks no questions: add a list item like - `id` question text")
	}
	// The build plan's draft (the tasks question) and the affected files'
	// (affected_files) are confirmations of their own, asked at every depth, so
	// they do not count here.
	var brief []steps.Question
	if s.Brief != nil {
		for _, q := range s.Brief.Questions {
			if q.ID != "tasks" && q.ID != "affected_files" {
				brief = append(brief, q)
			}
		}
	}
	if len(brief) > 1 {
		b.add(brief[1].Line, steps.Warning, "Brief Mode should ask for one confirmation, not %d questions", len(brief))
	}
	for _, r := range s.Rules {
		if !known[r.Question] {
			b.add(r.Line, steps.Error, "rule %s names question %q, which the step does not ask", r.Kind, r.Question)
		}
	}
	outputs := map[string]bool{}
	for _, o := range s.Outputs {
		outputs[o] = true
	}
	mapped := map[string]bool{}
	for _, m := range s.Mappings {
		mapped[m.Question] = true
		switch {
		case m.Question == steps.AllAnswers:
			for id := range known {
				mapped[id] = true
			}
			if !outputs[m.Output] {
				b.add(m.Line, steps.Error, "mapping writes %q, which is not in the step's outputs %v", m.Output, s.Outputs)
			} else if m.Transform != "" && !knownTransform(m.Transform) {
				b.add(m.Line, steps.Error, "unknown transform %q (known: %s)", m.Transform, strings.Join(KnownTransforms, ", "))
			} else if m.Transform == "" && (path.Ext(m.Output) != ".md" || m.Section == "") {
				b.add(m.Line, steps.Error, "mapping of every answer to %q needs a #Section of a markdown output, or a transform", m.Output)
			}
		case !known[m.Question]:
			b.add(m.Line, steps.Error, "mapping names question %q, which the step does not ask", m.Question)
		case !outputs[m.Output]:
			b.add(m.Line, steps.Error, "mapping writes %q, which is not in the step's outputs %v", m.Output, s.Outputs)
		case m.Transform != "" && !knownTransform(m.Transform):
			b.add(m.Line, steps.Error, "unknown transform %q (known: %s)", m.Transform, strings.Join(KnownTransforms, ", "))
		case m.Transform == "" && path.Ext(m.Output) != ".md":
			b.add(m.Line, steps.Error, "%q is not markdown: name a transform with `as <transform>`", m.Output)
		case m.Transform == "" && m.Section == "":
			b.add(m.Line, steps.Error, "mapping to %q needs a #Section", m.Output)
		case m.Transform == "" && strings.Contains(m.Output, "*"):
			b.add(m.Line, steps.Error, "%q names a family of files: name a transform with `as <transform>`", m.Output)
		}
	}
	if len(s.Mappings) == 0 {
		b.add(b.firstLine, steps.Warning, "no ## Artifacts mappings: answers will not reach any artifact")
	}
	for _, q := range s.AllQuestions() {
		if !mapped[q.ID] && len(s.Mappings) > 0 {
			b.add(q.Line, steps.Warning, "question %q is not mapped to any artifact", q.ID)
		}
		b.checkPlaceholders(q.Line, q.Draft)
	}
	for _, sec := range []*steps.Section{s.Brief, s.Standard, s.Deep} {
		if sec != nil {
			for _, p := range sec.Prose {
				b.checkPlaceholders(b.firstLine, p)
			}
		}
	}
}

func knownTransform(t string) bool {
	for _, k := range KnownTransforms {
		if k == t {
			return true
		}
	}
	return false
}

// PlaceholderNames are the values prose and drafts may interpolate, besides
// earlier answers written NN-NN.qid.
var PlaceholderNames = []string{"description", "slug", "scope", "complexity", "file_count", "file_range", "scope_record", "keywords", "candidate_files", "tasks", "affected_files"}

func (b *bodyParser) checkPlaceholders(line int, s string) {
	for _, name := range Placeholders(s) {
		if !validPlaceholder(name) {
			b.add(line, steps.Error, "unknown placeholder {{%s}} (known: %s, or NN-NN.question)", name, strings.Join(PlaceholderNames, ", "))
		}
	}
}

// Placeholders lists the {{name}} references in s.
func Placeholders(s string) []string {
	var out []string
	for _, m := range placeholdRe.FindAllStringSubmatch(s, -1) {
		if m[1] == "" {
			out = append(out, m[2])
		}
	}
	return out
}

// EscapeUnknownPlaceholders writes every {{name}} in s that is not a known
// placeholder as \{{name}}, which the strict dialect reads as literal text.
// A seed-dialect file's prose has no placeholders, so braces there are text.
func EscapeUnknownPlaceholders(s string) string {
	return placeholdRe.ReplaceAllStringFunc(s, func(m string) string {
		sub := placeholdRe.FindStringSubmatch(m)
		if sub[1] != "" || validPlaceholder(sub[2]) {
			return m
		}
		return `\` + m
	})
}

func validPlaceholder(name string) bool {
	for _, n := range PlaceholderNames {
		if n == name {
			return true
		}
	}
	return refRe.MatchString(name)
}

// SplitRef splits "01-02.users" into its step and question ids.
func SplitRef(name string) (step, question string, ok bool) {
	m := refRe.FindStringSubmatch(name)
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}

// countFilesRe is a count placeholder followed by the word "files", as step
// prose writes an estimate ("about {{file_count}} files").
var countFilesRe = lazyre.New(`\{\{\s*file_count\s*\}\}(\s+)files\b`)

// Expand replaces {{name}} placeholders using lookup; a name lookup does not
// know renders as "(not known yet)". A file count of one reads "1 file",
// not "1 files", whatever the step file's prose says.
func Expand(s string, lookup func(name string) (string, bool)) string {
	s = countFilesRe.ReplaceAllStringFunc(s, func(m string) string {
		if v, ok := lookup("file_count"); ok && strings.TrimSpace(v) == "1" {
			sp := countFilesRe.FindStringSubmatch(m)[1]
			return "1" + sp + "file"
		}
		return m
	})
	return placeholdRe.ReplaceAllStringFunc(s, func(m string) string {
		if strings.HasPrefix(m, `\`) {
			return m
		}
		name := strings.TrimSpace(m[2 : len(m)-2])
		if v, ok := lookup(name); ok && strings.TrimSpace(v) != "" {
			return v
		}
		return "(not known yet)"
	})
}

// Choice is the choice of values an answer makes: the whole answer, or
// its first words when a reason follows them ("Small. It is one setting",
// "low, since nothing else moves", "Medium -- two modules"). People give
// the word a question asks for and say why; the word is the value and the
// rest stays in the answer as written. It returns the value as the rule
// spells it, and false when the answer starts with none of them.
func Choice(values []string, text string) (string, bool) {
	t := strings.TrimSpace(text)
	t = strings.TrimLeft(t, "*_`")
	best := ""
	for _, v := range values {
		v = strings.TrimSpace(v)
		if len(v) <= len(best) || len(t) < len(v) || !strings.EqualFold(t[:len(v)], v) {
			continue
		}
		rest := strings.TrimLeft(t[len(v):], "*_`")
		if rest == "" || strings.IndexByte(".,;:!?(-–—\n", rest[0]) >= 0 || rest[0] == ' ' && choiceReason(rest) {
			best = v
		}
	}
	return best, best != ""
}

// choiceReason: what follows the word after a space reads as a reason or
// an aside ("small because …", "low -- …"), not as more of the value
// ("small to medium").
func choiceReason(rest string) bool {
	w := strings.ToLower(strings.TrimSpace(rest))
	for _, lead := range []string{"because", "since", "as ", "given", "but", "though", "although", "-", "–", "—", "(", "i think", "overall", "really", "in ", "for "} {
		if strings.HasPrefix(w, lead) {
			return true
		}
	}
	return false
}
