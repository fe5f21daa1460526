package roundtable

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/plan"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/stepfile"
)

// notKnownYet is what a known placeholder with no value renders as; an
// answer that keeps it confirms nothing.
const notKnownYet = "(not known yet)"

var listMarkerRe = lazyre.New(`^\s*(?:[-*+]|\d+[.)])\s+`)

// validate checks every question asked at the file's depth, and every
// answer kept from another depth (it counts too, so its rules hold), and
// returns one "path:line: reason" per problem. A missing answer block is
// damage, not an empty answer, so it is reported as such. Questions are
// quoted with their placeholders filled by lookup, as the answer file
// shows them.
func validate(rel string, s *steps.Step, f *answers.File, lookup func(string) (string, bool)) []string {
	var probs []string
	d := steps.Depth(f.Depth)
	for _, q := range append(append([]steps.Question{}, s.Questions(d)...), keptIn(s, f, d)...) {
		a, ok := f.Answer(q.ID)
		if !ok {
			probs = append(probs, fmt.Sprintf("%s: the answer block for `%s` is missing; restore its markers or run `rtgit depth` to re-render the file", rel, q.ID))
			continue
		}
		where := fmt.Sprintf("%s:%d", rel, a.Line)
		if !a.Answered {
			if !s.Optional(q.ID) {
				probs = append(probs, fmt.Sprintf("%s: `%s` is unanswered: %s", where, q.ID, stepfile.Expand(q.Text, lookup)))
			}
			continue
		}
		if q.ID == TasksQuestion {
			probs = append(probs, tasksSyntax(rel, a)...)
		}
		if s.NoneAllowed(q.ID) && steps.IsNone(a.Text) {
			continue // "None" is the whole answer; the list's format does not apply
		}
		for _, r := range s.RulesFor(q.ID) {
			if msg, at := checkRuleLine(r, a.Text); msg != "" {
				where := where
				if at >= 0 && a.TextLine > 0 {
					where = fmt.Sprintf("%s:%d", rel, a.TextLine+at) // the line itself
				}
				switch {
				case r.Hint != "":
					msg += " (" + r.Hint + ")"
				case r.Kind == "pattern" || r.Kind == "each_line":
					// A regular expression means nothing to most readers;
					// the rule's place in the step file says where to look.
					msg += fmt.Sprintf(" (see the rule at %s:%d)", s.Source, r.Line)
				}
				probs = append(probs, fmt.Sprintf("%s: `%s` %s", where, q.ID, msg))
			}
		}
	}
	if p := missingRequirements(rel, s, f); p != "" {
		probs = append(probs, p)
	}
	return probs
}

// answerLineRe finds a plan message's reference to another line of the
// answer ("the task on line 2").
var answerLineRe = lazyre.New(`\bon line (\d+)`)

// problemLineRe reads the "path:line:" a problem starts with.
var problemLineRe = lazyre.New(`^[^:]+:(\d+):`)

// byLine orders problems by their file line, those without one first,
// keeping the order of problems on the same line.
func byLine(probs []string) []string {
	line := func(p string) int {
		if m := problemLineRe.FindStringSubmatch(p); m != nil {
			n, _ := strconv.Atoi(m[1])
			return n
		}
		return 0
	}
	sort.SliceStable(probs, func(i, j int) bool { return line(probs[i]) < line(probs[j]) })
	return probs
}

// checkRule returns why text fails r, or "".
func checkRule(r steps.Rule, text string) string {
	msg, _ := checkRuleLine(r, text)
	return msg
}

// checkRuleLine is checkRule, and for a rule each line must keep, the
// index in text of the line that does not (-1 otherwise), so the problem
// is reported at that line of the file.
func checkRuleLine(r steps.Rule, text string) (string, int) {
	if r.Kind == "each_line" {
		return eachLine(r, text)
	}
	return checkWhole(r, text), -1
}

// checkWhole checks a rule about the answer as a whole.
func checkWhole(r steps.Rule, text string) string {
	switch r.Kind {
	case "min_words":
		if n := len(strings.Fields(text)); n < r.N {
			return fmt.Sprintf("needs at least %d words (has %d)", r.N, n)
		}
	case "max_words":
		if n := len(strings.Fields(text)); n > r.N {
			return fmt.Sprintf("must be at most %d words (has %d)", r.N, n)
		}
	case "one_of":
		if _, ok := stepfile.Choice(r.Args, text); ok {
			return ""
		}
		return fmt.Sprintf("must start with one of %s (a reason may follow it)", quoteList(r.Args))
	case "pattern":
		re, err := regexp.Compile(r.Args[0])
		if err == nil && !re.MatchString(strings.TrimSpace(text)) {
			return "is not in the form this question asks for"
		}
	case "filled":
		for _, tok := range append([]string{notKnownYet}, r.Args...) {
			if strings.Contains(text, tok) {
				return fmt.Sprintf("still has the placeholder %s: replace it with what you know, or say it is unknown", tok)
			}
		}
	}
	return ""
}

// eachLine checks that every line of text matches r's pattern. Prose a
// person writes before the first such line or after the last (an
// introduction, a closing remark) is a note the documents keep, not a
// line in the wrong form; a line between them is.
func eachLine(r steps.Rule, text string) (string, int) {
	re, err := regexp.Compile(r.Args[0])
	if err != nil {
		return "", -1
	}
	lines := strings.Split(text, "\n")
	first, last, firstText := -1, -1, -1
	for i, line := range lines {
		line = strings.TrimSpace(listMarkerRe.ReplaceAllString(line, ""))
		if line == "" {
			continue
		}
		if firstText < 0 {
			firstText = i
		}
		if re.MatchString(line) {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		if firstText < 0 {
			return "", -1
		}
		first, last = firstText, len(lines)-1
	}
	for i, l := range lines {
		line := strings.TrimSpace(listMarkerRe.ReplaceAllString(l, ""))
		if line == "" || re.MatchString(line) {
			continue
		}
		// Prose around the lines is a note; a line between them, or one
		// that opens with an id as the lines do ("NFR-001: …"), is an
		// entry written in the wrong form.
		if i >= first && i <= last || entryLineRe.MatchString(line) {
			return fmt.Sprintf("has a line not in the form this question asks for: %q", clip(line, 60)), i
		}
	}
	return "", -1
}

// entryLineRe is a line that starts with an id such as FR-001, AC-001-02
// or E-12 followed by a separator: an entry, never prose around entries.
var entryLineRe = lazyre.New(`^[A-Z][A-Z0-9]*-\d+(-\d+)*\s*[:.|]`)

// clip shortens s to n runes for a message.
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

func quoteList(vs []string) string {
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = fmt.Sprintf("%q", v)
	}
	return strings.Join(q, ", ")
}

// tasksSyntax checks a build plan answer's line format: each line it
// cannot read is a problem, at its line of the file (as rtgit check
// reports it) and by its line within the answer.
func tasksSyntax(rel string, a answers.Answer) []string {
	if strings.TrimSpace(a.Text) == notKnownYet {
		return nil
	}
	var probs []string
	_, err := plan.Parse(a.Text)
	var errs plan.Errors
	if errors.As(err, &errs) {
		for _, e := range errs {
			line := fileLine(a, e.Line)
			// File lines only: a line the message refers to is the
			// file's too.
			msg := answerLineRe.ReplaceAllStringFunc(e.Msg, func(m string) string {
				n, _ := strconv.Atoi(answerLineRe.FindStringSubmatch(m)[1])
				if a.TextLine > 0 {
					n = a.TextLine + n - 1
				}
				return fmt.Sprintf("on line %d", n)
			})
			probs = append(probs, fmt.Sprintf("%s:%d: `%s`: %s (docs/tasks.md has the line format)", rel, line, TasksQuestion, msg))
		}
	}
	return probs
}

// fileLine is the answer file's line of line n (1-based) of answer a's
// text; the answer's marker line when its text has no line of its own.
func fileLine(a answers.Answer, n int) int {
	if a.TextLine > 0 {
		return a.TextLine + n - 1
	}
	return a.Line
}
