package roundtable

import (
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/quickscan"
)

// A Phase 00 step in the seed's prose dialect asks for the same things as
// rtgit's own (the keywords to search, the estimate to confirm) under
// positional ids, q1, q2, … and confirm. Its answers feed the scan and the
// recorded estimate the way the named answers of rtgit's dialect do;
// otherwise the keywords the user listed would never be searched and a
// scope the user corrected would be recorded as "confirmed" at the scan's
// value.

var (
	keywordQuestionRe = lazyre.New(`(?i)\bkeywords?\b`)
	confidenceQRe     = lazyre.New(`(?i)\bconfidence\b`)
	scopeQRe          = lazyre.New(`(?i)\bscope\b`)
	complexityQRe     = lazyre.New(`(?i)\bcomplexity\b`)
	confidenceStateRe = lazyre.New(`(?i)\bconfidence\b\W*(?:level\W*)?(?:is\s+)?(low|medium|high)\b|\b(low|medium|high)\W+confidence\b`)
	leadingScopeRe    = lazyre.New(`(?i)^\W*(small|medium|large)\b`)
	leadingLevelRe    = lazyre.New(`(?i)^\W*(low|medium|high)\b`)
)

// keywordQuestion is the id of the question whose answer lists the
// keywords to search: `keywords` in rtgit's dialect; in the seed's, the
// first question that asks for keywords.
func keywordQuestion(s *steps.Step) string {
	if s.Dialect != steps.DialectSeed {
		return "keywords"
	}
	for _, q := range s.AllQuestions() {
		if q.ID != "confirm" && keywordQuestionRe.MatchString(q.Text) {
			return q.ID
		}
	}
	return "keywords"
}

// keywordList reads a keyword answer: a list as rtgit's dialect asks for
// it, or, when the answer is written as sentences, the keywords in them.
func keywordList(s *steps.Step, text string) []string {
	kw := quickscan.ParseList(text)
	if s.Dialect != steps.DialectSeed {
		return kw
	}
	for _, k := range kw {
		if len(strings.Fields(k)) > 3 {
			return quickscan.Keywords(text)
		}
	}
	return kw
}

// scanAnswers returns a Phase 00 step's answers under the ids the scan and
// the estimate read (keywords, estimate, scope, complexity, confidence).
// Answers of rtgit's dialect already use them; a seed-dialect step's are
// read by what each question asks, and every answer of the step is read as
// the estimate ("Final scope: large, about 40 files"). A named answer the
// step already has is never overridden.
func scanAnswers(s *steps.Step, answers map[string]string) map[string]string {
	if s.Dialect != steps.DialectSeed || len(answers) == 0 {
		return answers
	}
	out := map[string]string{}
	for k, v := range answers {
		out[k] = v
	}
	set := func(k, v string) {
		if strings.TrimSpace(out[k]) == "" && strings.TrimSpace(v) != "" {
			out[k] = v
		}
	}
	kq := keywordQuestion(s)
	if kw := keywordList(s, answers[kq]); len(kw) > 0 {
		set("keywords", strings.Join(kw, ", "))
	}
	var all []string
	for _, q := range s.AllQuestions() {
		a := strings.TrimSpace(answers[q.ID])
		if a == "" || q.ID == kq {
			continue
		}
		all = append(all, a)
		switch {
		case confidenceQRe.MatchString(q.Text):
			set("confidence", firstGroup(leadingLevelRe, a))
		case complexityQRe.MatchString(q.Text) && !scopeQRe.MatchString(q.Text):
			set("complexity", firstGroup(leadingLevelRe, a))
		case scopeQRe.MatchString(q.Text):
			set("scope", firstGroup(leadingScopeRe, a))
		}
	}
	est := strings.Join(all, "\n")
	set("estimate", est)
	set("confidence", firstGroup(confidenceStateRe, est))
	return out
}
