package export

import (
	"fmt"
	"strings"
	"text/template"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps/artifacts"
)

// FlagLabel marks a criterion exported as written.
const FlagLabel = "not written as Given/When/Then; exported as written"

// StatementFlagLabel marks a requirement statement that says neither
// shall nor must, kept as written.
const StatementFlagLabel = "the statement says neither shall nor must; kept as written"

var (
	shallRe = lazyre.New(`(?i)\bshall\b`)
	mustRe  = lazyre.New(`(?i)\bmust\b`)
)

// normative writes an RFC 2119 keyword the way the target tools look for
// it: "shall" as SHALL (or as MUST, spec-kit's word), "must" as MUST.
func normative(s, shall string) string {
	s = shallRe.ReplaceAllString(s, shall)
	return mustRe.ReplaceAllString(s, "MUST")
}

// hasNormative reports whether a statement says shall or must.
func hasNormative(s string) bool { return shallRe.MatchString(s) || mustRe.MatchString(s) }

func funcs(a *Analysis, flagged map[string]bool) template.FuncMap {
	return template.FuncMap{
		"inc":       func(i int) int { return i + 1 },
		"oneline":   func(s string) string { return strings.Join(strings.Fields(s), " ") },
		"shall":     func(s string) string { return normative(s, "SHALL") },
		"must":      func(s string) string { return normative(s, "MUST") },
		"normative": hasNormative,
		"indent": func(n int, s string) string {
			pad := strings.Repeat(" ", n)
			lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
			for i, l := range lines {
				if l != "" {
					lines[i] = pad + l
				}
			}
			return strings.Join(lines, "\n")
		},
		// flag records a criterion as exported as written and returns the
		// label; owner names it when it has no id of its own (a story's).
		"flag": func(c model.Criterion, owner string) string {
			id := c.ID
			if id == "" {
				id = owner + ": " + c.Text
			}
			flagged[id] = true
			return FlagLabel
		},
		// flagStatement records a requirement whose statement says neither
		// shall nor must: OpenSpec and Kiro need the keyword, so the
		// statement is kept as written and followed by a fixed line.
		"flagStatement": func(id string) string {
			flagged[id] = true
			return StatementFlagLabel
		},
		"upper":         strings.ToUpper,
		"sentences":     sentences,
		"specKitPhases": func() []TaskGroup { return a.specKitPhases() },
		"usN": func(id string) string {
			return "US" + strings.TrimLeft(strings.TrimPrefix(id, "US-"), "0")
		},
		"article":    func(role string) string { return artifacts.Article(role) + " " + role },
		"storyTitle": artifacts.StoryTitle,
		"componentDiagram": func() string {
			return strings.TrimSpace(artifacts.ComponentDiagram(a.Components, a.Connections))
		},
		"section": func(m model.Module, name string) []string { return m.Sections[name] },
		"criteriaCount": func() int {
			n := 0
			for _, r := range a.Requirements {
				n += len(r.Criteria)
			}
			return n
		},
		"describe":   describe,
		"option":     option,
		"lines":      lines,
		"taskGroups": func() []TaskGroup { return a.TaskGroups() },
		"gwt":        gwtInline,
		"ears":       ears,
		"join":       strings.Join,
		"why":        func() string { return whyText(a) },
		"skipsSpecs": func() bool { return skipsSpecs(a) },
		"driversInWhy": func() bool {
			return a.Drivers != "" && len(whyText(a)) > len(strings.TrimSpace(a.Problem))
		},
		"kiroRefs":   func(ids []string) string { return a.kiroRefs(ids) },
		"paragraphs": paragraphs,
		"code":       func(s string) string { return "`" + strings.ReplaceAll(s, "`", "") + "`" },
		"cell":       func(s string) string { return strings.ReplaceAll(strings.Join(strings.Fields(s), " "), "|", `\|`) },
		"priority":   func(s string) string { return orDefault(s, "not prioritised") },
		"plural": func(n int, one, many string) string {
			if n == 1 {
				return fmt.Sprintf("%d %s", n, one)
			}
			return fmt.Sprintf("%d %s", n, many)
		},
	}
}

func orDefault(s, d string) string {
	if strings.TrimSpace(s) == "" {
		return d
	}
	return s
}

// gwtInline writes a criterion's clauses on one line with their keywords
// in bold, as spec-kit's acceptance scenarios are written.
func gwtInline(c model.Criterion) string {
	var parts []string
	for _, s := range c.Steps {
		parts = append(parts, "**"+s.Keyword+"** "+s.Text)
	}
	return strings.Join(parts, ", ")
}

// ears writes a criterion as an EARS line: "WHEN <when> THEN the system
// SHALL <then>", preceded by "WHILE <given>" for its preconditions. A Then
// clause that already names the system's obligation ("the system shall …")
// keeps it; any other is what the system SHALL ensure.
func ears(c model.Criterion) string {
	given, when, then := c.Main()
	var b strings.Builder
	if len(given) > 0 {
		b.WriteString("WHILE " + strings.Join(given, " and ") + ", ")
	}
	b.WriteString("WHEN " + strings.Join(when, " and ") + " THEN ")
	t := strings.Join(then, " and ")
	if hasNormative(t) {
		b.WriteString(normative(t, "SHALL"))
	} else {
		b.WriteString("the system SHALL ensure that " + t)
	}
	return b.String()
}

// whyText is OpenSpec's Why: the problem statement, and the business
// drivers with it when both fit the validator's limit.
func whyText(a *Analysis) string {
	p := strings.TrimSpace(a.Problem)
	if both := join(p, a.Drivers); len(both) <= maxWhy {
		return both
	}
	return p
}

// paragraphs splits an answer into its paragraphs.
func paragraphs(s string) []string {
	var out []string
	for _, p := range strings.Split(strings.TrimSpace(s), "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Built lists the requirements that are part of what is built: all but
// those prioritised Won't Have.
func (a *Analysis) Built() []Requirement {
	var out []Requirement
	for _, r := range a.Requirements {
		if !r.Wont() {
			out = append(out, r)
		}
	}
	return out
}

// Wont lists the requirements prioritised Won't Have.
func (a *Analysis) Wont() []Requirement {
	var out []Requirement
	for _, r := range a.Requirements {
		if r.Wont() {
			out = append(out, r)
		}
	}
	return out
}

// kiroRefs turns FR and AC ids into Kiro's requirement numbers: FR-002 is
// "2" when it is the second requirement, AC-002-01 its first criterion,
// "2.1". Ids it cannot place are kept as they are.
func (a *Analysis) kiroRefs(ids []string) string {
	var out []string
	seen := map[string]bool{}
	for _, id := range ids {
		ref := ""
		for i, r := range a.Requirements {
			if r.ID == id {
				ref = fmt.Sprint(i + 1)
			}
			for j, c := range r.Criteria {
				if c.ID == id {
					ref = fmt.Sprintf("%d.%d", i+1, j+1)
				}
			}
		}
		if ref == "" && (strings.HasPrefix(id, "FR-") || strings.HasPrefix(id, "AC-")) {
			ref = id
		}
		if ref != "" && !seen[ref] {
			seen[ref] = true
			out = append(out, ref)
		}
	}
	return strings.Join(out, ", ")
}

// Story returns the user story with the given id.
func (a *Analysis) Story(id string) (Story, bool) {
	for _, s := range a.Stories {
		if s.ID == id {
			return s, true
		}
	}
	return Story{}, false
}

// StoryOf is the first story linking a requirement, for Kiro's "User
// Story:" line.
func (a *Analysis) StoryOf(r Requirement) *Story {
	for _, id := range r.Stories {
		if s, ok := a.Story(id); ok {
			return &s
		}
	}
	return nil
}

// option writes an option with the pros and cons its answer gave.
func option(o model.Option) string {
	s := o.Name()
	switch {
	case o.Pros != "" && o.Cons != "":
		s += " (" + o.Pros + ", but " + o.Cons + ")"
	case o.Pros != "":
		s += " (" + o.Pros + ")"
	case o.Cons != "":
		s += " (but " + o.Cons + ")"
	}
	return s
}

// lines splits an answer into its non-empty lines, list markers off; a
// paragraph numbered inline ("1. … 2. …") is one line per number, and any
// other paragraph is one line.
func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(inlineItemRe.ReplaceAllString(s, "$1\n$2"), "\n") {
		l = strings.TrimSpace(l)
		l = strings.TrimSpace(strings.TrimLeft(l, "-*"))
		if n := listNumRe.FindString(l); n != "" {
			l = strings.TrimSpace(l[len(n):])
		}
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

var (
	listNumRe = lazyre.New(`^\d+[.)]\s`)
	// inlineItemRe finds "2. " starting an item inside a sentence run:
	// after a sentence's end, so "version 2. " in prose is rare enough.
	inlineItemRe = lazyre.New(`([.;:])\s+(\d+[.)]\s)`)
)

// gherkinLineRe matches the starts of lines a Gherkin parser reads as
// something other than free text: tags, comments, tables, doc strings,
// steps and keyword lines.
var gherkinLineRe = lazyre.New(`^(?:[@#|*]|"""|` + "```" + `|(?:Given|When|Then|And|But)\s|(?:Feature|Rule|Background|Scenario|Scenario Outline|Scenario Template|Example|Examples|Scenarios)\s*:)`)

// describe writes free text as one Gherkin description line; a line that
// would read as a keyword, tag or step is quoted with "> ".
func describe(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if gherkinLineRe.MatchString(s) {
		s = "> " + s
	}
	return s
}

var sentenceEndRe = lazyre.New(`([.!?])\s+([A-Z])`)

// sentences splits an answer into its list items, or a paragraph into its
// sentences: one success criterion each.
func sentences(s string) []string {
	var out []string
	for _, l := range lines(s) {
		l = sentenceEndRe.ReplaceAllString(l, "$1\n$2")
		for _, x := range strings.Split(l, "\n") {
			if x = strings.TrimSpace(x); x != "" {
				out = append(out, x)
			}
		}
	}
	return out
}

// join puts two texts one paragraph apart, either alone when the other is
// empty.
func join(a, b string) string {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "\n\n" + b
}
