package plan

import (
	"slices"
	"strings"
	"sync"

	"github.com/rtgit/rtgit/model"
)

// saying is what one answer text says of the plan, read a sentence at a
// time.
type saying struct {
	testFirst, changelogElsewhere, docsElsewhere bool
}

// says reports whether any answer says what pick reads. Each text is read
// once (sayingOf), however many plans are derived from it.
func (d *deriver) says(pick func(saying) bool) bool {
	for _, t := range d.answers() {
		if t != "" && pick(sayingOf(t)) {
			return true
		}
	}
	return false
}

var sayingMemo struct {
	mu sync.Mutex
	m  map[string]saying
}

func sayingOf(text string) saying {
	sayingMemo.mu.Lock()
	v, ok := sayingMemo.m[text]
	sayingMemo.mu.Unlock()
	if ok {
		return v
	}
	// A text that names no test orders nothing; one that names no doc,
	// changelog or release rules nothing out.
	lower := strings.ToLower(text)
	tests := strings.Contains(lower, "test") || strings.Contains(lower, "spec") || strings.Contains(lower, "tdd")
	others := false
	for _, w := range []string{"doc", "readme", "user guide", "changelog", "change log", "changes file", "release notes", "news entry", "history file"} {
		others = others || strings.Contains(lower, w)
	}
	if tests || others {
		v.testFirst = tests && testFirst.MatchString(text)
		for _, s := range sentences(text) {
			v.testFirst = v.testFirst || tests && saysTestFirst(s)
			v.changelogElsewhere = v.changelogElsewhere || others && model.SaysChangelogElsewhere(s)
			v.docsElsewhere = v.docsElsewhere || others && model.SaysDocsElsewhere(s)
		}
	}
	sayingMemo.mu.Lock()
	if sayingMemo.m == nil || len(sayingMemo.m) >= sentenceMemoSize {
		sayingMemo.m = make(map[string]saying, sentenceMemoSize)
	}
	sayingMemo.m[text] = v
	sayingMemo.mu.Unlock()
	return v
}

// ruleOut drops what the answers rule out, and joins what is one piece of
// work: a file they say stays as it is leaves every task, a task left
// with neither files nor traces that had files goes, and of two tasks
// with the same files and the same traces only the first stays (two code
// tasks keep both titles). Tasks of one kind on the same files, waiting
// on the same open questions, are one task, as people plan them (the
// tests in a test file, the change to a source file): it keeps both
// titles and traces both. Verification tasks without files are one task
// when they trace the same ids.
func (d *deriver) ruleOut() {
	var kept []*draft
	for _, t := range d.tasks {
		had := len(t.Files) > 0
		t.Files = slices.DeleteFunc(t.Files, func(f string) bool { return slices.Contains(d.src.ReadOnly, f) })
		if had && len(t.Files) == 0 && len(t.Traces) == 0 {
			continue
		}
		if o := sameAs(kept, t); o != nil {
			if o.Kind == KindCode && t.Kind == KindCode && o.module != nil && t.module != nil {
				join(o, t)
			}
			continue
		}
		if o := d.sameWork(kept, t); o != nil {
			join(o, t)
			continue
		}
		kept = append(kept, t)
	}
	d.tasks = kept
}

// sameWork is the task of kept that t is part of, if any.
func (d *deriver) sameWork(kept []*draft, t *draft) *draft {
	files := sortedKey(t.Files)
	for _, o := range kept {
		if o.Kind != t.Kind {
			continue
		}
		switch {
		case len(t.Files) > 0 && sortedKey(o.Files) == files && slices.Equal(d.questionsOf(o), d.questionsOf(t)):
			return o
		case t.Kind == KindVerify && len(t.Files) == 0 && len(o.Files) == 0 && len(t.Traces) > 0 && sortedKey(o.Traces) == sortedKey(t.Traces):
			return o
		}
	}
	return nil
}

// join makes o the task of t's work as well: titles, traces, files and
// what the dependency rules read. Two titles that start alike ("Tests
// for FR-001 …", "Tests for FR-002 …") share the start.
func join(o, t *draft) {
	title := t.Title
	for _, p := range []string{"Tests for ", "Contract tests for ", "Update ", "Verify "} {
		if strings.HasPrefix(o.Title, p) && strings.HasPrefix(title, p) {
			title = strings.TrimPrefix(title, p)
			break
		}
	}
	o.Title += "; " + title
	o.Traces = dedupe(append(o.Traces, t.Traces...))
	for _, f := range t.Files {
		if !slices.Contains(o.Files, f) {
			o.Files = append(o.Files, f)
		}
	}
	o.frs = dedupe(append(o.frs, t.frs...))
	o.text += "\n" + t.text
	if o.module == nil {
		o.module = t.module
	}
	if t.module != nil && t.Kind == KindCode {
		t.module.task = o
	}
}

func sortedKey(xs []string) string {
	c := slices.Clone(xs)
	slices.Sort(c)
	return strings.Join(c, ",")
}

// sameAs is the task of kept with t's files and traces, if any.
func sameAs(kept []*draft, t *draft) *draft {
	key := func(x *draft) string { return sortedKey(x.Files) + "|" + sortedKey(x.Traces) }
	// Without files, the same traces do not make the same work: two
	// modules nobody has placed in a file yet are two tasks.
	k := key(t)
	for _, o := range kept {
		if key(o) == k && (len(t.Files) > 0 || o.Title == t.Title) {
			return o
		}
	}
	return nil
}
