package roundtable

import (
	"slices"
	"strings"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/critic"
)

// rtgit's own steps give the answers later steps build on under fixed
// names (01-06.requirements, 01-07.stories, …): the traceability matrix,
// the stories' priorities, the handoff and the critic read them by name. A
// step in the seed's prose dialect asks for the same things under
// positional ids; what it asks for is told by the transform its answers
// go through. refTransforms names those transforms, so the answers of a
// seed step are found under the same names.
var refTransforms = map[string][]string{
	"requirements": {"requirements"},
	"nfrs":         {"nfrs", "nfr-matrix"},
	"stories":      {"user-stories"},
	"priorities":   {"traceability"},
}

// refQuestions lists the questions of a seed-dialect step whose answers go
// through the transforms of name, in the step's order; nil for a step of
// rtgit's dialect, which names its answers itself.
func refQuestions(s *steps.Step, name string) []string {
	ts := refTransforms[name]
	if s.Dialect != steps.DialectSeed || ts == nil {
		return nil
	}
	var ids []string
	for _, q := range s.AllQuestions() {
		for _, m := range s.Mappings {
			if slices.Contains(ts, m.Transform) && (m.Question == q.ID || m.Question == steps.AllAnswers) && !slices.Contains(ids, q.ID) {
				ids = append(ids, q.ID)
			}
		}
	}
	return ids
}

// refAnswer joins the answers of f that a seed-dialect step gives under
// name, as the renderer joins the answers of one section.
func refAnswer(s *steps.Step, f *answers.File, name string) (string, bool) {
	ids := refQuestions(s, name)
	if len(ids) == 0 {
		return "", false
	}
	var parts []string
	for _, a := range f.Answers {
		if a.Answered && slices.Contains(ids, a.ID) {
			parts = append(parts, a.Text)
		}
	}
	return strings.Join(parts, "\n\n"), len(parts) > 0
}

// seedCriticAnswers gives the critic a seed-dialect step's answers under
// the names its rules read. Answers spread over several questions are
// joined with blank lines standing for the file lines between them, so
// every finding still names its own line.
func seedCriticAnswers(s *steps.Step, f *answers.File, rel string, lines [][]byte) []critic.Answer {
	var out []critic.Answer
	for _, name := range []string{"requirements", "nfrs", "stories", "priorities"} {
		if _, ok := f.Answer(name); ok {
			continue
		}
		ids := refQuestions(s, name)
		var b strings.Builder
		first, cur := 0, 0
		for _, a := range f.Answers {
			if !a.Answered || !slices.Contains(ids, a.ID) {
				continue
			}
			l := firstTextLine(lines, a.Line)
			if first == 0 {
				first, cur = l, l
			}
			for ; cur < l; cur++ {
				b.WriteString("\n")
			}
			b.WriteString(a.Text)
			cur += strings.Count(a.Text, "\n")
		}
		if first > 0 {
			out = append(out, critic.Answer{Ref: s.ID + "." + name, Path: rel, Line: first, Text: b.String()})
		}
	}
	return out
}

// joinSeedTransforms finds, in a seed-dialect step, the questions whose
// answers go through one transform into one section: a step that asks
// for the capabilities in one question and their acceptance criteria in
// the next. Their answers are read as one text, in the order asked, so a
// criterion finds its requirement. It returns the joined text by the index
// of each group's first mapping, and the indexes of the others.
func joinSeedTransforms(sa stepAnswers, asked map[string]steps.Question) (map[int]string, map[int]bool) {
	if sa.step.Dialect != steps.DialectSeed {
		return nil, nil
	}
	joined, skip := map[int]string{}, map[int]bool{}
	first := map[string]int{}
	for i, mp := range sa.step.Mappings {
		if _, ok := asked[mp.Question]; !ok || mp.Transform == "" || mp.Question == steps.AllAnswers {
			continue
		}
		k := mp.Output + "\x00" + mp.Section + "\x00" + mp.Transform
		j, ok := first[k]
		if !ok {
			first[k] = i
			continue
		}
		skip[i] = true
		prev, ok := joined[j]
		if !ok {
			prev = strings.TrimSpace(sa.answer[sa.step.Mappings[j].Question])
		}
		if a := strings.TrimSpace(sa.answer[mp.Question]); a != "" {
			prev = strings.TrimSpace(prev + "\n\n" + a)
		}
		joined[j] = prev
	}
	return joined, skip
}

// with returns sa with the answer to id replaced, leaving sa's own map
// as it was.
func (sa stepAnswers) with(id, text string) stepAnswers {
	m := make(map[string]string, len(sa.answer))
	for k, v := range sa.answer {
		m[k] = v
	}
	m[id] = text
	sa.answer = m
	return sa
}
