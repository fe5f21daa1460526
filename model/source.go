package model

import (
	"slices"
	"strings"
)

// locate is where the first line match accepts, among the answers the
// named transform reads, was written: the step and question of its
// answer, the file and the file's line. With no such line it is the
// first of those answers, at line 0; with no such answer, the zero
// Source.
func (l answerList) locate(transform string, match func(line string) bool) Source {
	return l.locateAmong([]string{transform}, match)
}

// locateAmong is locate among the answers any of the named transforms
// read.
func (l answerList) locateAmong(transforms []string, match func(line string) bool) Source {
	first := Source{}
	for _, x := range l {
		if !slices.ContainsFunc(transforms, func(t string) bool { return transformIs(x, t) }) {
			continue
		}
		if first.Step == "" {
			first = Source{Step: x.Step, Question: x.Question, File: x.File}
		}
		if src, ok := x.locate(match); ok {
			return src
		}
	}
	return first
}

// locate is where in the answer the first line match accepts is.
func (x Answer) locate(match func(line string) bool) (Source, bool) {
	for i, l := range strings.Split(x.Text, "\n") {
		if l = strings.TrimSpace(bullet.ReplaceAllString(l, "")); l != "" && match(l) {
			src := Source{Step: x.Step, Question: x.Question, File: x.File}
			if x.Line > 0 {
				src.Line = x.Line + i
			}
			return src, true
		}
	}
	return Source{}, false
}

// at is where the answer starts.
func (x Answer) at() Source {
	return Source{Step: x.Step, Question: x.Question, File: x.File, Line: x.Line}
}

// startsWith matches a line that starts with id, as "FR-001: …" does.
func startsWith(id string) func(string) bool {
	return func(l string) bool { return strings.HasPrefix(l, id) }
}

// storyLine matches the line a story was read from.
func storyLine(s Story) func(string) bool {
	return func(l string) bool {
		if m := storyRe.FindStringSubmatch(l); m != nil {
			return strings.EqualFold(m[1], s.ID) || m[3] == s.IWant
		}
		return false
	}
}

// nfrLine matches the line an NFR was read from.
func nfrLine(n NFR) func(string) bool {
	return func(l string) bool {
		return strings.HasPrefix(l, n.ID) || (strings.Contains(l, n.Category) && strings.Contains(l, n.Target))
	}
}
